import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { timelineText } from './event-labels.ts';
import type { RecordedDomainEvent } from './event-registry.ts';

const recorded = <E extends Pick<RecordedDomainEvent, 'type' | 'data'>>(event: E) =>
  ({
    ...event,
    id: randomUUID(),
    stream: 'order-EP-0001',
    version: 2,
    position: 2,
    tx: 1,
    schemaVersion: 1,
    metadata: {
      actor: { kind: 'admin', id: '1', name: 'studio' },
      occurredAt: '2026-11-01T10:00:00.000Z',
      commandId: randomUUID(),
      correlationId: randomUUID(),
      causationId: null,
    },
  }) as RecordedDomainEvent;

test('fitter-note changes are never customer-visible, and their text is not in the row', () => {
  const text = timelineText(
    recorded({ type: 'FitterNotesChanged', data: { fitterNotes: 'secret swing notes' } }),
    () => 'x',
  );
  assert.is(text.customerVisible, false);
  assert.not.match(`${text.title} ${text.description}`, /secret/);
});

test('an item status change reads as the item and its new status label', () => {
  const text = timelineText(
    recorded({
      type: 'ItemStatusChanged',
      data: { itemId: 'i1', status: 'order_arrived_awaiting_qc', previousStatus: 'order_placed_with_manufacturer' },
    }),
    () => 'Driver',
  );
  assert.is(text.title, 'Driver: Order Arrived at EP - Awaiting Quality Checks');
  assert.is(text.customerVisible, true);
  assert.is(text.status, 'order_arrived_awaiting_qc');
});

test('an estimated delivery is written as a date a customer reads', () => {
  const text = timelineText(
    recorded({ type: 'OrderEstimatedDeliverySet', data: { estimatedDelivery: '2026-12-05' } }),
    () => 'x',
  );
  assert.match(text.description ?? '', /Dec 05, 2026/);
});

test.run();
