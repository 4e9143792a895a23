-- Up Migration
-- One-off facts about this installation (e.g. demo data loaded), kept out of the read models so a rebuild leaves them.
create table if not exists es.flags (
  name text primary key,
  set_at timestamptz not null default now()
);

-- Down Migration
drop table es.flags;
