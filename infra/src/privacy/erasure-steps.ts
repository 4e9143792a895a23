import type pg from 'pg';
import { authErasure } from '../auth/auth-erasure.ts';
import type { DocumentStore } from '../documents/document-store.ts';
import { documentsErasure } from '../documents/documents-erasure.ts';
import { emailErasure } from '../email/email-erasure.ts';
import { idempotencyErasure } from '../idempotency/idempotency-erasure.ts';
import { pushErasure } from '../push/push-erasure.ts';
import { readModelsErasure } from './read-models-erasure.ts';

/** Whom an erasure is about, and where their data sits (found before anything is removed). */
export interface ErasureTarget {
  /** The customer's id (their data key's). */
  subjectId: string;
  email: string;
  orderNumbers: string[];
  notificationIds: string[];
  documentIds: string[];
}

/**
 * One store's part of an erasure: it removes or blanks every copy of the person it holds, inside the
 * erasure's transaction (a store outside the database does its part there too, before the commit).
 */
export interface ErasureStep {
  name: string;
  erase(tx: pg.ClientBase, target: ErasureTarget): Promise<void>;
}

/** Every store that keeps a copy of a customer's data registers its step here. */
export const erasureSteps = (deps: { documents: DocumentStore }): ErasureStep[] => [
  readModelsErasure,
  pushErasure,
  authErasure,
  emailErasure,
  idempotencyErasure,
  documentsErasure(deps.documents),
];
