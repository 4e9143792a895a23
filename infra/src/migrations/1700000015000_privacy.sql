-- Up Migration
-- Crypto-shredding (infra/src/privacy/): each customer's personal data in the event log is sealed with a
-- data key of theirs, kept here wrapped by the master key (which is never in the database). Destroying a
-- key (wrapped_key null) erases what it sealed without changing a stored event, so the chains hold.
create schema if not exists privacy;

create table privacy.data_keys (
  subject_id uuid primary key,
  -- A keyed digest of the customer's lowercased email (never the email); null once erased, so the same
  -- email coming back later is a new customer with a new key.
  email_digest bytea unique,
  wrapped_key bytea,
  created_at timestamptz not null default now(),
  erased_at timestamptz
);

-- The erasure ledger: who erased which customer (by id only) and when. Also appended to a file outside the
-- database (docs/privacy.md), so erasures made after a backup can be applied again once it is restored.
create table privacy.erasures (
  subject_id uuid primary key,
  erased_by text not null,
  erased_at timestamptz not null default now()
);

-- The history written before encryption is converted once (infra/src/privacy/convert-history.ts, run
-- right after the migrations, as the owner): its events are rewritten with their personal fields sealed
-- and each chain sealed again. What the old chains ended with is recorded first, so the history before
-- the conversion stays provable against any copy of it made earlier.
create table privacy.history_conversions (
  id integer primary key check (id = 1),
  -- sha256 of every stream's last hash before the conversion, `stream:hash` lines in stream order.
  old_head bytea,
  old_events bigint not null,
  old_streams bigint not null,
  started_at timestamptz not null default now(),
  converted_at timestamptz
);
-- (A store from before the hash chains has no heads to record: the conversion chains it from scratch.)
do $$
begin
  if exists (select 1 from information_schema.columns where table_schema = 'es' and table_name = 'events' and column_name = 'hash') then
    execute $sql$
      insert into privacy.history_conversions (id, old_head, old_events, old_streams)
      select 1,
             sha256(convert_to(coalesce(string_agg(h.stream || ':' || encode(h.hash, 'hex'), E'\n' order by h.stream), ''), 'UTF8')),
             (select count(*) from es.events),
             count(*)
        from (select distinct on (stream) stream, hash from es.events order by stream, version desc) h
    $sql$;
  else
    insert into privacy.history_conversions (id, old_head, old_events, old_streams)
    select 1, null, count(*), count(distinct stream) from es.events;
  end if;
end $$;

-- Each stream the conversion sealed again: its head before and after (the stream as it is now named).
create table privacy.resealed_streams (
  stream text primary key,
  old_head bytea not null,
  new_head bytea not null
);

-- Down Migration
drop schema privacy cascade;
