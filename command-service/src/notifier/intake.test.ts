import { domainEventSchemas, type RecordedDomainEvent } from '@ot/contracts/events/event-registry.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { INTAKE_TYPES, intakeStatements } from './intake.ts';

// The intake passes over events of other types unparsed: none of them may have statements.
test('every event type with intake statements is in INTAKE_TYPES', () => {
  const others = Object.keys(domainEventSchemas).filter((type) => !INTAKE_TYPES.has(type));
  assert.ok(others.length > 10, 'the registry has many more types than the intake folds in');
  for (const type of others) {
    const event = { type, data: {}, stream: 'x', version: 1, metadata: {} } as unknown as RecordedDomainEvent;
    assert.equal(intakeStatements(event), [], type);
  }
});

test('INTAKE_TYPES are all registered event types', () => {
  for (const type of INTAKE_TYPES) assert.ok(type in domainEventSchemas, type);
});

test.run();
