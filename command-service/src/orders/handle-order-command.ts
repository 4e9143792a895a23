import { orderNotFound } from '@ot/contracts/errors/domain-errors.ts';
import type { CommandContext } from '@ot/contracts/events/event-envelope.ts';
import type { OrderEvent } from '@ot/contracts/orders/order-events.ts';
import { isOrderComplete } from '@ot/contracts/orders/order-rules.ts';
import { evolve, type OrderState } from '@ot/contracts/orders/order-state.ts';
import {
  type EventStore,
  type NewEvent,
  type RecordedEvent,
  WrongExpectedVersionError,
} from '@ot/infra/event-store/event-store.ts';
import { handleCommand, toNewEvents } from '../commands/handle-command.ts';
import { foldOrderHistory, type LoadedOrder, orderStream } from './order.ts';
import { type KnownOrder, knownOrders } from './order-cache.ts';

export interface CommandDeps {
  store: EventStore;
  /** The customer's account, for the answer's `userId`; read before the append (never after the commit). */
  users?: { customerId(email: string): Promise<string | null> };
}

export interface CommandResult extends LoadedOrder {
  /** Global position of the command's last event; 0 when the command changed nothing. */
  position: number;
  appended: OrderEvent[];
  /** The customer's account id as it stood before the append; null when none (or not asked). */
  userId: string | null;
}

/**
 * The write pipeline of every order command (see handleCommand): the order's stream, "Order not found"
 * unless the command places it, and the answer (state, version, times, the customer's account) known
 * before the events are appended. An order this process has folded before is not read again: the command
 * is decided on it and its version is the append's expected one (decideOnKnownOrder).
 */
export async function handleOrderCommand(deps: CommandDeps, options: OrderCommand): Promise<CommandResult> {
  const stream = orderStream(options.orderNumber);
  const known = knownOrders(deps.store);
  const kept = known.get(stream);
  if (kept) {
    const decided = await decideOnKnownOrder(deps, options, stream, kept);
    if (decided) return decided;
    known.forget(stream); // behind the stream, or a case for the whole pipeline: it reads the stream
  }
  return readDecideAppend(deps, options, stream);
}

interface OrderCommand {
  orderNumber: string;
  context: CommandContext;
  ifMatch?: number | undefined;
  mustExist?: boolean;
  decide: (state: OrderState) => OrderEvent[];
  eventId?: (index: number) => string;
}

const lookUpCustomer = async (deps: CommandDeps, state: OrderState) =>
  state && deps.users ? deps.users.customerId(state.customerEmail) : null;

/** Appended events as the stream gives them back (data through JSON), to fold like any read. */
const asRecorded = (stream: string, events: readonly NewEvent[], version: number, position: number): RecordedEvent[] =>
  events.map((event, index) => ({
    ...event,
    data: JSON.parse(JSON.stringify(event.data)),
    schemaVersion: event.schemaVersion ?? 1,
    stream,
    version: version - events.length + index + 1,
    position: index === events.length - 1 ? position : 0,
    tx: 0,
  }));

/**
 * The usual edit without reading the stream: decide on the order as this process last folded it and
 * append with its version as the expected one. A write it has not seen makes that append a conflict
 * (and a retry of a command that landed meanwhile is one too: `landed: 'conflict'`), and then, as for
 * anything unusual (a command it has seen, an `If-Match` it cannot confirm, a refusal or a no-op that
 * the current order might answer otherwise), null: the whole pipeline runs on the stream as it stands.
 */
async function decideOnKnownOrder(
  deps: CommandDeps,
  options: OrderCommand,
  stream: string,
  kept: KnownOrder,
): Promise<CommandResult | null> {
  const { context } = options;
  const { loaded } = kept;
  if (kept.commandIds.has(context.commandId)) return null;
  if (options.ifMatch !== undefined && options.ifMatch !== loaded.version) return null;
  let events: OrderEvent[];
  try {
    events = options.decide(loaded.state);
  } catch {
    return null;
  }
  if (events.length === 0) return null;
  const userId = await lookUpCustomer(deps, events.reduce(evolve, loaded.state));
  const appending = toNewEvents(events, context, options.eventId);
  let appended: { nextVersion: number; position: number };
  try {
    appended = await deps.store.append(stream, appending, { expectedVersion: loaded.version, landed: 'conflict' });
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) return null;
    throw error;
  }
  const now = foldOrderHistory(asRecorded(stream, appending, appended.nextVersion, appended.position), loaded);
  // The set only grows, as the stream does: shared with the entry it replaces rather than copied.
  knownOrders(deps.store).set(stream, { loaded: now, commandIds: kept.commandIds.add(context.commandId) });
  return { ...now, position: appended.position, appended: events, userId };
}

/** The whole pipeline (handleCommand): read the stream, decide, append; the order then kept for the next command. */
async function readDecideAppend(deps: CommandDeps, options: OrderCommand, stream: string): Promise<CommandResult> {
  let userId: string | null = null;
  let appending: NewEvent[] = [];
  const handled = await handleCommand<OrderEvent>(deps.store, {
    stream,
    context: options.context,
    ifMatch: options.ifMatch,
    eventId: options.eventId,
    precheck: (history) => {
      if (options.mustExist !== false && foldOrderHistory(history).state === null) throw orderNotFound();
    },
    decide: async (history) => {
      const before = foldOrderHistory(history).state;
      const events = options.decide(before);
      userId = await lookUpCustomer(deps, events.reduce(evolve, before));
      appending = toNewEvents(events, options.context, options.eventId);
      return events;
    },
  });
  const loaded = foldOrderHistory(handled.history);
  const commandIds = () => new Set(handled.history.map((event) => event.metadata.commandId));
  // A command that had already landed did not run decide: its customer is looked up now, still before any append.
  if (handled.appended.length === 0 && handled.position > 0) userId = await lookUpCustomer(deps, loaded.state);
  if (handled.appended.length === 0) {
    if (handled.position === 0) knownOrders(deps.store).set(stream, { loaded, commandIds: commandIds() });
    return { ...loaded, position: handled.position, appended: [], userId };
  }
  knownOrders(deps.store).set(stream, {
    loaded: foldOrderHistory(asRecorded(stream, appending, handled.version, handled.position), loaded),
    commandIds: commandIds().add(options.context.commandId),
  });

  const now = options.context.now;
  const state = handled.appended.reduce(evolve, loaded.state);
  const complete = state !== null && isOrderComplete(state.items);
  return {
    state,
    version: handled.version,
    meta: {
      version: handled.version,
      createdAt: loaded.meta.createdAt || now,
      updatedAt: now,
      deliveredAt: complete ? (loaded.meta.deliveredAt ?? now) : null,
    },
    position: handled.position,
    appended: handled.appended,
    userId,
  };
}
