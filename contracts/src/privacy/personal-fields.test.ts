import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { z } from 'zod';
import { domainEventSchemas } from '../events/event-registry.ts';
import { type FieldDecision, personalFields } from './personal-fields.ts';

/** The fields a schema declares, and for an array of objects the fields of its elements. */
function fieldsOf(schema: z.ZodType): Map<string, string[] | null> {
  const shape = (schema as z.ZodObject).shape as Record<string, z.ZodType>;
  return new Map(
    Object.entries(shape).map(([field, fieldSchema]) => {
      const element = fieldSchema instanceof z.ZodArray ? fieldSchema.element : null;
      return [field, element instanceof z.ZodObject ? Object.keys(element.shape) : null];
    }),
  );
}

test('every field of every event type has a personal or not-personal decision, and no decision is stale', () => {
  assert.equal(Object.keys(personalFields).sort(), Object.keys(domainEventSchemas).sort());
  for (const [type, schema] of Object.entries(domainEventSchemas)) {
    const decisions = personalFields[type as keyof typeof personalFields] as Record<string, FieldDecision>;
    const fields = fieldsOf(schema);
    assert.equal(Object.keys(decisions).sort(), [...fields.keys()].sort(), `${type}: fields and decisions differ`);
    for (const [field, elementFields] of fields) {
      const decision = decisions[field] as FieldDecision;
      if (elementFields && typeof decision === 'object' && 'each' in decision) {
        assert.equal(Object.keys(decision.each).sort(), [...elementFields].sort(), `${type}.${field}: element fields`);
      }
    }
  }
});

test('each erased value still satisfies the schema of its field, so an erased event parses', () => {
  for (const [type, schema] of Object.entries(domainEventSchemas)) {
    const shape = (schema as z.ZodObject).shape as Record<string, z.ZodType>;
    for (const [field, decision] of Object.entries(personalFields[type as keyof typeof personalFields])) {
      const fieldDecision = decision as FieldDecision;
      if (typeof fieldDecision !== 'object' || !('personal' in fieldDecision)) continue;
      const result = (shape[field] as z.ZodType).safeParse(fieldDecision.erased);
      assert.ok(result.success, `${type}.${field}: erased value does not parse`);
    }
  }
});

test('the fields that name, reach or describe a person are personal', () => {
  const placed = personalFields.OrderPlaced as Record<string, FieldDecision>;
  for (const field of [
    'customerEmail',
    'customerName',
    'customerPhone',
    'shippingAddress',
    'billingAddress',
    'customerNotes',
    'fitterNotes',
  ]) {
    assert.type(placed[field], 'object', field);
  }
  assert.equal(placed.orderNumber, 'not-personal');
});

test.run();
