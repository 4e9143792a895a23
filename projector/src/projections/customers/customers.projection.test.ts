import type { RecordedDomainEvent as RecordedOrderEvent } from '@ot/contracts/events/event-registry.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { customersProjection } from './customers.projection.ts';

const imported = (stream: string): RecordedOrderEvent =>
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
  }) as RecordedOrderEvent;

test('an imported customer is added to the directory, without overwriting what orders told us', () => {
  const [statement, ...rest] = customersProjection.project(imported('customer-ada@example.com'));
  assert.is(rest.length, 0);
  assert.equal(statement?.values, ['Ada@Example.com', 'Ada Lovelace', null, '2026-01-01T00:00:00.000Z']);
  assert.match(
    statement?.text ?? '',
    /on conflict \(email_lower\) do update set\s+customer_phone = coalesce\(rm\.customers\.customer_phone/,
  );
  assert.not.match(statement?.text ?? '', /customer_name = excluded/);
});

test('a CustomerImported event outside a customer stream is ignored', () => {
  assert.equal(customersProjection.project(imported('order-EP-0001')), []);
});

test.run();
