-- Up Migration
-- The query service keeps sessions (and what it read beside them) in memory for a moment; it forgets
-- them on this notification. Any change that can end or alter what a session lets someone read
-- notifies, whichever code path makes it: a session deleted (sign-out, a new password, another role,
-- expiry), its lifetime changed or its last use moved back, a user added, changed or removed. The
-- app's own sliding of `last_seen_at` (forward) does not: it only lengthens a session.
-- NOTIFY is sent at commit, so a listener never forgets something that then stays.
create function auth.notify_session_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('auth_changed', '');
  return null;
end $$;
create trigger sessions_notify_end after delete or truncate on auth.sessions
  for each statement execute function auth.notify_session_change();
create trigger sessions_notify_change after update on auth.sessions
  for each row when (
    new.last_seen_at < old.last_seen_at
    or new.expires_at is distinct from old.expires_at
    or new.idle_timeout_seconds is distinct from old.idle_timeout_seconds
    or new.user_id is distinct from old.user_id
    or new.is_admin is distinct from old.is_admin
    or new.id_hash is distinct from old.id_hash
  ) execute function auth.notify_session_change();
create trigger users_notify_change after insert or update or delete or truncate on auth.users
  for each statement execute function auth.notify_session_change();

-- Down Migration
drop trigger users_notify_change on auth.users;
drop trigger sessions_notify_change on auth.sessions;
drop trigger sessions_notify_end on auth.sessions;
drop function auth.notify_session_change();
