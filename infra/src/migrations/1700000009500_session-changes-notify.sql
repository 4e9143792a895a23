-- Up Migration
-- The query service keeps sessions (and what it read beside them) in memory for a moment; it forgets
-- them on this notification. Any change that can end or alter what a session lets someone read
-- notifies, whichever code path makes it: a session deleted (sign-out, a new password, another role,
-- expiry) or its lifetime changed, a user added, changed or removed. Sliding `last_seen_at` does not.
-- NOTIFY is sent at commit, so a listener never forgets something that then stays.
create function auth.notify_session_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('auth_changed', '');
  return null;
end $$;
create trigger sessions_notify_change
  after delete or truncate or update of expires_at, idle_timeout_seconds, user_id, is_admin, id_hash on auth.sessions
  for each statement execute function auth.notify_session_change();
create trigger users_notify_change after insert or update or delete or truncate on auth.users
  for each statement execute function auth.notify_session_change();

-- Down Migration
drop trigger users_notify_change on auth.users;
drop trigger sessions_notify_change on auth.sessions;
drop function auth.notify_session_change();
