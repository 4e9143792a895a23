-- Up Migration
-- Write-side state that is not events: order-number allocation (and, later, idempotency keys).
-- It lives beside the event store, not inside it, so an EventStoreDB deployment keeps it too.
create schema if not exists commands;

create sequence commands.order_number_seq;
-- Carry on from where the old sequence inside the event store's schema stood.
select setval('commands.order_number_seq', last_value, is_called) from es.order_number_seq;
drop sequence es.order_number_seq;

-- The number each add-order command got: a retried command (same command id) gets the same number.
create table commands.order_number_allocations (
  command_key text primary key,
  order_number bigint not null,
  allocated_at timestamptz not null default now()
);

-- One-off facts about this installation (demo data loaded): not events, so not in the event store's schema.
alter table es.flags set schema commands;

-- Down Migration
alter table commands.flags set schema es;
create sequence es.order_number_seq;
select setval('es.order_number_seq', last_value, is_called) from commands.order_number_seq;
drop schema commands cascade;
