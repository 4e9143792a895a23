import type { z } from 'zod';
import type { RecordedEvent } from './event-envelope.ts';

/** The events of one stream family: event type -> schema of its data. */
export type EventSchemas = Record<string, z.ZodType>;

type TypeOf<S extends EventSchemas> = keyof S & string;

export type EventDataOf<S extends EventSchemas> = { [K in TypeOf<S>]: z.infer<S[K]> };

/** A domain event as deciders produce it: type and data, before the store gives it an envelope. */
export type EventOf<S extends EventSchemas> = { [K in TypeOf<S>]: { type: K; data: z.infer<S[K]> } }[TypeOf<S>];

export type RecordedEventOf<S extends EventSchemas> = {
  [K in TypeOf<S>]: RecordedEvent<K, z.infer<S[K]>>;
}[TypeOf<S>];

/**
 * The parse function of a family: an event read from the store, its data checked against the schema of
 * its type; null for a type of another family (upcasting older schema versions would happen here).
 */
export function eventParser<S extends EventSchemas>(schemas: S) {
  const isOfFamily = (type: string): type is TypeOf<S> => Object.hasOwn(schemas, type);
  return (event: RecordedEvent): RecordedEventOf<S> | null => {
    if (!isOfFamily(event.type)) return null;
    const data = (schemas[event.type] as z.ZodType).parse(event.data);
    return { ...event, type: event.type, data } as RecordedEventOf<S>;
  };
}
