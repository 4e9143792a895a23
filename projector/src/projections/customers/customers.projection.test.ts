import type { RecordedDomainEvent } from '@ot/contracts/events/event-registry.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { memoryView } from '../../runtime/memory-view.ts';
import { customersProjection } from './customers.projection.ts';

const imported = (stream: string): RecordedDomainEvent =>
  ({
    id: 'e1',
    type: 'CustomerImported',
    stream,
    version: 1,
    position: 1,
    tx: 1,
    schemaVersion: 1,
    data: {
      email: 'Ada@Example.com',
      customerName: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: null,
    },
    metadata: {
      actor: { kind: 'import', id: 'a', name: 'admin' },
      occurredAt: '2026-01-01T00:00:00.000Z',
      commandId: 'c',
      correlationId: 'c',
      causationId: null,
    },
  }) as RecordedDomainEvent;

test('an imported customer is added to the directory', () => {
  assert.equal(customersProjection.project(imported('customer-ada@example.com'), memoryView()), [
    {
      table: 'customers',
      key: 'ada@example.com',
      row: {
        email_lower: 'ada@example.com',
        customer_email: 'Ada@Example.com',
        customer_name: 'Ada Lovelace',
        customer_phone: null,
        shipping_address: null,
        billing_address: null,
        updated_at: '2026-01-01T00:00:00.000Z',
      },
    },
  ]);
});

test('an imported customer never overwrites what orders told us; it only fills a missing phone', () => {
  const known = {
    email_lower: 'ada@example.com',
    customer_email: 'ada@example.com',
    customer_name: 'Ada King',
    customer_phone: null,
    updated_at: '2025-01-01T00:00:00.000Z',
  };
  const event = imported('customer-ada@example.com');
  if (event.type === 'CustomerImported') event.data.phone = '0123';
  const [change] = customersProjection.project(event, memoryView({ customers: { 'ada@example.com': known } }));
  assert.equal(change?.row, { ...known, customer_phone: '0123' });
});

test('a CustomerImported event outside a customer stream is ignored', () => {
  assert.equal(customersProjection.project(imported('order-EP-0001'), memoryView()), []);
});

test.run();
