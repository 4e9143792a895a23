import type pg from 'pg';
import type { DocumentStore } from './document-store.ts';
import { createPostgresDocumentStore } from './postgres-document-store.ts';

/** The configured document store: the database's own tables (the one adapter there is today). */
export const createDocumentStore = (pool: pg.Pool): DocumentStore => createPostgresDocumentStore(pool);
