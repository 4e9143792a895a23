-- Up Migration
-- Each check that the stored data is what the events say (projections:verify, audit:verify), with its
-- outcome and when it ran, for auditors. Shared with the event-log audit (if not exists: either may come first).
create schema if not exists audit;
create table if not exists audit.verifications (
  id bigserial primary key,
  kind text not null,
  ok boolean not null,
  details jsonb not null default '{}',
  verified_at timestamptz not null default now()
);
create index if not exists verifications_kind_idx on audit.verifications (kind, verified_at desc);

-- Down Migration
drop table if exists audit.verifications;
