import type { CommandContext } from '@ot/contracts/events/event-envelope.ts';
import type { SkippedRow } from '@ot/contracts/imports/import-report.ts';
import { orderStreamPrefix } from '@ot/contracts/orders/order-events.ts';
import { orderNumberKey } from '@ot/contracts/orders/order-fields.ts';
import { EventIdsTakenError, type NewEvent, startStreams } from '@ot/infra/event-store/event-store.ts';
import { nameBasedId } from '@ot/infra/event-store/name-based-id.ts';
import { type AppContext, adminOnly, requireAdmin } from '@ot/infra/http/session.ts';
import { commandEventId, toNewEvents } from '../../commands/handle-command.ts';
import type { CommandRouter, CommandServiceDeps } from '../../deps.ts';
import { commandContext } from '../../http/command-context.ts';
import { handleOrderCommand } from '../../orders/handle-order-command.ts';
import { orderStream } from '../../orders/order.ts';
import { isOrderNumberTaken, placeOrderCommand } from '../../orders/place-order/place-new-order.ts';
import { decidePlaceOrder } from '../../orders/place-order/place-order.ts';
import { importRows, type RowOutcome, replyWithOutcomes } from '../import-answer.ts';
import { isJsonBody, parseJsonFile, readImportFile } from '../import-body.ts';
import { mapLimited } from '../run-limited.ts';
import { type OrderRow, planOrderImport } from './import-orders.ts';

const CONCURRENCY = 6;
/** Orders started in one write of the store: one write per order could not import thousands a second. */
const BATCH = 500;

/**
 * How far past the last number handed out an imported number may move the sequence. A number further
 * ahead (a typo such as EP-999999999) is imported as it is but left out, or every later order would
 * get a huge number; should the sequence ever reach it, add-order skips the taken number.
 */
export const MAX_SEQUENCE_JUMP = 10_000;

/** Orders already placed under these Squarespace ids (for rows that carry no order number). */
async function existingExternalIds(deps: CommandServiceDeps, orders: OrderRow[]): Promise<Map<string, string>> {
  const ids = orders.flatMap((o) => (!o.request.orderNumber && o.request.squarespaceOrderId?.trim()) || []);
  if (ids.length === 0) return new Map();
  const { rows } = await deps.pool.query<{ squarespace_order_id: string; order_number: string }>(
    'select squarespace_order_id, order_number from rm.orders where squarespace_order_id = any($1::text[])',
    [ids],
  );
  return new Map(rows.map((row) => [row.squarespace_order_id, row.order_number]));
}

/** Orders already placed under the rows' own numbers, in any case (`ep-0007` is `EP-0007`): key -> the number as stored. */
async function existingOrderNumbers(deps: CommandServiceDeps, orders: OrderRow[]): Promise<Map<string, string>> {
  const keys = orders.flatMap((o) => (o.request.orderNumber ? [orderNumberKey(o.request.orderNumber)] : []));
  if (keys.length === 0) return new Map();
  const { rows } = await deps.pool.query<{ order_number: string }>(
    'select order_number from rm.orders where upper(order_number) = any($1::text[])',
    [keys],
  );
  return new Map(rows.map((row) => [orderNumberKey(row.order_number), row.order_number]));
}

/**
 * A row without an order number is placed with an `OrderPlaced` whose event id is named after its
 * import key: the store refuses that id a second time, so the same row never makes a second order,
 * even when two imports of one file race.
 */
const placedEventId = (importKey: string) => nameBasedId(`import-order:${importKey}`);

/** Rows whose `OrderPlaced` is already in the store, with the order they became. */
async function alreadyImported(deps: CommandServiceDeps, orders: OrderRow[]): Promise<Map<string, string>> {
  const ids = orders.flatMap((order) => (order.importKey ? [placedEventId(order.importKey)] : []));
  if (ids.length === 0) return new Map();
  const events = await deps.store.readEventsById(ids);
  return new Map(events.map((event) => [event.id, event.stream.slice(orderStreamPrefix.length)]));
}

const alreadyImportedSkip = (order: OrderRow, orderNumber: string): SkippedRow => {
  const externalId = order.request.squarespaceOrderId?.trim();
  return externalId
    ? {
        row: order.row,
        key: externalId,
        reason: `Squarespace order ${externalId} was already imported as ${orderNumber}`,
      }
    : { row: order.row, key: null, reason: `This order was already imported as ${orderNumber}` };
};

/** One order, one append: a crash never leaves half an order. An existing number is skipped, not overwritten. */
async function placeImported(
  deps: CommandServiceDeps,
  order: OrderRow,
  preallocated: string | undefined,
  importContext: CommandContext,
): Promise<RowOutcome> {
  const commandId = deps.newId();
  const context = { ...importContext, commandId };
  let candidate = order.request.orderNumber ?? preallocated;
  for (let attempt = 1; ; attempt++) {
    const orderNumber = candidate ?? (await deps.orderNumbers.allocate(`${commandId}#${attempt}`));
    try {
      const result = await handleOrderCommand(deps, {
        orderNumber,
        context,
        mustExist: false,
        decide: (state) => decidePlaceOrder(placeOrderCommand(context, orderNumber, order.request), state),
        // The first (and only) event of a new order takes the row's name-based id.
        eventId: (index) =>
          index === 0 && order.importKey ? placedEventId(order.importKey) : commandEventId(commandId, index),
      });
      return { kind: 'imported', key: orderNumber, position: result.position };
    } catch (error) {
      if (error instanceof EventIdsTakenError) {
        return { kind: 'skipped', skip: alreadyImportedSkip(order, error.takenBy.slice(orderStreamPrefix.length)) };
      }
      if (!isOrderNumberTaken(error)) throw error;
      if (order.request.orderNumber) {
        return {
          kind: 'skipped',
          skip: { row: order.row, key: orderNumber, reason: `Order ${orderNumber} already exists` },
        };
      }
      if (attempt >= 20) throw error;
      candidate = undefined;
    }
  }
}

/**
 * The fast path: each order's `OrderPlaced`, decided as for one order, and a batch of them started
 * in one write (a stream that exists already is left alone). Any order the batch did not start
 * (its number was taken meanwhile), or a batch the store refused whole (an event id a racing import
 * of the same file took), goes the one-order way above, which says why a row was skipped.
 */
async function placeBatch(
  deps: CommandServiceDeps,
  orders: readonly OrderRow[],
  preallocated: ReadonlyMap<OrderRow, string>,
  importContext: CommandContext,
): Promise<RowOutcome[]> {
  const oneByOne = (order: OrderRow) => placeImported(deps, order, preallocated.get(order), importContext);
  const planned = orders.map((order) => {
    const commandId = deps.newId();
    const context = { ...importContext, commandId };
    const orderNumber = order.request.orderNumber ?? (preallocated.get(order) as string);
    const events = toNewEvents(
      decidePlaceOrder(placeOrderCommand(context, orderNumber, order.request), null),
      context,
      (index) => (index === 0 && order.importKey ? placedEventId(order.importKey) : commandEventId(commandId, index)),
    );
    return { order, orderNumber, events };
  });
  const batchable = planned.filter((plan) => plan.events.length === 1);
  let started: Awaited<ReturnType<typeof startStreams>>;
  try {
    started = await startStreams(
      deps.store,
      batchable.map((plan) => ({ stream: orderStream(plan.orderNumber), event: plan.events[0] as NewEvent })),
    );
  } catch {
    return mapLimited(orders, CONCURRENCY, oneByOne);
  }
  const results = new Map(batchable.map((plan, index) => [plan.order, started[index] ?? null]));
  return mapLimited(planned, CONCURRENCY, async ({ order, orderNumber }): Promise<RowOutcome> => {
    const result = results.get(order);
    return result ? { kind: 'imported', key: orderNumber, position: result.position } : oneByOne(order);
  });
}

/** The orders of the request: its JSON body, or a JSON file (uploaded, or sent as the body under another type). */
async function requestOrders(ctx: AppContext): Promise<unknown[]> {
  if (isJsonBody(ctx)) return importRows(ctx.request.body, 'orders');
  const file = await readImportFile(ctx);
  return importRows(parseJsonFile(new TextDecoder().decode(file.bytes)), 'orders');
}

/** POST /api/admin/import: an array of add-order payloads, each placed as `OrderPlaced` by the import. */
export function importOrdersRoute(router: CommandRouter, deps: CommandServiceDeps): void {
  router.post('/api/admin/import', adminOnly, async (ctx) => {
    const admin = requireAdmin(ctx);
    const plan = planOrderImport(await requestOrders(ctx), deps.config.ORDER_NUMBER_PREFIX);
    const context = commandContext(ctx, deps, { kind: 'import', id: admin.id, name: admin.username });

    // Squarespace ids also match orders added in the form; name-based event ids match earlier imports.
    const [knownExternal, importedBefore, knownNumbers] = await Promise.all([
      existingExternalIds(deps, plan.orders),
      alreadyImported(deps, plan.orders),
      existingOrderNumbers(deps, plan.orders),
    ]);
    const skipped = [...plan.skipped];
    const toPlace = plan.orders.filter((order) => {
      const known = order.request.orderNumber && knownNumbers.get(orderNumberKey(order.request.orderNumber));
      if (known) {
        skipped.push({
          row: order.row,
          key: order.request.orderNumber ?? null,
          reason: `Order ${known} already exists`,
        });
        return false;
      }
      const externalId = order.request.orderNumber ? undefined : order.request.squarespaceOrderId?.trim();
      const existing =
        (order.importKey && importedBefore.get(placedEventId(order.importKey))) ||
        (externalId && knownExternal.get(externalId));
      if (existing) skipped.push(alreadyImportedSkip(order, existing));
      return !existing;
    });

    // Move past the file's own numbers, so add-order never hands one of them out again.
    await deps.orderNumbers.reservePast(plan.sequenceNumbers, MAX_SEQUENCE_JUMP);
    const numbers = await deps.orderNumbers.allocateMany(toPlace.filter((order) => !order.request.orderNumber).length);
    const preallocated = new Map<OrderRow, string>();
    for (const order of toPlace) if (!order.request.orderNumber) preallocated.set(order, numbers.shift() as string);

    const outcomes: RowOutcome[] = [];
    for (let start = 0; start < toPlace.length; start += BATCH) {
      outcomes.push(...(await placeBatch(deps, toPlace.slice(start, start + BATCH), preallocated, context)));
    }
    replyWithOutcomes(ctx, {
      kind: 'orders',
      total: plan.orders.length + plan.skipped.length + plan.rejected.length,
      rejected: plan.rejected,
      skipped,
      outcomes,
    });
  });
}
