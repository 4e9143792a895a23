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

  const remember = (id: string, wrapped: Buffer | null): Buffer | null => {
    const key = wrapped ? unwrapKey(master, id, wrapped) : null;
    keys.set(id, key);
    return key;
  };

  async function subjectOfDigest(digest: Buffer, create: boolean): Promise<Subject | null> {
    const cachedId = subjectsByDigest.get(digest.toString('hex'));
    const cachedKey = cachedId ? keys.get(cachedId) : undefined;
    if (cachedId && cachedKey) return { id: cachedId, key: cachedKey };
    const id = randomUUID();
    const sql = create
      ? `with made as (
           insert into privacy.data_keys (subject_id, email_digest, wrapped_key) values ($2, $1, $3)
           on conflict (email_digest) do nothing returning subject_id, wrapped_key)
         select subject_id, wrapped_key from made
         union all
         select subject_id, wrapped_key from privacy.data_keys where email_digest = $1 and wrapped_key is not null`
      : 'select subject_id, wrapped_key from privacy.data_keys where email_digest = $1 and wrapped_key is not null';
    const dataKey = newDataKey();
    const params = create ? [digest, id, wrapKey(master, id, dataKey)] : [digest];
    let { rows } = await pool.query<{ subject_id: string; wrapped_key: Buffer }>(sql, params);
    // Another process made it after this statement's snapshot was taken: it is there to read now.
    if (create && rows.length === 0) ({ rows } = await pool.query(sql, params));
    const row = rows[0];
    if (!row) return null;
    const key = remember(row.subject_id, row.wrapped_key);
    if (!key) return null;
    subjectsByDigest.set(digest.toString('hex'), row.subject_id);
    return { id: row.subject_id, key };
  }

  return {
    async subjectForEmail(email) {
      const subject = await subjectOfDigest(emailDigest(indexKey, email), true);
      if (!subject) throw new Error('no data key could be made for a customer');
      return subject;
    },
    async subjectsForEmails(emails) {
      const wanted = new Map<string, Buffer>();
      for (const email of emails) {
        const digest = emailDigest(indexKey, email);
        const hex = digest.toString('hex');
        const known = subjectsByDigest.get(hex);
        if (!(known && keys.get(known))) wanted.set(hex, digest);
      }
      if (wanted.size === 0) return;
      const digests = [...wanted.values()];
      const ids = digests.map(() => randomUUID());
      const wrapped = ids.map((id) => wrapKey(master, id, newDataKey()));
      const { rows } = await pool.query<{ subject_id: string; email_digest: Buffer; wrapped_key: Buffer }>(
        `with wanted as (select * from unnest($1::bytea[], $2::uuid[], $3::bytea[]) as w (digest, id, wrapped)),
              made as (insert into privacy.data_keys (subject_id, email_digest, wrapped_key)
                       select id, digest, wrapped from wanted on conflict (email_digest) do nothing
                       returning subject_id, email_digest, wrapped_key)
         select * from made
         union all
         select k.subject_id, k.email_digest, k.wrapped_key from privacy.data_keys k join wanted w on w.digest = k.email_digest
          where k.wrapped_key is not null`,
        [digests, ids, wrapped],
      );
      for (const row of rows) {
        if (remember(row.subject_id, row.wrapped_key))
          subjectsByDigest.set(row.email_digest.toString('hex'), row.subject_id);
      }
      // Any made by another process meanwhile are found one by one, as subjectForEmail finds them.
    },
    async findSubject(email) {
      return (await subjectOfDigest(emailDigest(indexKey, email), false))?.id ?? null;
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
      const found = new Map<string, Buffer | null>();
      const missing: string[] = [];
      for (const id of new Set(subjectIds)) {
        const key = keys.get(id);
        if (key === undefined) missing.push(id);
        else found.set(id, key);
      }
      if (missing.length > 0) {
        const { rows } = await pool.query<{ subject_id: string; wrapped_key: Buffer | null }>(
          'select subject_id, wrapped_key from privacy.data_keys where subject_id = any($1::uuid[])',
          [missing],
        );
        const wrapped = new Map(rows.map((row) => [row.subject_id, row.wrapped_key]));
        for (const id of missing) found.set(id, remember(id, wrapped.get(id) ?? null));
      }
      return found;
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
