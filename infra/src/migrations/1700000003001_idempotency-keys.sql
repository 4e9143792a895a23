-- Up Migration
-- The first answer to each write sent with an Idempotency-Key, per user: the same request again gets
-- it again (nothing runs twice); the same key with another request is refused. Kept at least 7 days.
create table commands.idempotency_keys (
  user_id text not null,
  key text not null,
  -- What the request was (method, path, body): the same key with another request is a mistake.
  fingerprint text not null,
  -- 'pending' while the first request runs; 'done' once its answer is stored.
  state text not null check (state in ('pending', 'done')),
  status integer,
  headers jsonb,
  body text,
  claimed_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);
create index idempotency_keys_created_at_idx on commands.idempotency_keys (created_at);

-- Down Migration
drop table commands.idempotency_keys;
