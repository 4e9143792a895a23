import { neutraliseCsvCell } from '@ot/contracts/csv/csv-cell.ts';
import type { AuditedEvent } from '@ot/infra/event-store/event-store.ts';
import { auditRecord } from './order-history.ts';

export const exportColumns = [
  'position',
  'stream',
  'version',
  'type',
  'occurredAt',
  'recordedAt',
  'actorKind',
  'actorId',
  'actorName',
  'commandId',
  'correlationId',
  'causationId',
  'eventId',
  'data',
  'hash',
] as const;

/**
 * One CSV cell: a value a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) gets a
 * leading quote, then RFC 4180 quoting when it holds a comma, quote or line break.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = neutraliseCsvCell(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly (string | number | null)[]): string => `${cells.map(csvCell).join(',')}\r\n`;

export function csvRow(event: AuditedEvent): string {
  const record = auditRecord(event);
  return csvLine([
    record.position,
    record.stream,
    record.version,
    record.type,
    record.occurredAt,
    record.recordedAt,
    record.actor.kind,
    record.actor.id,
    record.actor.name,
    record.commandId,
    record.correlationId,
    record.causationId,
    record.id,
    JSON.stringify(record.data),
    record.hash,
  ]);
}

export const ndjsonRow = (event: AuditedEvent): string => `${JSON.stringify(auditRecord(event))}\n`;

/** The export as text chunks, one page of rows at a time: pulled by the response stream, so memory stays flat. */
export async function* exportChunks(
  events: AsyncIterable<AuditedEvent>,
  format: 'csv' | 'ndjson',
): AsyncGenerator<string> {
  // A BOM so Excel reads the file as UTF-8.
  if (format === 'csv') yield `\uFEFF${csvLine([...exportColumns])}`;
  let chunk = '';
  for await (const event of events) {
    chunk += format === 'csv' ? csvRow(event) : ndjsonRow(event);
    if (chunk.length >= 64 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
