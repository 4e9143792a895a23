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

export interface DocumentStore {
  save(record: DocumentRecord, bytes: Buffer): Promise<void>;
  /** The record, or null for an unknown (or malformed) id. */
  find(id: string): Promise<DocumentRecord | null>;
  read(id: string): Promise<Buffer>;
}
