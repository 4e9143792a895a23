-- Up Migration
-- The admin dashboard pages through orders by tab, newest first, with a keyset cursor on
-- (order_date, order_number): neither ever changes once an order is placed, so a page boundary never
-- moves under a writer and paging never skips or repeats an order.
create index if not exists orders_admin_list_idx on rm.orders (complete, order_date desc, order_number desc);
create index if not exists orders_list_idx on rm.orders (order_date desc, order_number desc);

-- The order's ETA (its own estimate, else the latest item ETA once every item has one),
-- kept by the projector beside complete and all_etas_added, so overdue is one comparison with today.
alter table rm.orders add column if not exists eta text;
update rm.orders o set eta = coalesce(
  nullif(o.estimated_delivery, ''),
  case when o.all_etas_added then
    (select (array_agg(i.estimated_delivery order by left(i.estimated_delivery, 10) desc, i.ordinal))[1]
       from rm.order_items i where i.order_number = o.order_number)
  end
);

-- Dashboard search: order number, customer name and email, any case, anywhere in the text, from
-- trigram indexes (a `like '%q%'` over 100,000 orders otherwise scans them all). pg_trgm was installed,
-- where it can be, by 1700000001001_order-search-indexes; without it the search still works, by scanning.
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_trgm') then
    execute 'create index if not exists orders_number_trgm_idx on rm.orders using gin (lower(order_number) gin_trgm_ops)';
    execute 'create index if not exists orders_name_trgm_idx on rm.orders using gin (lower(customer_name) gin_trgm_ops)';
    execute 'create index if not exists orders_email_trgm_idx on rm.orders using gin (lower(customer_email) gin_trgm_ops)';
  end if;
end
$$;

-- Down Migration
drop index if exists rm.orders_email_trgm_idx;
drop index if exists rm.orders_name_trgm_idx;
drop index if exists rm.orders_number_trgm_idx;
alter table rm.orders drop column if exists eta;
drop index if exists rm.orders_list_idx;
drop index if exists rm.orders_admin_list_idx;
