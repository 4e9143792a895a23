-- Up Migration
-- Failed logins as one row per key (`client:<address>`, `account:<name>`, `device:<nonce>`), claimed by one
-- atomic statement before a password is checked: parallel guesses cannot all slip under the limit.
drop table if exists auth.login_failures;
create table auth.login_failures (
  key text primary key,
  failures integer not null default 0,
  -- Progressive delay: past the limit each failure doubles the wait before the next attempt.
  next_allowed_at timestamptz not null default now(),
  last_attempt_at timestamptz not null default now()
);

-- Keys signing device cookies when SESSION_SECRET is not set: shared by every instance, kept across restarts.
create table auth.server_keys (
  name text primary key,
  key bytea not null,
  created_at timestamptz not null default now()
);

-- Down Migration
drop table auth.server_keys;
drop table auth.login_failures;
create table auth.login_failures (key text not null, failed_at timestamptz not null default now());
create index login_failures_key_idx on auth.login_failures (key, failed_at);
