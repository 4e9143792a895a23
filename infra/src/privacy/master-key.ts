import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { dataDir } from '../repo-root.ts';
import { KEY_BYTES } from './field-cipher.ts';

/** Where the master key is made on first start when MASTER_KEY is unset (beside the database, never in it). */
export const masterKeyFile = join(dataDir, 'master.key');

/**
 * The master key that wraps every customer's data key: MASTER_KEY (64 hex characters or base64 of 32
 * bytes) when set, else the key in `file`, made on first start. It is never stored in the database, so a
 * dump or a backup of the database alone cannot read what it encrypts.
 */
export function loadMasterKey(configured: string | undefined, file = masterKeyFile): Buffer {
  if (configured) return parseMasterKey(configured);
  try {
    return parseMasterKey(readFileSync(file, 'utf8').trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  // Written aside and linked into place: of processes starting together, the first link wins and the
  // others read the key it made.
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${randomBytes(KEY_BYTES).toString('hex')}\n`, { mode: 0o600 });
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
  return parseMasterKey(readFileSync(file, 'utf8').trim());
}

export function parseMasterKey(text: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== KEY_BYTES) throw new Error('MASTER_KEY must be 32 bytes: 64 hex characters or base64');
  return key;
}
