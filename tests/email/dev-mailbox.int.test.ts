import type { EmailCommandResponse, EmailEventsPage } from '@ot/contracts/email/email-views.ts';
import type { DevMailboxMessage } from '@ot/infra/email/dev-mailbox-transport.ts';
import type { createPostgresEventStore } from '@ot/infra/event-store/postgres-event-store.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { eventually, orderWithRequestedEmail } from '../support/email-fixtures.ts';
import { startNotifier } from '../support/notifier.ts';
import { type Client, type Stack, startStack } from '../support/stack.ts';

interface Context {
  stack: Stack;
  store: ReturnType<typeof createPostgresEventStore>;
  admin: Client;
  stopNotifier: () => Promise<void>;
}

const test = suite<Context>('without SENDGRID_API_KEY: the dev mailbox', {} as Context);

test.before(async (context) => {
  context.stack = await startStack();
  context.store = context.stack.store;
  context.stopNotifier = startNotifier(context.stack.db.pool, context.store).stop;
  context.admin = context.stack.client();
  await context.admin.loginAdmin();
});
test.after(async ({ stack, stopNotifier }) => {
  await stopNotifier();
  await stack.stop();
});

const mailbox = (admin: Client, notificationId: string) =>
  eventually(
    async () =>
      (await admin.get<{ messages: DevMailboxMessage[] }>(`/api/admin/dev-mailbox?notificationId=${notificationId}`))
        .body.messages,
    (messages) => messages.length > 0,
  );

test('the dev transport keeps each message, HTML and text, for an admin to read, and the log shows it sent', async ({
  admin,
}) => {
  const sent = await admin.post<EmailCommandResponse>('/api/admin/test-email', { email: 'dev@example.com' });

  const [message, ...more] = await mailbox(admin, sent.body.notificationId);
  assert.is(more.length, 0);
  assert.is(message?.to, 'dev@example.com');
  assert.is(message?.subject, 'Test email from Elite Performance Golf');
  assert.match(message?.html ?? '', '<p>This is a test email from the Elite Performance Golf order tracker.</p>');
  assert.match(message?.text ?? '', 'This is a test email from the Elite Performance Golf order tracker.');
  const log = await eventually(
    async () => (await admin.get<EmailEventsPage>('/api/admin/email-events?recipient=dev@example.com')).body.events,
    (events) => events[0]?.deliveryStatus === 'sent',
  );
  assert.is(log[0]?.id, sent.body.notificationId);
});

test('an order email in the dev mailbox escapes what the customer typed', async ({ admin, store }) => {
  const id = await orderWithRequestedEmail(store, 'DEV-0001', 'dev-order@example.com', {
    customerName: '<script>alert("x")</script> & Co',
  });

  const [message] = await mailbox(admin, id);
  assert.match(message?.html ?? '', '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
  assert.not.match(message?.html ?? '', '<script>');
  assert.match(message?.text ?? '', '<script>alert("x")</script> & Co');
  assert.match(message?.subject ?? '', 'DEV-0001');
});

test('a second notifier waits as standby while the first is active, and takes over when it stops', async (context) => {
  const { admin, stack, store } = context;
  const second = startNotifier(stack.db.pool, store);
  const before = await orderWithRequestedEmail(store, 'DEV-0002', 'standby@example.com');
  await mailbox(admin, before);
  assert.is(second.notifier.isActive(), false, 'the second waits');

  await context.stopNotifier();
  context.stopNotifier = second.stop;
  await eventually(
    async () => second.notifier.isActive(),
    (active) => active,
  );
  const after = await orderWithRequestedEmail(store, 'DEV-0003', 'taken-over@example.com');

  assert.is((await mailbox(admin, after)).length, 1);
  assert.is((await mailbox(admin, before)).length, 1);
});

test.run();
