-- Up Migration
-- ANALYZE gathers statistics for the columns queries filter, join or sort on; the rest only cost time
-- (a rebuild analyzes every read model before swapping it in; autovacuum analyzes as rows change).
-- A timeline entry is found by its order and version (and whether customers see it), never by its text.
alter table rm.order_timeline
  alter column status set statistics 0,
  alter column timestamp set statistics 0,
  alter column title set statistics 0,
  alter column description set statistics 0,
  alter column event_type set statistics 0,
  alter column actor set statistics 0;
-- An order's addresses and notes are shown, never searched.
alter table rm.orders
  alter column shipping_address set statistics 0,
  alter column billing_address set statistics 0,
  alter column customer_notes set statistics 0,
  alter column fitter_notes set statistics 0;

-- Down Migration
alter table rm.order_timeline
  alter column status set statistics -1,
  alter column timestamp set statistics -1,
  alter column title set statistics -1,
  alter column description set statistics -1,
  alter column event_type set statistics -1,
  alter column actor set statistics -1;
alter table rm.orders
  alter column shipping_address set statistics -1,
  alter column billing_address set statistics -1,
  alter column customer_notes set statistics -1,
  alter column fitter_notes set statistics -1;
