import type { RecordedDomainEvent } from '@ot/contracts/events/event-registry.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { memoryView } from '../../runtime/memory-view.ts';
import { deliveryNotes, emailEventsProjection, requestedOrderNumber } from './email-events.projection.ts';

const recorded = <T extends RecordedDomainEvent['type']>(
  type: T,
  data: Extract<RecordedDomainEvent, { type: T }>['data'],
  stream = 'email-n-1',
) =>
  ({
    id: 'e-1',
    type,
    data,
    metadata: {
      actor: { kind: 'admin', id: 'a', name: 'studio.admin' },
      occurredAt: '2026-11-22T10:00:00.000Z',
      commandId: 'c',
      correlationId: 'c',
      causationId: null,
    },
    stream,
    version: 3,
    position: 7,
    tx: 1,
    schemaVersion: 1,
  }) as Extract<RecordedDomainEvent, { type: T }>;

test("a request in an order's stream is about that order; elsewhere it names its order", () => {
  const request = { notificationId: 'n-1', recipientEmail: 'a@example.com', emailType: 'order_update' };
  assert.is(requestedOrderNumber(recorded('CustomerNotificationRequested', request, 'order-EP-0001')), 'EP-0001');
  assert.is(
    requestedOrderNumber(recorded('CustomerNotificationRequested', { ...request, orderNumber: 'EP-0002' })),
    'EP-0002',
  );
  assert.is(requestedOrderNumber(recorded('CustomerNotificationRequested', request)), null);
});

test('the notes tell an admin how each delivery went', () => {
  const failed = (attempt: number, nextAttemptAt: string | null) =>
    deliveryNotes(
      recorded('EmailDeliveryFailed', {
        notificationId: 'n-1',
        attempt,
        error: 'SendGrid answered 500',
        nextAttemptAt,
      }),
    );
  assert.is(failed(1, '2026-11-22T10:01:00Z'), 'Attempt 1 of 3 failed: SendGrid answered 500. Retrying automatically.');
  assert.is(failed(3, null), 'Failed after 3 attempts: SendGrid answered 500');
  assert.is(failed(1, null), 'Failed, not retried: SendGrid answered 500');
  assert.is(deliveryNotes(recorded('EmailSent', { notificationId: 'n-1', attempt: 1 })), null);
  assert.is(
    deliveryNotes(recorded('EmailSent', { notificationId: 'n-1', attempt: 2 })),
    'Delivered on attempt 2 of 3.',
  );
  assert.match(
    deliveryNotes(recorded('EmailSent', { notificationId: 'n-1', attempt: 1, possibleDuplicate: true })) ?? '',
    'may have received this email twice',
  );
  assert.is(
    deliveryNotes(recorded('EmailRetryRequested', { notificationId: 'n-1', requestedBy: 'studio.admin' })),
    'Retry requested by studio.admin.',
  );
});

test('order events that are not about email leave the log alone', () => {
  const event = recorded('TrackingNumberAssigned', { trackingNumber: 'PF1' }, 'order-EP-0001');
  assert.equal(emailEventsProjection.project(event, memoryView()), []);
});

test('a request is logged pending, with the limits of the spec applied so the projection never rejects it', () => {
  const [change] = emailEventsProjection.project(
    recorded('CustomerNotificationRequested', {
      notificationId: 'n-1',
      recipientEmail: 'a@example.com',
      emailType: 'x'.repeat(80),
      requestedBy: 'y'.repeat(150),
    }),
    memoryView(),
  );
  assert.is(change?.row?.delivery_status, 'pending');
  assert.is(change?.row?.email_type, 'x'.repeat(50));
  assert.is(change?.row?.admin_user, 'y'.repeat(100));
});

test.run();
