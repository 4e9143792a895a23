-- Up Migration
-- Customer login finds an order by number case-insensitively.
create index if not exists orders_order_number_upper_idx on rm.orders (upper(order_number));

-- The add-order customer search matches anywhere in a name or email (`like '%q%'`): trigram indexes
-- keep that fast with many thousands of customers. Where pg_trgm cannot be installed the search
-- still works, by scanning.
do $$
begin
  begin
    create extension if not exists pg_trgm;
  exception when others then
    raise notice 'pg_trgm is not available; customer search will scan';
  end;
  if exists (select 1 from pg_extension where extname = 'pg_trgm') then
    execute 'create index if not exists customers_name_trgm_idx on rm.customers using gin (lower(customer_name) gin_trgm_ops)';
    execute 'create index if not exists customers_email_trgm_idx on rm.customers using gin (email_lower gin_trgm_ops)';
  end if;
end
$$;

-- Down Migration
drop index if exists rm.customers_email_trgm_idx;
drop index if exists rm.customers_name_trgm_idx;
drop index if exists rm.orders_order_number_upper_idx;
