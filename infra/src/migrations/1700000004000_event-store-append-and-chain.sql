-- Up Migration

-- Tamper evidence: each event carries hash = sha256(previous hash in its stream || canonical document),
-- where the previous hash of a stream's first event is empty and the canonical document is the text
-- PostgreSQL gives the jsonb object {stream, version, type, data, metadata} (infra/src/event-store/
-- event-hash.ts says exactly what that text is and computes the same in TypeScript).
-- Declared stable (as jsonb_build_object and convert_to are) so that it is inlined into the appending
-- statement instead of being planned again on every call.
create function es.event_hash(previous bytea, stream text, version integer, type text, data jsonb, metadata jsonb)
returns bytea
language sql stable parallel safe
as $$
  select sha256(
    coalesce(previous, ''::bytea) || convert_to(
      jsonb_build_object('stream', stream, 'version', version, 'type', type, 'data', data, 'metadata', metadata)::text,
      'UTF8'
    )
  )
$$;

alter table es.events add column hash bytea;

-- Existing events get their chains, stream by stream in version order.
do $$
declare
  event record;
  previous bytea;
  current_stream text;
begin
  for event in select position, stream, version, type, data, metadata from es.events order by stream, version loop
    if current_stream is distinct from event.stream then
      previous := ''::bytea;
      current_stream := event.stream;
    end if;
    previous := es.event_hash(previous, event.stream, event.version, event.type, event.data, event.metadata);
    update es.events set hash = previous where position = event.position;
  end loop;
end
$$;

alter table es.events alter column hash set not null;

-- An append (infra/src/event-store/postgres-append.ts) computes the hashes in its own statement; any other insert (a bulk start of streams, a test) gets its hash
-- here, in the statement that inserts the row. Rows inserted earlier by the same statement are visible
-- to this lookup, so a multi-row insert chains too.
create function es.chain_event() returns trigger
language plpgsql
as $$
declare
  previous bytea := ''::bytea;
begin
  if new.version > 1 then
    select e.hash into previous from es.events e where e.stream = new.stream and e.version = new.version - 1;
    if not found then
      raise exception 'event % of stream % has no version % before it', new.version, new.stream, new.version - 1;
    end if;
  end if;
  new.hash := es.event_hash(previous, new.stream, new.version, new.type, new.data, new.metadata);
  return new;
end
$$;
create trigger events_chain before insert on es.events
  for each row when (new.hash is null) execute function es.chain_event();

-- Append-only, in the database itself: no bug and no stray psql rewrites history. Dropping a whole
-- database (tests) or schema still works; an owner can `alter table ... disable trigger` on purpose,
-- which is what `npm run audit:verify` is there to catch.
create function es.refuse_change() returns trigger
language plpgsql
as $$
begin
  raise exception 'es.events is append-only: % is not allowed', tg_op using errcode = 'insufficient_privilege';
end
$$;
create trigger events_append_only before update or delete on es.events
  for each row execute function es.refuse_change();
create trigger events_no_truncate before truncate on es.events
  for each statement execute function es.refuse_change();

-- Results of the integrity checks (`npm run audit:verify`: kind 'events'; `npm run projections:verify`:
-- kind 'read-models'), newest last; `GET /api/audit/verify` shows the latest of each kind.
create schema if not exists audit;
create table audit.verifications (
  id bigserial primary key,
  kind text not null,
  ok boolean not null,
  checked_at timestamptz not null default now(),
  -- what was checked and what was found, e.g. {"streams": 12, "events": 340, "broken": [...]}
  details jsonb not null default '{}'::jsonb
);
create index verifications_kind_idx on audit.verifications (kind, checked_at desc);

-- Down Migration
drop schema audit cascade;
drop trigger events_no_truncate on es.events;
drop trigger events_append_only on es.events;
drop function es.refuse_change();
drop trigger events_chain on es.events;
drop function es.chain_event();
alter table es.events drop column hash;
drop function es.event_hash(bytea, text, integer, text, jsonb, jsonb);
