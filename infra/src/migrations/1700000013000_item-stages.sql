-- Up Migration
-- Each item's current stage (the status it is in, since when, and what the attention list needs), kept by
-- the item-stages projection. Business times (an import's statusHistory, else the event's time) beside
-- the record time of the event that wrote them.
create table if not exists rm.item_stages (
  item_id text primary key,
  order_number text not null,
  item_name text not null,
  item_type text not null,
  manufacturer text,
  estimated_delivery text,
  first_eta text,
  seq integer not null,
  status text not null,
  entered_at timestamptz not null,
  entered_recorded_at timestamptz not null,
  last_change_at timestamptz not null,
  ready_at timestamptz
);
-- The attention list reads open items only; the insights count items per stage and on-time per month.
create index if not exists item_stages_open_idx on rm.item_stages (status, entered_at)
  where status <> 'order_collected_shipped';
create index if not exists item_stages_ready_idx on rm.item_stages (ready_at) where ready_at is not null;

-- Every stage an item has left: how long it stayed (whole days), for lead times per manufacturer,
-- item type and stage. Written once per span and never changed.
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
create index if not exists item_stage_spans_item_idx on rm.item_stage_spans (item_id);

-- Down Migration
drop table if exists rm.item_stage_spans;
drop table if exists rm.item_stages;
