-- Up Migration
-- Emailed one-time sign-in codes for a customer on a new device (CUSTOMER_LOGIN_CODE=1). The code itself is
-- not stored: it is an HMAC of the challenge id (infra/src/auth/login-codes.ts).
create table auth.login_codes (
  id text primary key,
  -- The throttling account (`customer:<email>`), the email the code goes to and the order that proved it.
  account text not null,
  email text not null,
  order_number text not null,
  notification_id text not null unique,
  attempts integer not null default 0,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index login_codes_expires_at_idx on auth.login_codes (expires_at);

-- Down Migration
drop table auth.login_codes;
