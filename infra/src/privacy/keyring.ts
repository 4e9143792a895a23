import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { keepListening } from '../db/postgres-listener.ts';
import { recentlyUsed } from '../recently-used.ts';
import { derivedKey, emailDigest, newDataKey, unwrapKey, wrapKey } from './field-cipher.ts';

/** A customer as the encryption knows them: an id of their own and their data key. */
export interface Subject {
  id: string;
  key: Buffer;
}

/** Sent with a customer id when their key is destroyed: every process forgets it at once. */
export const KEYS_CHANNEL = 'privacy_keys';

export interface Keyring {
  /** The customer this email names, their data key made on first use. */
  subjectForEmail(email: string): Promise<Subject>;
  /** `subjectForEmail` for many at once, in one round trip: what a bulk import asks before it seals. */
  subjectsForEmails(emails: Iterable<string>): Promise<void>;
  /** The id of the customer this email names, without making one (null: none, or erased). */
  findSubject(email: string): Promise<string | null>;
  /** A customer known by no email (personal data in a stream that never named one). */
  newSubject(): Promise<Subject>;
  /** The data key of each customer; null once erased (or never known). */
  keysOf(subjectIds: Iterable<string>): Promise<Map<string, Buffer | null>>;
  /** Destroys a customer's data key inside `client`'s transaction; everything it encrypted reads as erased. */
  destroy(client: pg.ClientBase, subjectId: string): Promise<void>;
  /** Calls back whenever a key is forgotten here (destroyed by any process): what was opened with it is stale. */
  onForget(listener: () => void): void;
  close(): Promise<void>;
}

/** Unwrapped keys kept in memory: a read or an append decrypts without a round trip or an unwrap. */
const KEPT_KEYS = 20_000;

/** Makes a key for each digest that has none (one statement), and answers every digest's key row. */
const MAKE_KEYS = `
  with wanted as (select * from unnest($1::bytea[], $2::uuid[], $3::bytea[]) as w (digest, id, wrapped)),
       made as (insert into privacy.data_keys (subject_id, email_digest, wrapped_key)
                select id, digest, wrapped from wanted on conflict (email_digest) do nothing
                returning subject_id, email_digest, wrapped_key)
  select * from made
  union all
  select k.subject_id, k.email_digest, k.wrapped_key from privacy.data_keys k join wanted w on w.digest = k.email_digest
   where k.wrapped_key is not null`;

interface KeyRow {
  subject_id: string;
  email_digest: Buffer;
  wrapped_key: Buffer | null;
}

/**
 * Data keys in `privacy.data_keys`, each wrapped by the master key; an email is found by its keyed
 * digest, never stored. `listen`: a long-running process hears destroyed keys (NOTIFY) on this pool and
 * forgets them.
 */
export function createKeyring(
  pool: Pick<pg.Pool, 'query'>,
  master: Buffer,
  options: { listen?: pg.Pool } = {},
): Keyring {
  const indexKey = derivedKey(master, 'email-index');
  const keys = recentlyUsed<string, Buffer | null>(KEPT_KEYS);
  const subjectsByDigest = recentlyUsed<string, string>(KEPT_KEYS);
  const forgotten = new Set<() => void>();
  const forget = (subjectId?: string) => {
    subjectsByDigest.clear();
    if (subjectId) keys.set(subjectId, null);
    else keys.clear();
    for (const listener of forgotten) listener();
  };
  const listener = options.listen ? keepListening(options.listen, KEYS_CHANNEL, forget) : null;

  const remember = (rows: readonly KeyRow[]) => {
    for (const row of rows) {
      const key = row.wrapped_key ? unwrapKey(master, row.subject_id, row.wrapped_key) : null;
      keys.set(row.subject_id, key);
      if (key && row.email_digest) subjectsByDigest.set(row.email_digest.toString('hex'), row.subject_id);
    }
  };
  const known = (digest: Buffer): Subject | null => {
    const id = subjectsByDigest.get(digest.toString('hex'));
    const key = id ? keys.get(id) : null;
    return id && key ? { id, key } : null;
  };
  /** Every digest's customer known here: looked up, or made, in one round trip for all that are not. */
  async function learn(digests: readonly Buffer[]): Promise<void> {
    const missing = [...new Map(digests.map((d) => [d.toString('hex'), d])).values()].filter((d) => !known(d));
    if (missing.length === 0) return;
    const ids = missing.map(() => randomUUID());
    const wrapped = ids.map((id) => wrapKey(master, id, newDataKey()));
    remember((await pool.query<KeyRow>(MAKE_KEYS, [missing, ids, wrapped])).rows);
  }

  return {
    async subjectForEmail(email) {
      const digest = emailDigest(indexKey, email);
      await learn([digest]);
      // Made by another process after that statement's snapshot: it is there to read now.
      if (!known(digest)) await learn([digest]);
      const subject = known(digest);
      if (!subject) throw new Error('no data key could be made for a customer');
      return subject;
    },
    subjectsForEmails: (emails) => learn([...emails].map((email) => emailDigest(indexKey, email))),
    async findSubject(email) {
      const digest = emailDigest(indexKey, email);
      const cached = known(digest);
      if (cached) return cached.id;
      const { rows } = await pool.query<KeyRow>(
        `select subject_id, email_digest, wrapped_key from privacy.data_keys
          where email_digest = $1 and wrapped_key is not null`,
        [digest],
      );
      remember(rows);
      return known(digest)?.id ?? null;
    },
    async newSubject() {
      const id = randomUUID();
      const key = newDataKey();
      await pool.query('insert into privacy.data_keys (subject_id, wrapped_key) values ($1, $2)', [
        id,
        wrapKey(master, id, key),
      ]);
      keys.set(id, key);
      return { id, key };
    },
    async keysOf(subjectIds) {
      const wanted = [...new Set(subjectIds)];
      const missing = wanted.filter((id) => keys.get(id) === undefined);
      if (missing.length > 0) {
        const { rows } = await pool.query<KeyRow>(
          'select subject_id, email_digest, wrapped_key from privacy.data_keys where subject_id = any($1::uuid[])',
          [missing],
        );
        remember(rows);
        // Never known here (a restored older backup, say): as good as erased.
        for (const id of missing) if (keys.get(id) === undefined) keys.set(id, null);
      }
      return new Map(wanted.map((id) => [id, keys.get(id) ?? null]));
    },
    async destroy(client, subjectId) {
      await client.query(
        `update privacy.data_keys set wrapped_key = null, email_digest = null, erased_at = coalesce(erased_at, now())
          where subject_id = $1`,
        [subjectId],
      );
      await client.query(`select pg_notify('${KEYS_CHANNEL}', $1)`, [subjectId]);
      forget(subjectId);
    },
    onForget: (listener) => void forgotten.add(listener),
    async close() {
      await listener?.close();
    },
  };
}
