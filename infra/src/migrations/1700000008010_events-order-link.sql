-- Up Migration
-- An order's history is found from the events alone: its own stream, and the streams that live apart
-- but name it in their data (a resent email's request carries `orderNumber`). EventStore's
-- `streamsNamingOrder` reads this index.
create index events_order_number_idx on es.events ((data->>'orderNumber'), position)
  where (data->>'orderNumber') is not null;

-- Down Migration
drop index es.events_order_number_idx;
