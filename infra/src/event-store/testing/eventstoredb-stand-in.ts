import { randomUUID } from 'node:crypto';
import featuresGrpc from '@eventstore/db-client/generated/serverfeatures_grpc_pb.js';
import featuresPb from '@eventstore/db-client/generated/serverfeatures_pb.js';
import sharedPb from '@eventstore/db-client/generated/shared_pb.js';
import streamsGrpc from '@eventstore/db-client/generated/streams_grpc_pb.js';
import streamsPb from '@eventstore/db-client/generated/streams_pb.js';
import {
  type handleBidiStreamingCall,
  type handleClientStreamingCall,
  type handleServerStreamingCall,
  type handleUnaryCall,
  Metadata,
  Server,
  ServerCredentials,
  status,
} from '@grpc/grpc-js';
import {
  appended,
  appendWrongExpectedVersion,
  expectedOf,
  filterOf,
  identifierOf,
  type ReadOptions,
  readResponse,
  streamName,
  toProposed,
  uuidString,
  wrongExpectedVersionStatus,
} from './eventstoredb-messages.ts';
import { createInMemoryLog, type InMemoryLog, type LoggedEvent, type ProposedEvent } from './in-memory-log.ts';

/**
 * A stand-in for an EventStoreDB node: the Streams and ServerFeatures gRPC services, served from the
 * client's own generated protobuf code (`@eventstore/db-client/generated`), so the real client talks to
 * it exactly as to a server. In memory, one process, loopback only, insecure (`?tls=false`).
 *
 * Implemented: Append and BatchAppend with expected revision (any, no_stream, stream_exists, exact;
 * wrong expected version answered as the server does: in AppendResp, or as a google.rpc.Status with a
 * packed WrongExpectedVersion), the server's idempotency for a retried append, Read of a stream or of
 * `$all` forwards and backwards with a count and a filter (stream prefix or regex, event type), and
 * catch-up subscriptions to `$all` (confirmation, catch-up, caught_up, live), Tombstone (a tombstoned
 * stream is answered as deleted; its events stay in `$all` until `scavenge()`, the operator's scavenge).
 * Not implemented: Delete (soft) and subscriptions to one stream (answered UNIMPLEMENTED), links,
 * stream metadata and ACLs, authentication, TLS, gossip and clusters (use a single-node connection
 * string), filtered-subscription checkpoints, deadlines, backpressure, persistence.
 */

const { ReadReq, ReadResp, AppendResp, BatchAppendResp, TombstoneResp } = streamsPb;

/** The server's answer to a read of, or a write to, a tombstoned stream (the client's StreamDeletedError). */
function streamDeleted(stream: string) {
  const metadata = new Metadata();
  metadata.set('exception', 'stream-deleted');
  metadata.set('stream-name', stream);
  return { code: status.FAILED_PRECONDITION, details: `Event stream '${stream}' is deleted.`, metadata };
}

export interface EventStoreDbStandIn {
  /** `esdb://127.0.0.1:<port>?tls=false` */
  url: string;
  port: number;
  /** The operator's scavenge: the events of tombstoned streams leave the log. */
  scavenge(): void;
  stop(): Promise<void>;
}

function streamsService(log: InMemoryLog) {
  const subscribe = (call: Parameters<handleServerStreamingCall<unknown, unknown>>[0], options: ReadOptions) => {
    const all = options.getAll();
    if (!all) {
      call.emit('error', { code: status.UNIMPLEMENTED, details: 'the stand-in subscribes to $all only' });
      return;
    }
    const filter = filterOf(options);
    let last = all.hasPosition()
      ? Number(all.getPosition()?.getCommitPosition())
      : all.hasEnd()
        ? log.lastPosition()
        : 0;
    const send = (event: LoggedEvent) => {
      if (event.position <= last) return;
      last = event.position;
      if (filter(event)) call.write(readResponse(event));
    };
    call.write(new ReadResp().setConfirmation(new ReadResp.SubscriptionConfirmation().setSubscriptionId(randomUUID())));
    // Writes call listeners synchronously, so nothing falls between the catch-up and going live.
    for (const event of log.after(last)) send(event);
    call.write(new ReadResp().setCaughtUp(new ReadResp.CaughtUp()));
    const unsubscribe = log.onWrite(send);
    call.on('cancelled', unsubscribe);
    call.on('close', unsubscribe);
  };

  const read: handleServerStreamingCall<InstanceType<typeof ReadReq>, InstanceType<typeof ReadResp>> = (call) => {
    const options = call.request.getOptions();
    if (!options) return call.emit('error', { code: status.INVALID_ARGUMENT, details: 'options are required' });
    if (options.hasSubscription()) return subscribe(call, options);
    const backwards = options.getReadDirection() === ReadReq.Options.ReadDirection.BACKWARDS;
    const count = Number(options.getCount());
    const stream = options.getStream();
    if (stream) {
      const name = streamName(stream.getStreamIdentifier());
      if (log.isTombstoned(name)) return call.emit('error', streamDeleted(name));
      const from = stream.hasRevision() ? Number(stream.getRevision()) : stream.hasEnd() ? 'end' : 'start';
      const events = log.readStream(name, { from, backwards, count });
      if (events === null) {
        const notFound = new ReadResp.StreamNotFound().setStreamIdentifier(identifierOf(name));
        call.write(new ReadResp().setStreamNotFound(notFound));
      }
      for (const event of events ?? []) call.write(readResponse(event));
    } else {
      const all = options.getAll();
      const from = all?.hasPosition()
        ? Number(all.getPosition()?.getCommitPosition())
        : all?.hasEnd()
          ? 'end'
          : 'start';
      for (const event of log.readAll({ from, backwards, count, filter: filterOf(options) })) {
        call.write(readResponse(event));
      }
    }
    call.end();
  };

  const append: handleClientStreamingCall<InstanceType<typeof streamsPb.AppendReq>, InstanceType<typeof AppendResp>> = (
    call,
    callback,
  ) => {
    let options: InstanceType<typeof streamsPb.AppendReq.Options> | undefined;
    const proposed: ProposedEvent[] = [];
    call.on('data', (request: InstanceType<typeof streamsPb.AppendReq>) => {
      options = request.getOptions() ?? options;
      const message = request.getProposedMessage();
      if (message) proposed.push(toProposed(message));
    });
    call.on('end', () => {
      if (!options) return callback({ code: status.INVALID_ARGUMENT, details: 'options are required' });
      const expected = expectedOf(options) ?? Number(options.getRevision());
      const name = streamName(options.getStreamIdentifier());
      if (log.isTombstoned(name)) return callback(streamDeleted(name));
      const outcome = log.append(name, expected, proposed);
      const response = new AppendResp();
      if (outcome.ok) {
        response.setSuccess(appended(new AppendResp.Success(), new AppendResp.Position(), outcome));
      } else {
        response.setWrongExpectedVersion(appendWrongExpectedVersion(outcome.current, expected));
      }
      callback(null, response);
    });
  };

  /** Requests are chunks of one append per correlation id, the last one marked final; one answer each. */
  const batchAppend: handleBidiStreamingCall<
    InstanceType<typeof streamsPb.BatchAppendReq>,
    InstanceType<typeof BatchAppendResp>
  > = (call) => {
    const pending = new Map<
      string,
      { options?: InstanceType<typeof streamsPb.BatchAppendReq.Options> | undefined; proposed: ProposedEvent[] }
    >();
    call.on('data', (request: InstanceType<typeof streamsPb.BatchAppendReq>) => {
      const correlation = uuidString(request.getCorrelationId());
      const entry = pending.get(correlation) ?? { proposed: [] };
      pending.set(correlation, entry);
      entry.options = request.getOptions() ?? entry.options;
      entry.proposed.push(...request.getProposedMessagesList().map(toProposed));
      if (!request.getIsFinal()) return;
      pending.delete(correlation);
      const options = entry.options;
      if (!options) return call.emit('error', { code: status.INVALID_ARGUMENT, details: 'options are required' });
      const stream = streamName(options.getStreamIdentifier());
      const expected = expectedOf(options) ?? Number(options.getStreamPosition());
      if (log.isTombstoned(stream)) return call.emit('error', streamDeleted(stream));
      const outcome = log.append(stream, expected, entry.proposed);
      const response = new BatchAppendResp()
        .setCorrelationId(new sharedPb.UUID().setString(correlation))
        .setStreamIdentifier(identifierOf(stream));
      if (outcome.ok) {
        response.setSuccess(appended(new BatchAppendResp.Success(), new sharedPb.AllStreamPosition(), outcome));
      } else {
        response.setError(wrongExpectedVersionStatus(outcome.current, expected));
      }
      call.write(response);
    });
    call.on('end', () => call.end());
  };

  const tombstone: handleUnaryCall<InstanceType<typeof streamsPb.TombstoneReq>, InstanceType<typeof TombstoneResp>> = (
    call,
    callback,
  ) => {
    const name = streamName(call.request.getOptions()?.getStreamIdentifier());
    log.tombstone(name);
    const position = log.lastPosition();
    callback(
      null,
      new TombstoneResp().setPosition(
        new TombstoneResp.Position().setCommitPosition(String(position)).setPreparePosition(String(position)),
      ),
    );
  };

  return { read, append, batchAppend, tombstone };
}

function serverFeatures(batchAppend: boolean): { getSupportedMethods: handleUnaryCall<unknown, unknown> } {
  const method = (service: string, name: string) =>
    new featuresPb.SupportedMethod().setServiceName(service).setMethodName(name);
  const streams = ['read', 'append', 'tombstone', ...(batchAppend ? ['batchappend'] : [])];
  const supported = new featuresPb.SupportedMethods()
    .setEventStoreServerVersion('23.10.0-stand-in')
    .setMethodsList([
      ...streams.map((name) => method('event_store.client.streams.streams', name)),
      method('event_store.client.server_features.serverfeatures', 'getsupportedmethods'),
    ]);
  return { getSupportedMethods: (_call, callback) => callback(null, supported) };
}

/**
 * Start a stand-in on 127.0.0.1 (`port` 0 picks a free one). `batchAppend: false` leaves BatchAppend out
 * of the server's features, so the client appends through the older Append call instead.
 */
export async function startEventStoreDbStandIn(
  options: { port?: number; batchAppend?: boolean } = {},
): Promise<EventStoreDbStandIn> {
  const log = createInMemoryLog();
  // A real node's $all starts with its own system events; readers of $all must skip them too.
  log.append('$stand-in', 'any', [
    {
      id: randomUUID(),
      type: '$StandInStarted',
      contentType: 'application/json',
      data: Buffer.from('{}'),
      customMetadata: new Uint8Array(),
    },
  ]);
  const server = new Server();
  server.addService(streamsGrpc.StreamsService, streamsService(log));
  server.addService(featuresGrpc.ServerFeaturesService, serverFeatures(options.batchAppend ?? true));
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`127.0.0.1:${options.port ?? 0}`, ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return {
    url: `esdb://127.0.0.1:${port}?tls=false`,
    port,
    scavenge: () => log.scavenge(),
    // Subscriptions never end on their own, so a graceful shutdown would wait for ever.
    stop: async () => server.forceShutdown(),
  };
}
