-- Up Migration
-- Lead times need only how many items left each stage after how many whole days, per manufacturer and item
-- type, and when: so the item-stages projection counts them, one row per quarter hour instead of one per
-- stage each item left (a rebuild wrote as many of those as of every other read model together).
-- `left_at` is the start of the quarter hour: a window of studio days, in any time zone, is exact.
create table if not exists rm.item_stage_counts (
  id text primary key,
  manufacturer text,
  item_type text not null,
  status text not null,
  left_at timestamptz not null,
  days integer not null,
  items integer not null
);
-- Only the window's range is filtered on; the rest is summed whole.
alter table rm.item_stage_counts
  alter column id set statistics 0,
  alter column manufacturer set statistics 0,
  alter column item_type set statistics 0,
  alter column status set statistics 0,
  alter column days set statistics 0,
  alter column items set statistics 0;

-- The spans the projection wrote so far, counted. `id` is the projection's key, the text of
-- JSON.stringify([manufacturer, item_type, status, left_at as an ISO time, days]), so the projector adds to
-- these rows.
insert into rm.item_stage_counts (id, manufacturer, item_type, status, left_at, days, items)
select '[' || coalesce(to_json(manufacturer)::text, 'null') || ',' || to_json(item_type)::text || ','
         || to_json(status)::text || ','
         || to_json(to_char(quarter at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text || ',' || days || ']',
       manufacturer, item_type, status, quarter, days, count(*)::int
  from (select manufacturer, item_type, status, days,
               to_timestamp(floor(extract(epoch from left_at) / 900) * 900) as quarter
          from rm.item_stage_spans where forward) spans
 group by manufacturer, item_type, status, quarter, days
on conflict (id) do nothing;

drop table if exists rm.item_stage_spans;

-- An open item's name and ETA are its order's (rm.order_items); the record times are the events' own, and
-- the span numbers went with the spans. Items are found by key or read whole: their ids need no statistics.
alter table rm.item_stages
  drop column if exists item_name,
  drop column if exists estimated_delivery,
  drop column if exists seq,
  drop column if exists entered_recorded_at,
  alter column item_id set statistics 0,
  alter column order_number set statistics 0,
  alter column first_eta set statistics 0;
-- The insights read items ready in a window by scanning them: the index cost every write more than it saved.
drop index if exists rm.item_stages_ready_idx;

-- Down Migration
-- The columns and spans come back empty: `npm run projections:rebuild` after going back fills them again.
create index if not exists item_stages_ready_idx on rm.item_stages (ready_at) where ready_at is not null;
alter table rm.item_stages
  alter column item_id set statistics -1,
  alter column order_number set statistics -1,
  alter column first_eta set statistics -1,
  add column if not exists item_name text,
  add column if not exists estimated_delivery text,
  add column if not exists seq integer,
  add column if not exists entered_recorded_at timestamptz;
create table if not exists rm.item_stage_spans (
  id text primary key,
  item_id text not null,
  order_number text not null,
  manufacturer text,
  item_type text not null,
  status text not null,
  next_status text not null,
  entered_at timestamptz not null,
  left_at timestamptz not null,
  entered_recorded_at timestamptz not null,
  left_recorded_at timestamptz not null,
  days integer not null,
  forward boolean not null
);
create index if not exists item_stage_spans_left_idx on rm.item_stage_spans (left_at) include (manufacturer, item_type, status, days)
  where forward;
drop table if exists rm.item_stage_counts;
