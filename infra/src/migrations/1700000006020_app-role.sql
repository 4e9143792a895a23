-- Up Migration
-- Least privilege: the services connect as `order_tracker_app`, never as the owner that runs migrations.
-- It may only add to and read the event log (es.events) and the audit trail, and read and write the other
-- tables (read models, sessions, work lists). The role is shared by every database of the server; its
-- password is set by infra/src/db/app-role.ts (derived from the owner's, or APP_DATABASE_URL's).
do $$
begin
  create role order_tracker_app login nosuperuser nocreatedb nocreaterole noinherit;
exception
  when duplicate_object or unique_violation then null; -- another database of this server made it first
  when insufficient_privilege then raise notice 'cannot create role order_tracker_app: the services will use the owner';
end $$;

-- Run after every migration (infra/src/db/migrate.ts), so tables added later get their grants too.
create function auth.grant_app_role() returns void language plpgsql as $$
declare
  schema_name text;
  item record;
begin
  if not exists (select 1 from pg_roles where rolname = 'order_tracker_app') then return; end if;
  execute format('grant connect, temporary on database %I to order_tracker_app', current_database());
  -- Tables the owner creates later (a projections:rebuild swaps in new read-model tables while the app
  -- runs) are usable at once; es.events and the audit trail keep the narrower grants set below.
  alter default privileges grant select, insert, update, delete, truncate on tables to order_tracker_app;
  alter default privileges grant usage, select, update on sequences to order_tracker_app;
  alter default privileges grant usage on schemas to order_tracker_app;
  for schema_name in
    select nspname from pg_namespace
     where nspowner = (select oid from pg_roles where rolname = current_user)
       and nspname not like 'pg\_%' and nspname <> 'information_schema'
  loop
    execute format('grant usage on schema %I to order_tracker_app', schema_name);
  end loop;
  for item in
    select n.nspname, c.relname, c.relkind from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p', 'S') and c.relowner = (select oid from pg_roles where rolname = current_user)
       and n.nspname not like 'pg\_%' and n.nspname <> 'information_schema'
       and not (n.nspname = 'public' and c.relname = 'pgmigrations')
  loop
    if item.relkind = 'S' then
      -- Positions come from es's sequences: taking the next is all the app may do there.
      execute format('grant usage, select%s on sequence %I.%I to order_tracker_app',
        case when item.nspname = 'es' then '' else ', update' end, item.nspname, item.relname);
    elsif (item.nspname = 'es' and item.relname = 'events') or item.nspname = 'audit' then
      execute format('revoke update, delete, truncate on %I.%I from order_tracker_app', item.nspname, item.relname);
      execute format('grant select, insert on %I.%I to order_tracker_app', item.nspname, item.relname);
    else
      execute format('grant select, insert, update, delete, truncate on %I.%I to order_tracker_app', item.nspname, item.relname);
    end if;
  end loop;
end $$;

select auth.grant_app_role();

-- Down Migration
drop function auth.grant_app_role();
do $$
begin
  if exists (select 1 from pg_roles where rolname = 'order_tracker_app') then
    alter default privileges revoke all on tables from order_tracker_app;
    alter default privileges revoke all on sequences from order_tracker_app;
    alter default privileges revoke all on schemas from order_tracker_app;
  end if;
end $$;
