import type { RecordedDomainEvent } from '@ot/contracts/events/event-registry.ts';
import { givenWhenThen } from '@ot/infra/testing/given-when-then.ts';
import { test } from 'uvu';
import { memoryView } from '../../runtime/memory-view.ts';
import type { Projection, Row } from '../../runtime/projection.ts';
import { customersProjection } from './customers.projection.ts';

/**
 * Projection tests in the deciders' form: the read models the given events left (table -> key -> row)
 * are the state, and "decide" is the projection of the event under test. The same helper as the order
 * and email deciders use (infra/src/testing/given-when-then.ts).
 */
type Tables = Record<string, Record<string, Row>>;
const applied = (tables: Tables, changes: ReturnType<Projection['project']>): Tables => {
  const next: Tables = { ...tables };
  for (const { table, key, row } of changes) {
    const rows = { ...next[table] };
    if (row) rows[key] = row;
    else delete rows[key];
    next[table] = rows;
  }
  return next;
};
const projectionSpec = (projection: Projection) => ({
  ...givenWhenThen<Tables, RecordedDomainEvent>({
    initialState: () => ({}),
    evolve: (tables, event) => applied(tables, projection.project(event, memoryView(tables))),
  }),
  project: (event: RecordedDomainEvent, tables: Tables) => projection.project(event, memoryView(tables)),
});

const { given, project } = projectionSpec(customersProjection);

const imported = (phone: string | null, at: string): RecordedDomainEvent =>
  ({
    id: `e-${at}`,
    type: 'CustomerImported',
    stream: 'customer-ada@example.com',
    version: 1,
    position: 1,
    tx: 1,
    schemaVersion: 1,
    data: { email: 'Ada@Example.com', customerName: 'Ada Lovelace', firstName: 'Ada', lastName: 'Lovelace', phone },
    metadata: {
      actor: { kind: 'import', id: 'a', name: 'admin' },
      occurredAt: at,
      commandId: 'c',
      correlationId: 'c',
      causationId: null,
    },
  }) as RecordedDomainEvent;

test('given a customer imported without a phone, when imported again with one, then only the phone is filled', () => {
  given(imported(null, '2026-01-01T00:00:00.000Z'))
    .when(project, imported('07700 900123', '2026-02-01T00:00:00.000Z'))
    .thenAppends([
      {
        table: 'customers',
        key: 'ada@example.com',
        row: {
          email_lower: 'ada@example.com',
          customer_email: 'Ada@Example.com',
          customer_name: 'Ada Lovelace',
          customer_phone: '07700 900123',
          shipping_address: null,
          billing_address: null,
          updated_at: '2026-01-01T00:00:00.000Z',
        },
      },
    ]);
});

test.run();
