import { createHmac, randomBytes } from 'node:crypto';
import type pg from 'pg';

/**
 * A signing key shared by every instance and process: derived from `SESSION_SECRET` when set, else one
 * random key per `name` kept in `auth.server_keys`, created by whichever asks first. Loaded once; a
 * database hiccup is not remembered.
 */
export function serverKey(pool: pg.Pool, name: string, secret?: string): () => Promise<Buffer> {
  let key: Promise<Buffer> | null = null;
  return () => {
    key ??= secret
      ? Promise.resolve(createHmac('sha256', secret).update(name).digest())
      : storedKey(pool, name).catch((error: unknown) => {
          key = null;
          throw error;
        });
    return key;
  };
}

async function storedKey(pool: pg.Pool, name: string): Promise<Buffer> {
  await pool.query(`insert into auth.server_keys (name, key) values ($1, $2) on conflict (name) do nothing`, [
    name,
    randomBytes(32),
  ]);
  const { rows } = await pool.query<{ key: Buffer }>('select key from auth.server_keys where name = $1', [name]);
  const found = rows[0]?.key;
  if (!found) throw new Error(`no ${name} key`);
  return found;
}
