-- Up Migration
-- An item's stage lives on its order item: the item-stages projection sets these columns of rm.order_items
-- (the orders projection sets the rest), so a rebuild writes one row per item, not one here and one in
-- rm.item_stages. Times are ISO text, as the events carry them (as rm.orders keeps its own). An item the
-- projection has not seen has no `entered_at`; `last_change_at` is null until something changes after the
-- item entered its stage. The item's type is its name's (contracts/insights/stages.ts), so not kept.
alter table rm.order_items
  add column if not exists first_eta text,
  add column if not exists entered_at text,
  add column if not exists last_change_at text,
  add column if not exists ready_at text;
update rm.order_items i
   set first_eta = s.first_eta,
       entered_at = to_char(s.entered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
       last_change_at = case when s.last_change_at > s.entered_at
                             then to_char(s.last_change_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end,
       ready_at = to_char(s.ready_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  from rm.item_stages s
 where s.item_id = i.id;
-- The insights filter on `ready_at` (and on the status the items already had); the rest is read whole.
alter table rm.order_items
  alter column first_eta set statistics 0,
  alter column entered_at set statistics 0,
  alter column last_change_at set statistics 0;
drop table if exists rm.item_stages;

-- Down Migration
create table if not exists rm.item_stages (
  item_id text primary key,
  order_number text not null,
  item_type text not null,
  manufacturer text,
  first_eta text,
  status text not null,
  entered_at timestamptz not null,
  last_change_at timestamptz not null,
  ready_at timestamptz
);
-- The type as the projection named it: the spec's item type the name is, else the name (an older
-- projector's rebuild, `npm run projections:rebuild`, also finds the types a name contains).
insert into rm.item_stages (item_id, order_number, item_type, manufacturer, first_eta, status, entered_at, last_change_at, ready_at)
select id, order_number, coalesce(nullif(trim(name), ''), 'Item'), manufacturer, first_eta, status,
       entered_at::timestamptz, coalesce(last_change_at, entered_at)::timestamptz, ready_at::timestamptz
  from rm.order_items
 where entered_at is not null
on conflict (item_id) do nothing;
alter table rm.item_stages
  alter column item_id set statistics 0,
  alter column order_number set statistics 0,
  alter column item_type set statistics 0,
  alter column manufacturer set statistics 0,
  alter column first_eta set statistics 0,
  alter column entered_at set statistics 0,
  alter column last_change_at set statistics 0;
alter table rm.order_items
  drop column if exists first_eta,
  drop column if exists entered_at,
  drop column if exists last_change_at,
  drop column if exists ready_at;
