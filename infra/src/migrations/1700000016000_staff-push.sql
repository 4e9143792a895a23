-- Up Migration
-- A staff device's push names no order: it tells what entered the "Needs attention" list (the entries
-- its request carried), so its row has no order to read its content from.
alter table push.deliveries
  alter column order_number drop not null,
  alter column content_version drop not null,
  add column attention jsonb;

-- What each staff device last saw in the attention list: (itemId, flag) pairs. An entry not in `seen` at
-- the next look is new to the device. `look` counts the changes, naming each look's push (once per look).
-- Set when the device subscribes, so entries already listed then are not new to it.
create table push.attention_looks (
  subscription_id uuid primary key references push.subscriptions (id) on delete cascade,
  seen jsonb not null,
  look integer not null default 0,
  updated_at timestamptz not null default now()
);

-- Down Migration
drop table push.attention_looks;
delete from push.deliveries where order_number is null;
alter table push.deliveries
  drop column attention,
  alter column order_number set not null,
  alter column content_version set not null;
