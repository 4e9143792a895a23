-- Up Migration
create schema if not exists push;

-- A customer's devices that asked for push messages. Device state, not history: kept in a table (never
-- in events, which cannot be erased), one row per browser subscription, keyed by the user it belongs to.
create table push.subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  expiration_time timestamptz,
  created_at timestamptz not null default now()
);
create index subscriptions_user_idx on push.subscriptions (user_id);

-- How a customer wants to hear of updates; no row: both email and push.
create table push.preferences (
  user_id uuid primary key references auth.users (id) on delete cascade,
  channels text not null check (channels in ('email', 'push', 'both')),
  updated_at timestamptz not null default now()
);

-- The studio's VAPID key pair when VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are not set: made at first start
-- and kept, since every browser subscription is bound to the public key it was made with.
create table push.vapid_keys (
  id boolean primary key default true check (id),
  public_key text not null,
  private_key text not null,
  created_at timestamptz not null default now()
);

-- The notifier's push work list: one row per message to one subscription, as email.deliveries is for
-- emails (the same fold of requests and outcomes, the same 'sending' marker before an attempt).
create table push.deliveries (
  push_id text primary key,
  notification_id text not null,
  order_number text not null,
  content_version integer not null,
  -- No foreign key: a subscription removed after a 404/410 leaves its deliveries' history here.
  subscription_id uuid not null,
  request_event_id text not null,
  correlation_id text not null,
  state text not null check (state in ('pending', 'sending', 'sent', 'failed')),
  attempt integer not null default 0,
  attempt_id uuid,
  next_attempt_at timestamptz not null,
  last_error text,
  unknown_outcomes integer not null default 0,
  requested_at timestamptz not null,
  updated_at timestamptz not null default now()
);
create index push_deliveries_due_idx on push.deliveries (next_attempt_at) where state = 'pending';
create index push_deliveries_sending_idx on push.deliveries (push_id) where state = 'sending';
create index push_deliveries_notification_idx on push.deliveries (notification_id);

-- Down Migration
drop schema push cascade;
