import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM, one fresh 12-byte IV per value: `iv || ciphertext || tag`. The associated data binds a
 * sealed value to what it is about (a customer id), so a value moved to another customer fails to open.
 */
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const KEY_BYTES = 32;

/**
 * Random bytes for IVs and new data keys, drawn from the CSPRNG a few kilobytes at a time: a bulk import
 * makes three of them per customer, and asking the generator for 12 bytes each time cost more than the
 * cipher. Each byte is handed out once.
 */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let pooledAt = 0;
function freshBytes(count: number): Buffer {
  if (pooledAt + count > pool.length) {
    pool = randomBytes(POOL_BYTES);
    pooledAt = 0;
  }
  const bytes = Buffer.from(pool.subarray(pooledAt, pooledAt + count));
  pool.fill(0, pooledAt, pooledAt + count);
  pooledAt += count;
  return bytes;
}

export function seal(key: Buffer, plaintext: Buffer, associated: string): Buffer {
  const iv = freshBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(associated, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]);
}

/** The plaintext, or an error when the key, the associated data or a byte of the sealed value is wrong. */
export function open(key: Buffer, sealed: Buffer, associated: string): Buffer {
  if (sealed.length < IV_BYTES + TAG_BYTES) throw new Error('sealed value too short');
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(associated, 'utf8'));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
}

/** A new customer data key. */
export const newDataKey = (): Buffer => freshBytes(KEY_BYTES);

/** A data key wrapped by the master key, as the database keeps it (the master key never goes there). */
export const wrapKey = (master: Buffer, subjectId: string, dataKey: Buffer): Buffer =>
  seal(master, dataKey, `data-key:${subjectId}`);

export const unwrapKey = (master: Buffer, subjectId: string, wrapped: Buffer): Buffer =>
  open(master, wrapped, `data-key:${subjectId}`);

/** A key of its own for one purpose, derived from the master key (never the master key itself). */
export const derivedKey = (master: Buffer, purpose: string): Buffer =>
  createHmac('sha256', master).update(`order-tracker/${purpose}`).digest();

/** How an email is found among the keys without being stored: a keyed digest of its lowercased form. */
export const emailDigest = (indexKey: Buffer, email: string): Buffer =>
  createHmac('sha256', indexKey).update(email.trim().toLowerCase()).digest();
