import { createReadStream } from 'node:fs';
import { readdir, readFile, rm, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DOCUMENT_ID } from '@ot/contracts/documents/document-links.ts';
import type { Config } from '../config.ts';
import { createPool } from '../db/pool.ts';
import type { Logger } from '../logger.ts';
import { dataDir } from '../repo-root.ts';
import type { DocumentRecord, DocumentStore } from './document-store.ts';
import { createPostgresDocumentStore } from './postgres-document-store.ts';

/**
 * Spec documents an earlier version kept as files (`<id>.pdf` with its record in `<id>.json`) are moved
 * into the store: each file is removed only once its document is stored, so a crash midway loses nothing
 * and the next start finishes the move without storing anything twice. Upload leftovers (`*.tmp`, never
 * kept documents) go too, then the folder, which nothing uses from then on. Answers how many were moved.
 */
export async function moveDiskDocuments(store: DocumentStore, dir: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let moved = 0;
  for (const name of names) {
    const id = name.slice(0, -'.json'.length);
    if (!name.endsWith('.json') || !DOCUMENT_ID.test(id) || !names.includes(`${id}.pdf`)) continue;
    if (!(await store.find(id))) {
      const record = JSON.parse(await readFile(join(dir, name), 'utf8')) as DocumentRecord;
      const incoming = await store.receive(id);
      try {
        await pipeline(createReadStream(join(dir, `${id}.pdf`)), incoming.stream);
        await incoming.keep({ ...record, id });
      } catch (error) {
        await incoming.discard();
        throw error;
      }
      moved++;
    }
    await rm(join(dir, `${id}.pdf`));
    await rm(join(dir, name));
  }
  for (const name of names.filter((entry) => entry.endsWith('.tmp'))) await rm(join(dir, name), { force: true });
  await rmdir(dir).catch(() => {}); // kept when something else is in it: that is not ours to remove
  return moved;
}

/** At start, as the owner: the configured folder (else `.data/documents`) moved into the database. */
export async function moveConfiguredDiskDocuments(
  ownerUrl: string,
  config: Pick<Config, 'DOCUMENT_STORE_DIR'>,
  logger: Logger,
): Promise<void> {
  const dir = config.DOCUMENT_STORE_DIR ?? join(dataDir, 'documents');
  const pool = createPool(ownerUrl, 2);
  try {
    const moved = await moveDiskDocuments(createPostgresDocumentStore(pool), dir);
    if (moved > 0) logger.info({ moved, from: dir }, 'spec documents moved from disk into the database');
  } finally {
    await pool.end();
  }
}
