import { z } from 'zod';

export const actorKinds = ['admin', 'customer', 'import', 'system'] as const;
export const actorSchema = z.object({
  kind: z.enum(actorKinds),
  id: z.string(),
  name: z.string(),
});
export type Actor = z.infer<typeof actorSchema>;

export const eventMetadataSchema = z.object({
  actor: actorSchema,
  occurredAt: z.string(),
  commandId: z.string(),
  correlationId: z.string(),
  causationId: z.string().nullable(),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;

/** What a command hands to the event store. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  schemaVersion?: number;
}

/** What the event store hands back: the event, where it sits in its stream and in the global order. */
export interface RecordedEvent<Type extends string = string, Data = unknown> extends NewEvent<Type, Data> {
  stream: string;
  version: number;
  position: number;
  /** Global ordering key beside position (the writing transaction for Postgres). */
  tx: number;
  schemaVersion: number;
}

/** The context every command carries: who, when, and ids for tracing. New ids arrive with it. */
export interface CommandContext {
  actor: Actor;
  now: string;
  commandId: string;
  correlationId: string;
}
