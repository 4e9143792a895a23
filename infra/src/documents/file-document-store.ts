import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { DOCUMENT_ID } from '@ot/contracts/documents/document-links.ts';
import type { DocumentRecord, DocumentStore } from './document-store.ts';

/**
 * Documents as files: `<dir>/<id>.pdf` and `<id>.json` beside it. File names come only from ids
 * that match DOCUMENT_ID (never from what a user typed); each file is written under a temporary
 * name and renamed, so a crash never leaves half a document behind a valid id.
 */
export function createFileDocumentStore(dir: string): DocumentStore {
  const pathOf = (id: string, extension: 'pdf' | 'json') => {
    if (!DOCUMENT_ID.test(id)) throw new Error('invalid document id');
    return join(dir, `${id}.${extension}`);
  };
  const writeAtomically = async (path: string, data: Buffer | string) => {
    const temporary = `${path}.${process.pid}.tmp`;
    await writeFile(temporary, data, { mode: 0o600 });
    await rename(temporary, path);
  };

  async function find(id: string): Promise<DocumentRecord | null> {
    if (!DOCUMENT_ID.test(id)) return null;
    try {
      return JSON.parse(await readFile(pathOf(id, 'json'), 'utf8')) as DocumentRecord;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  return {
    async save(record, bytes) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await writeAtomically(pathOf(record.id, 'pdf'), bytes);
      // The record last: a document is found only once its bytes are in place.
      await writeAtomically(pathOf(record.id, 'json'), JSON.stringify(record));
    },
    async receive(id) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const path = pathOf(id, 'pdf');
      const temporary = `${path}.${process.pid}.upload.tmp`;
      const stream = createWriteStream(temporary, { mode: 0o600, flags: 'wx' });
      const written = finished(stream);
      written.catch(() => {}); // a failed write surfaces in keep(); unheard it would end the process
      return {
        stream,
        async keep(record) {
          if (!stream.writableEnded) stream.end();
          await written;
          await rename(temporary, path);
          await writeAtomically(pathOf(id, 'json'), JSON.stringify(record));
        },
        async discard() {
          stream.destroy();
          await written.catch(() => {});
          await rm(temporary, { force: true });
        },
      };
    },
    find,
    read: (id) => readFile(pathOf(id, 'pdf')),
    async forOrders(orderNumbers) {
      const wanted = new Set(orderNumbers.map((n) => n.toUpperCase()));
      if (wanted.size === 0) return [];
      const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [] as string[];
        throw error;
      });
      const records: DocumentRecord[] = [];
      for (const name of names) {
        const id = name.endsWith('.json') ? name.slice(0, -'.json'.length) : '';
        const record = DOCUMENT_ID.test(id) ? await find(id) : null;
        if (record && wanted.has(record.orderNumber.toUpperCase())) records.push(record);
      }
      return records;
    },
    async remove(id) {
      if (!DOCUMENT_ID.test(id)) return;
      // The record first: from then on the document is not found, whatever happens to its bytes.
      await rm(pathOf(id, 'json'), { force: true });
      await rm(pathOf(id, 'pdf'), { force: true });
    },
  };
}
