-- Up Migration
-- As for the other read models: ANALYZE only what queries filter, join or group on. Lead times filter a
-- span by `forward` and `left_at` and group by manufacturer, item type, status and days; the rest of a span
-- is kept for the record. Open items are read whole (the attention list keeps them) or by order and item.
alter table rm.item_stage_spans
  alter column id set statistics 0,
  alter column item_id set statistics 0,
  alter column order_number set statistics 0,
  alter column next_status set statistics 0,
  alter column entered_at set statistics 0,
  alter column entered_recorded_at set statistics 0,
  alter column left_recorded_at set statistics 0;
alter table rm.item_stages
  alter column item_name set statistics 0,
  alter column item_type set statistics 0,
  alter column manufacturer set statistics 0,
  alter column estimated_delivery set statistics 0,
  alter column seq set statistics 0,
  alter column entered_at set statistics 0,
  alter column entered_recorded_at set statistics 0,
  alter column last_change_at set statistics 0;
-- Nothing finds a span by its item, and open items are read whole or by key: these indexes only cost writes.
drop index if exists rm.item_stage_spans_item_idx;
drop index if exists rm.item_stages_open_idx;

-- Down Migration
create index if not exists item_stages_open_idx on rm.item_stages (status, entered_at)
  where status <> 'order_collected_shipped';
create index if not exists item_stage_spans_item_idx on rm.item_stage_spans (item_id);
alter table rm.item_stages
  alter column item_name set statistics -1,
  alter column item_type set statistics -1,
  alter column manufacturer set statistics -1,
  alter column estimated_delivery set statistics -1,
  alter column seq set statistics -1,
  alter column entered_at set statistics -1,
  alter column entered_recorded_at set statistics -1,
  alter column last_change_at set statistics -1;
alter table rm.item_stage_spans
  alter column id set statistics -1,
  alter column item_id set statistics -1,
  alter column order_number set statistics -1,
  alter column next_status set statistics -1,
  alter column entered_at set statistics -1,
  alter column entered_recorded_at set statistics -1,
  alter column left_recorded_at set statistics -1;
