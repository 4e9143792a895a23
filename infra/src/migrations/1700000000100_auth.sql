-- Up Migration
create schema if not exists auth;

create table auth.users (
  id uuid primary key default gen_random_uuid(),
  username text not null unique,
  password_hash text,
  email text unique,
  customer_name text,
  customer_phone text,
  is_admin boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_lower_idx on auth.users (lower(email));

-- Server-side sessions: the cookie carries a random token, the table only its hash.
create table auth.sessions (
  id_hash text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  is_admin boolean not null,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  idle_timeout_seconds integer not null
);
create index sessions_user_idx on auth.sessions (user_id);

-- Failed logins, per client and per account, for rate limiting.
create table auth.login_failures (
  key text not null,
  failed_at timestamptz not null default now()
);
create index login_failures_key_idx on auth.login_failures (key, failed_at);

-- Down Migration
drop schema auth cascade;
