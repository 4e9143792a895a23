import { randomUUID } from 'node:crypto';
import sharedPb from '@eventstore/db-client/generated/shared_pb.js';
import statusPb from '@eventstore/db-client/generated/status_pb.js';
import streamsPb from '@eventstore/db-client/generated/streams_pb.js';
import anyPb from 'google-protobuf/google/protobuf/any_pb.js';
import emptyPb from 'google-protobuf/google/protobuf/empty_pb.js';
import type { ExpectedRevision, Filter, LoggedEvent, ProposedEvent } from './in-memory-log.ts';

/** The stand-in's translations between the client's protobuf messages and its in-memory log. */

const { ReadResp, AppendResp } = streamsPb;
export type ReadOptions = InstanceType<typeof streamsPb.ReadReq.Options>;
type Proposed = InstanceType<typeof streamsPb.AppendReq.ProposedMessage>;

export const streamName = (identifier: InstanceType<typeof sharedPb.StreamIdentifier> | undefined) =>
  Buffer.from(identifier?.getStreamName_asU8() ?? []).toString('utf8');

export const identifierOf = (name: string) => new sharedPb.StreamIdentifier().setStreamName(Buffer.from(name, 'utf8'));

/** The client always sends ids as strings (and asks for them as strings). */
export const uuidString = (uuid: InstanceType<typeof sharedPb.UUID> | undefined) => uuid?.getString() ?? randomUUID();

export const toProposed = (message: Proposed): ProposedEvent => {
  const metadata = message.getMetadataMap();
  return {
    id: uuidString(message.getId()),
    type: metadata.get('type') ?? '',
    contentType: metadata.get('content-type') ?? 'application/octet-stream',
    data: message.getData_asU8(),
    customMetadata: message.getCustomMetadata_asU8(),
  };
};

type PositionMessage<P> = { setCommitPosition(value: string): P; setPreparePosition(value: string): P };

/** A log position as the server gives it: one commit and prepare position (the stand-in has no transactions). */
const atPosition = <P extends PositionMessage<P>>(message: P, position: number): P =>
  message.setCommitPosition(String(position)).setPreparePosition(String(position));

/** A successful append's answer (Append's and BatchAppend's alike): the stream's revision and the log position. */
export const appended = <
  P extends PositionMessage<P>,
  S extends { setCurrentRevision(value: string): S; setPosition(value: P): S },
>(
  success: S,
  position: P,
  outcome: { revision: number; position: number },
): S => success.setCurrentRevision(String(outcome.revision)).setPosition(atPosition(position, outcome.position));

export function readResponse(event: LoggedEvent) {
  const recorded = new ReadResp.ReadEvent.RecordedEvent()
    .setId(new sharedPb.UUID().setString(event.id))
    .setStreamIdentifier(identifierOf(event.stream))
    .setStreamRevision(String(event.revision))
    .setPreparePosition(String(event.position))
    .setCommitPosition(String(event.position))
    .setData(event.data)
    .setCustomMetadata(event.customMetadata);
  recorded
    .getMetadataMap()
    .set('type', event.type)
    .set('content-type', event.contentType)
    .set('created', String(event.created));
  const read = new ReadResp.ReadEvent().setEvent(recorded).setCommitPosition(String(event.position));
  return new ReadResp().setEvent(read);
}

export function filterOf(options: ReadOptions): Filter {
  const filter = options.getFilter();
  if (!filter) return () => true;
  const onStream = filter.hasStreamIdentifier();
  const expression = onStream ? filter.getStreamIdentifier() : filter.getEventType();
  const regex = expression?.getRegex() ? new RegExp(expression.getRegex()) : null;
  const prefixes = expression?.getPrefixList() ?? [];
  return (event) => {
    const value = onStream ? event.stream : event.type;
    return regex ? regex.test(value) : prefixes.some((prefix) => value.startsWith(prefix));
  };
}

export const expectedOf = (options: {
  hasAny(): boolean;
  hasNoStream(): boolean;
  hasStreamExists(): boolean;
}): ExpectedRevision | null =>
  options.hasAny() ? 'any' : options.hasNoStream() ? 'no_stream' : options.hasStreamExists() ? 'stream_exists' : null;

interface WrongExpected<E> {
  setCurrentNoStream(value: E): unknown;
  setExpectedAny(value: E): unknown;
  setExpectedNoStream(value: E): unknown;
  setExpectedStreamExists(value: E): unknown;
}

/** The name of a message's method that sets a revision (a string of digits). */
type RevisionSetter<M> = { [K in keyof M]: M[K] extends (value: string) => unknown ? K : never }[keyof M];

/**
 * Both WrongExpectedVersion messages (BatchAppend's and Append's) carry the same two oneofs, current and
 * expected; they differ only in their Empty type and in the names of the two revision setters.
 */
function wrongExpected<E, M extends WrongExpected<E>>(
  message: M,
  empty: () => E,
  [currentSetter, expectedSetter]: readonly [RevisionSetter<M>, RevisionSetter<M>],
  current: number | null,
  expected: ExpectedRevision,
): M {
  const setRevision = (setter: RevisionSetter<M>, value: number) =>
    (message[setter] as (value: string) => unknown).call(message, String(value));
  if (current === null) message.setCurrentNoStream(empty());
  else setRevision(currentSetter, current);
  if (expected === 'any') message.setExpectedAny(empty());
  else if (expected === 'no_stream') message.setExpectedNoStream(empty());
  else if (expected === 'stream_exists') message.setExpectedStreamExists(empty());
  else setRevision(expectedSetter, expected);
  return message;
}

/** BatchAppend's answer to a wrong expected version: a google.rpc.Status carrying the details, packed. */
export function wrongExpectedVersionStatus(current: number | null, expected: ExpectedRevision) {
  const setters = ['setCurrentStreamRevision', 'setExpectedStreamPosition'] as const;
  const details = wrongExpected(
    new sharedPb.WrongExpectedVersion(),
    () => new emptyPb.Empty(),
    setters,
    current,
    expected,
  );
  const packed = new anyPb.Any();
  packed.pack(details.serializeBinary(), 'event_store.client.WrongExpectedVersion');
  return new statusPb.Status()
    .setCode(6) // google.rpc.Code.ALREADY_EXISTS, as the server answers
    .setMessage('WrongExpectedVersion')
    .setDetails(packed);
}

/** Append's answer to a wrong expected version: a field of AppendResp. */
export function appendWrongExpectedVersion(current: number | null, expected: ExpectedRevision) {
  const setters = ['setCurrentRevision', 'setExpectedRevision'] as const;
  return wrongExpected(new AppendResp.WrongExpectedVersion(), () => new sharedPb.Empty(), setters, current, expected);
}
