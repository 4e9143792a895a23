import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { keepListening } from '../db/postgres-listener.ts';
import { type RecentlyUsed, recentlyUsed } from '../recently-used.ts';
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

/** What a keyring keeps in memory: unwrapped keys by customer id, and customer ids by email digest. */
interface KeyCache {
  master: Buffer;
  keys: RecentlyUsed<string, Buffer | null>;
  subjectsByDigest: RecentlyUsed<string, string>;
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
  const digestOf = (email: string) => emailDigest(indexKey, email);
  const cache: KeyCache = {
    master,
    keys: recentlyUsed<string, Buffer | null>(KEPT_KEYS),
    subjectsByDigest: recentlyUsed<string, string>(KEPT_KEYS),
  };
  const forgotten = new Set<() => void>();
  const forget = (subjectId?: string) => {
    cache.subjectsByDigest.clear();
    if (subjectId) cache.keys.set(subjectId, null);
    else cache.keys.clear();
    for (const listener of forgotten) listener();
  };
  const listener = options.listen ? keepListening(options.listen, KEYS_CHANNEL, forget) : null;

  return {
    async subjectForEmail(email) {
      const digest = digestOf(email);
      await learn(pool, cache, [digest]);
      // Made by another process after that statement's snapshot: it is there to read now.
      if (!known(cache, digest)) await learn(pool, cache, [digest]);
      const subject = known(cache, digest);
      if (!subject) throw new Error('no data key could be made for a customer');
      return subject;
    },
    subjectsForEmails: (emails) => learn(pool, cache, Array.from(emails, digestOf)),
    findSubject: (email) => findSubject(pool, cache, digestOf(email)),
    async newSubject() {
      const id = randomUUID();
      const key = newDataKey();
      await pool.query('insert into privacy.data_keys (subject_id, wrapped_key) values ($1, $2)', [
        id,
        wrapKey(master, id, key),
      ]);
      cache.keys.set(id, key);
      return { id, key };
    },
    keysOf: (subjectIds) => keysOf(pool, cache, subjectIds),
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

/** Keeps each row's key unwrapped (`made`: keys this process just made, kept as made), and its digest's customer. */
function remember(cache: KeyCache, rows: readonly KeyRow[], made?: ReadonlyMap<string, Buffer>): void {
  for (const row of rows) {
    const key = row.wrapped_key
      ? (made?.get(row.subject_id) ?? unwrapKey(cache.master, row.subject_id, row.wrapped_key))
      : null;
    cache.keys.set(row.subject_id, key);
    if (key && row.email_digest) cache.subjectsByDigest.set(row.email_digest.toString('hex'), row.subject_id);
  }
}

/** The customer of this digest with their key, if both are known here. */
function known(cache: KeyCache, digest: Buffer): Subject | null {
  const id = cache.subjectsByDigest.get(digest.toString('hex'));
  const key = id ? cache.keys.get(id) : null;
  return id && key ? { id, key } : null;
}

/** Every digest's customer known here: looked up, or made, in one round trip for all that are not. */
async function learn(pool: Pick<pg.Pool, 'query'>, cache: KeyCache, digests: readonly Buffer[]): Promise<void> {
  const missing = [...new Map(digests.map((d) => [d.toString('hex'), d])).values()].filter((d) => !known(cache, d));
  if (missing.length === 0) return;
  const made = new Map(missing.map(() => [randomUUID(), newDataKey()]));
  const ids = [...made.keys()];
  const wrapped = ids.map((id) => wrapKey(cache.master, id, made.get(id) as Buffer));
  remember(cache, (await pool.query<KeyRow>(MAKE_KEYS, [missing, ids, wrapped])).rows, made);
}

/** The id of the customer of this digest, looked up without making one (null: none, or erased). */
async function findSubject(pool: Pick<pg.Pool, 'query'>, cache: KeyCache, digest: Buffer): Promise<string | null> {
  const cached = known(cache, digest);
  if (cached) return cached.id;
  const { rows } = await pool.query<KeyRow>(
    `select subject_id, email_digest, wrapped_key from privacy.data_keys
      where email_digest = $1 and wrapped_key is not null`,
    [digest],
  );
  remember(cache, rows);
  return known(cache, digest)?.id ?? null;
}

/** Each customer's data key, those not kept here read in one round trip; null once erased. */
async function keysOf(
  pool: Pick<pg.Pool, 'query'>,
  cache: KeyCache,
  subjectIds: Iterable<string>,
): Promise<Map<string, Buffer | null>> {
  const wanted = [...new Set(subjectIds)];
  const missing = wanted.filter((id) => cache.keys.get(id) === undefined);
  if (missing.length > 0) {
    const { rows } = await pool.query<KeyRow>(
      'select subject_id, email_digest, wrapped_key from privacy.data_keys where subject_id = any($1::uuid[])',
      [missing],
    );
    remember(cache, rows);
    // Never known here (a restored older backup, say): as good as erased.
    for (const id of missing) if (cache.keys.get(id) === undefined) cache.keys.set(id, null);
  }
  return new Map(wanted.map((id) => [id, cache.keys.get(id) ?? null]));
}
