import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { decideSendTestEmail } from './send-test-email.ts';

test('a test email is a notification request tied to no order, by the admin who asked', () => {
  assert.equal(
    decideSendTestEmail({
      type: 'SendTestEmail',
      notificationId: 'n-1',
      email: 'me@example.com',
      subject: 'Test email from Elite Performance Golf',
      requestedBy: 'studio.admin',
    }),
    [
      {
        type: 'CustomerNotificationRequested',
        data: {
          notificationId: 'n-1',
          recipientEmail: 'me@example.com',
          emailType: 'test',
          subject: 'Test email from Elite Performance Golf',
          requestedBy: 'studio.admin',
          resendOf: null,
          orderNumber: null,
          orderVersion: null,
        },
      },
    ],
  );
});

test.run();
