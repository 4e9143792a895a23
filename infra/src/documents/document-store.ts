import type { Readable, Writable } from 'node:stream';

/** What we keep about an uploaded spec document besides its bytes. */
export interface DocumentRecord {
  id: string;
  /** The order the admin uploaded it for; its customer may read it. */
  orderNumber: string;
  fileName: string;
  contentType: 'application/pdf';
  size: number;
  uploadedAt: string;
  uploadedBy: string;
}

/** An upload on its way in: its bytes go to `stream` as they arrive, never all in memory. */
export interface IncomingDocument {
  stream: Writable;
  /** After the last byte: keep it under `record` (found from now on). */
  keep(record: DocumentRecord): Promise<void>;
  /** Refused or cut off: nothing of it stays. */
  discard(): Promise<void>;
}

/** The stored bytes no longer match the SHA-256 taken when they were kept: refused, never served. */
export class DocumentDamagedError extends Error {
  constructor(readonly id: string) {
    super(`Document ${id} is damaged in storage (its SHA-256 does not match); restore it from a backup`);
  }
}

/**
 * Where spec documents are kept. Callers see only this port, so another adapter (an S3-compatible object
 * store) could replace the database one without touching them.
 */
export interface DocumentStore {
  /** Starts receiving the bytes of document `id`. */
  receive(id: string): Promise<IncomingDocument>;
  /** The record, or null for an unknown (or malformed) id. */
  find(id: string): Promise<DocumentRecord | null>;
  /**
   * The bytes of a found document as a stream, once they have been checked against its SHA-256; rejects
   * with DocumentDamagedError (before any byte is given out) when they do not match.
   */
  read(id: string): Promise<Readable>;
  /** Removes the document and its bytes; false when there was none. */
  delete(id: string): Promise<boolean>;
  /** The records of the documents uploaded for these orders (an erasure's or an export's spec sheets). */
  forOrders(orderNumbers: readonly string[]): Promise<DocumentRecord[]>;
}
