import { join } from 'node:path';
import type { Config } from '../config.ts';
import { dataDir } from '../repo-root.ts';
import type { DocumentStore } from './document-store.ts';
import { createFileDocumentStore } from './file-document-store.ts';

/** The configured document store: files under DOCUMENT_STORE_DIR, else `.data/documents`. */
export const createDocumentStore = (config: Pick<Config, 'DOCUMENT_STORE_DIR'>): DocumentStore =>
  createFileDocumentStore(config.DOCUMENT_STORE_DIR ?? join(dataDir, 'documents'));
