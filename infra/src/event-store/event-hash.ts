import { createHash } from 'node:crypto';

/**
 * Canonical JSON: exactly the text PostgreSQL prints for a jsonb value, so the database can compute the
 * chain in the statement that appends (es.event_hash) and anyone can recompute it from the events alone:
 * - objects: keys sorted by their UTF-8 length, then byte by byte (jsonb's own order), each written
 *   `"key": value`, separated by `, `, in braces; arrays: `[a, b]`; empty ones `{}` and `[]`;
 * - strings: as JSON.stringify writes them (`\"`, `\\`, `\b \f \n \r \t`, other control characters as
 *   `\u00xx`, everything else as itself);
 * - numbers: plain decimal, never an exponent (1e21 is `1000000000000000000000`, 1e-7 is `0.0000001`),
 *   from the shortest form that reads back as the same number; `true`, `false`, `null`.
 * Values JSON has no room for are dropped or nulled as JSON.stringify does (undefined, NaN).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? plainDecimal(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return value.toString();
    case 'object': {
      const withJson = value as { toJSON?: () => unknown };
      if (typeof withJson.toJSON === 'function') return canonicalJson(withJson.toJSON());
      if (Array.isArray(value)) {
        return `[${value.map((item) => (item === undefined || typeof item === 'function' ? 'null' : canonicalJson(item))).join(', ')}]`;
      }
      const entries = Object.entries(value as Record<string, unknown>).filter(
        ([, item]) => item !== undefined && typeof item !== 'function' && typeof item !== 'symbol',
      );
      entries.sort(([a], [b]) => compareKeys(a, b));
      return `{${entries.map(([key, item]) => `${JSON.stringify(key)}: ${canonicalJson(item)}`).join(', ')}}`;
    }
    default:
      return 'null';
  }
}

const utf8 = (text: string) => Buffer.from(text, 'utf8');

function compareKeys(a: string, b: string): number {
  const left = utf8(a);
  const right = utf8(b);
  return left.length - right.length || Buffer.compare(left, right);
}

/** The shortest round-trip digits of `value`, written out without an exponent. */
function plainDecimal(value: number): string {
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText);
  const digits = whole + fraction;
  const point = whole.length + exponent; // where the decimal point falls within `digits`
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

export interface ChainedEvent {
  stream: string;
  version: number;
  type: string;
  data: unknown;
  metadata: unknown;
}

/** The document an event's hash covers, as canonical JSON. */
export const eventDocument = (event: ChainedEvent): string =>
  canonicalJson({
    stream: event.stream,
    version: event.version,
    type: event.type,
    data: event.data,
    metadata: event.metadata,
  });

/** sha256(previous hash in the stream || canonical document); the first event's previous hash is empty. */
export function eventHash(previous: Buffer | null, event: ChainedEvent): Buffer {
  return createHash('sha256')
    .update(previous ?? Buffer.alloc(0))
    .update(eventDocument(event), 'utf8')
    .digest();
}
