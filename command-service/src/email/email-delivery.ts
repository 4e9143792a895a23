import {
  type DeliveryState,
  deliveryStateOf,
  type EmailEvent,
  parseEmailEvent,
  type RecordedEmailEvent,
} from '@ot/contracts/email/email-events.ts';
import { emailStream } from '@ot/contracts/email/email-fields.ts';
import type { CommandContext } from '@ot/contracts/events/event-envelope.ts';
import { type EventStore, WrongExpectedVersionError } from '@ot/infra/event-store/event-store.ts';
import { toNewEvents } from '../orders/order.ts';

export async function loadEmailStream(store: EventStore, notificationId: string) {
  const recorded = await store.readStream(emailStream(notificationId));
  const events = recorded.map(parseEmailEvent).filter((event): event is RecordedEmailEvent => event !== null);
  return { events, version: recorded.at(-1)?.version ?? 0, state: deliveryStateOf(events) };
}

/**
 * The write pipeline of the email commands, like the orders': load the email's stream, decide purely,
 * append with the expected version; a concurrent write is decided again on the fresh stream.
 */
export async function handleEmailCommand(
  deps: { store: EventStore; newId: () => string },
  options: {
    notificationId: string;
    context: CommandContext;
    decide: (state: DeliveryState) => EmailEvent[];
  },
): Promise<{ position: number }> {
  for (let attempt = 1; ; attempt++) {
    const { version, state } = await loadEmailStream(deps.store, options.notificationId);
    const events = options.decide(state);
    try {
      const { position } = await deps.store.append(
        emailStream(options.notificationId),
        toNewEvents(events, options.context, deps.newId),
        { expectedVersion: version === 0 ? 'no_stream' : version },
      );
      return { position };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError && attempt < 3) continue;
      throw error;
    }
  }
}
