-- Up Migration
-- With EVENT_STORE=eventstoredb the history written before encryption is converted once, as the owner
-- (infra/src/privacy/convert-eventstoredb-history.ts): EventStoreDB cannot rewrite an event, so each of
-- our streams is copied, sealed, under the `sealed.` namespace, and the old one tombstoned. One row: what
-- the old chains ended with (as privacy.history_conversions records for Postgres), when the copy and the
-- followers' checkpoints were committed, and when the old streams were tombstoned. Each copied stream's
-- old and new heads go to privacy.resealed_streams.
-- (The schema is the privacy migration's; a store migrated in another order may meet this one first.)
create schema if not exists privacy;
create table privacy.eventstoredb_conversions (
  id integer primary key check (id = 1),
  -- sha256 of every old stream's last hash, `stream:hash` lines in stream order.
  old_head bytea,
  old_events bigint,
  old_streams bigint,
  copied_at timestamptz,
  converted_at timestamptz
);
insert into privacy.eventstoredb_conversions (id) values (1);

-- Down Migration
drop table privacy.eventstoredb_conversions;
