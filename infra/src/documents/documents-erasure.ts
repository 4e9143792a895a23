import type { ErasureStep } from '../privacy/erasure-steps.ts';
import type { DocumentStore } from './document-store.ts';

/** The customer's spec sheets (attached to their items or uploaded for their orders) are deleted. */
export const documentsErasure = (documents: DocumentStore): ErasureStep => ({
  name: 'spec sheets',
  async erase(_tx, { documentIds, orderNumbers }) {
    const ids = new Set(documentIds);
    for (const record of await documents.forOrders(orderNumbers)) ids.add(record.id);
    for (const id of ids) await documents.delete(id);
  },
});
