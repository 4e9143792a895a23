import type { RecordedEmailEvent } from '@ot/contracts/email/email-events.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decideResendEmail, type ResendEmail } from './resend-email.ts';

type Request = Extract<RecordedEmailEvent, { type: 'CustomerNotificationRequested' }>;

const resend: ResendEmail = { type: 'ResendEmail', notificationId: 'n-2', requestedBy: 'studio.admin' };
const request = (stream: string, version: number, data: Partial<Request['data']> = {}): Request => ({
  id: 'e-1',
  type: 'CustomerNotificationRequested',
  data: { notificationId: 'n-1', recipientEmail: 'jane@example.com', emailType: 'order_update', ...data },
  metadata: {
    actor: { kind: 'admin', id: 'a', name: 'other.admin' },
    occurredAt: '2026-11-01T10:00:00Z',
    commandId: 'c',
    correlationId: 'c',
    causationId: null,
  },
  stream,
  version,
  position: 10,
  tx: 1,
  schemaVersion: 1,
});

test('a resend of an order email is a new email to the same recipient, showing the order as the original did', () => {
  const events = decideResendEmail(resend, request('order-EP-0007', 5, { subject: 'Your clubs' }));
  assert.equal(events, [
    {
      type: 'CustomerNotificationRequested',
      data: {
        notificationId: 'n-2',
        recipientEmail: 'jane@example.com',
        emailType: 'order_update',
        subject: 'Your clubs',
        requestedBy: 'studio.admin',
        resendOf: 'n-1',
        orderNumber: 'EP-0007',
        orderVersion: 5,
      },
    },
  ]);
});

test('a resend of a resend keeps pointing at the same order version', () => {
  const [event] = decideResendEmail(
    resend,
    request('email-n-1', 1, { orderNumber: 'EP-0007', orderVersion: 5, resendOf: 'n-0' }),
  );
  assert.equal(event?.type === 'CustomerNotificationRequested' && [event.data.orderNumber, event.data.orderVersion], [
    'EP-0007',
    5,
  ]);
});

test('a resend of a test email stays tied to no order', () => {
  const [event] = decideResendEmail(resend, request('email-n-1', 1, { emailType: 'test', orderNumber: null }));
  assert.is(event?.type === 'CustomerNotificationRequested' && event.data.orderNumber, null);
  assert.is(event?.type === 'CustomerNotificationRequested' && event.data.emailType, 'test');
});

test.run();
