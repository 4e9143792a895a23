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
  stream: NodeJS.WritableStream;
  /** After the last byte: keep it under `record` (found from now on). */
  keep(record: DocumentRecord): Promise<void>;
  /** Refused or cut off: nothing of it stays. */
  discard(): Promise<void>;
}

export interface DocumentStore {
  save(record: DocumentRecord, bytes: Buffer): Promise<void>;
  /** Starts receiving the bytes of document `id` (a temporary file until kept). */
  receive(id: string): Promise<IncomingDocument>;
  /** The record, or null for an unknown (or malformed) id. */
  find(id: string): Promise<DocumentRecord | null>;
  read(id: string): Promise<Buffer>;
  /** The records of the documents uploaded for these orders. */
  forOrders(orderNumbers: readonly string[]): Promise<DocumentRecord[]>;
  /** Deletes a document, bytes and record (an erased customer's spec sheet); an unknown id is no error. */
  remove(id: string): Promise<void>;
}
