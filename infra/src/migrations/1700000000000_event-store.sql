-- Up Migration
create schema if not exists es;

-- The event store: one row per event, a global position, one version per stream,
-- and the id of the writing transaction so followers never skip a late commit.
create table es.events (
  position bigserial primary key,
  transaction_id xid8 not null default pg_current_xact_id(),
  stream text not null,
  version integer not null,
  id uuid not null unique,
  type text not null,
  schema_version integer not null default 1,
  data jsonb not null,
  metadata jsonb not null,
  recorded_at timestamptz not null default now(),
  unique (stream, version)
);
create index events_follow_idx on es.events (transaction_id, position);

-- Order numbers: a sequence never hands the same number twice.
create sequence es.order_number_seq;

-- Down Migration
drop schema es cascade;
