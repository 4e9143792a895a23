-- Up Migration
create schema if not exists email;

-- The notifier's own work list, one row per requested email. It is the fold of the email events the
-- notifier has taken in (requests, outcomes, retry requests; advanced with its checkpoint in one
-- transaction), plus one thing no event records: state 'sending', the marker committed just before an
-- attempt goes out. A marker still there after a crash means the attempt's outcome is unknown.
create table email.deliveries (
  notification_id text primary key,
  order_number text,
  -- The order version whose state the email shows (the version of the change that asked for it).
  content_version integer,
  recipient_email text not null,
  email_type text not null,
  subject text,
  resend_of text,
  request_event_id text not null,
  correlation_id text not null,
  state text not null check (state in ('pending', 'sending', 'sent', 'failed')),
  -- Attempts in the current round (a manual retry of a failed email starts a new round of 3).
  attempt integer not null default 0,
  -- The marker's id, reused as the id of the outcome event, so recording an outcome twice is harmless.
  attempt_id uuid,
  next_attempt_at timestamptz not null,
  last_error text,
  unknown_outcomes integer not null default 0,
  requested_at timestamptz not null,
  updated_at timestamptz not null default now()
);
create index deliveries_due_idx on email.deliveries (next_attempt_at) where state = 'pending';
create index deliveries_sending_idx on email.deliveries (notification_id) where state = 'sending';

-- The dev transport (no SENDGRID_API_KEY): each message as it would have gone out, for an admin to read.
create table email.dev_mailbox (
  id bigserial primary key,
  notification_id text not null,
  to_email text not null,
  from_email text not null,
  subject text not null,
  html text not null,
  text text not null,
  stored_at timestamptz not null default now()
);
create index dev_mailbox_notification_idx on email.dev_mailbox (notification_id);

-- Read model: email_events, the email log, one row per requested email (id = notification id).
create table rm.email_events (
  id text primary key,
  order_id text,
  order_number varchar(100),
  recipient_email varchar(255) not null,
  email_type varchar(50) not null,
  status varchar(50),
  subject text,
  sent_at timestamptz not null,
  delivery_status varchar(20) not null default 'sent',
  notes text,
  admin_user varchar(100),
  retry_count integer not null default 0,
  next_attempt timestamptz,
  resend_of text,
  -- Sent after a crash lost an earlier attempt's outcome: the customer may have it twice.
  possible_duplicate boolean not null default false,
  request_stream text not null,
  requested_at timestamptz not null,
  position bigint not null
);
create index email_events_recent_idx on rm.email_events (requested_at desc, position desc);
create index email_events_sent_at_idx on rm.email_events (sent_at);
create index email_events_order_idx on rm.email_events (lower(order_number));
create index email_events_recipient_idx on rm.email_events (lower(recipient_email));

-- Read model: emails that failed and wait for an automatic retry.
create table rm.email_retry_queue (
  id text primary key,
  order_number varchar(100),
  recipient_email varchar(255) not null,
  retry_count integer not null,
  next_attempt timestamptz not null
);
create index email_retry_queue_next_idx on rm.email_retry_queue (next_attempt);

-- Down Migration
drop table rm.email_retry_queue;
drop table rm.email_events;
drop schema email cascade;
