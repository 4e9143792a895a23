-- Up Migration
-- Which command-service process claimed a pending key (its advisory lock, infra/src/idempotency/process-lease.ts):
-- a retry of a request whose process was killed takes the key over at once, instead of after the lease.
alter table commands.idempotency_keys add column holder integer;

-- Down Migration
alter table commands.idempotency_keys drop column holder;
