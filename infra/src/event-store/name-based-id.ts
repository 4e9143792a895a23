import { createHash } from 'node:crypto';

/** The order tracker's own namespace for name-based ids (a random UUID, fixed forever). */
const NAMESPACE = 'a3c1f0de-6c2b-4f5e-9a57-2f4d8e1b7c90';

/**
 * A UUID version 5 (RFC 9562): the same name always gives the same id. Used for events whose
 * identity is their content, so appending one a second time is refused by the store.
 */
export function nameBasedId(name: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(NAMESPACE.replaceAll('-', ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
