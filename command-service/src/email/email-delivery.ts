import {
  type DeliveryState,
  deliveryStateOf,
  type EmailEvent,
  parseEmailEvent,
  type RecordedEmailEvent,
} from '@ot/contracts/email/email-events.ts';
import { emailStream } from '@ot/contracts/email/email-fields.ts';
import type { CommandContext } from '@ot/contracts/events/event-envelope.ts';
import type { EventStore, RecordedEvent } from '@ot/infra/event-store/event-store.ts';
import { handleCommand } from '../commands/handle-command.ts';

const emailEventsOf = (recorded: readonly RecordedEvent[]) =>
  recorded.map(parseEmailEvent).filter((event): event is RecordedEmailEvent => event !== null);

/** The write pipeline of the email commands (see handleCommand), on the email's own stream. */
export async function handleEmailCommand(
  deps: { store: EventStore },
  options: {
    notificationId: string;
    context: CommandContext;
    decide: (state: DeliveryState) => EmailEvent[];
  },
): Promise<{ position: number }> {
  const { position } = await handleCommand<EmailEvent>(deps.store, {
    stream: emailStream(options.notificationId),
    context: options.context,
    decide: (history) => options.decide(deliveryStateOf(emailEventsOf(history))),
  });
  return { position };
}
