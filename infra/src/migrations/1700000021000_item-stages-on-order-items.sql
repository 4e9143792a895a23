-- Up Migration
-- An item's stage lives on its order item: the item-stages projection sets these columns of rm.order_items
-- (the orders projection sets the rest), so a rebuild writes one row per item, not one here and one in
-- rm.item_stages. An item the projection has not seen yet has no `entered_at`.
alter table rm.order_items
  add column if not exists item_type text,
  add column if not exists first_eta text,
  add column if not exists entered_at timestamptz,
  add column if not exists last_change_at timestamptz,
  add column if not exists ready_at timestamptz;
update rm.order_items i
   set item_type = s.item_type, first_eta = s.first_eta, entered_at = s.entered_at,
       last_change_at = s.last_change_at, ready_at = s.ready_at
  from rm.item_stages s
 where s.item_id = i.id;
-- The insights filter on `ready_at` (and the status the items already had); the rest is read whole.
alter table rm.order_items
  alter column item_type set statistics 0,
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
insert into rm.item_stages (item_id, order_number, item_type, manufacturer, first_eta, status, entered_at, last_change_at, ready_at)
select id, order_number, item_type, manufacturer, first_eta, status, entered_at, last_change_at, ready_at
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
  drop column if exists item_type,
  drop column if exists first_eta,
  drop column if exists entered_at,
  drop column if exists last_change_at,
  drop column if exists ready_at;
