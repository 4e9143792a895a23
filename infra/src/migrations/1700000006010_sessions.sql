-- Up Migration
-- An absolute lifetime beside the idle timeout: a stolen session cannot be kept alive by using it.
alter table auth.sessions add column expires_at timestamptz;
update auth.sessions
   set expires_at = created_at + case when is_admin then interval '12 hours' else interval '30 days' end;
alter table auth.sessions alter column expires_at set not null;

-- Admins and customers in separate name spaces: an admin called like a customer's email is another person.
alter table auth.users drop constraint users_username_key;
alter table auth.users drop constraint users_email_key;
drop index auth.users_email_lower_idx;
create unique index users_admin_username_idx on auth.users (username) where is_admin;
create unique index users_customer_username_idx on auth.users (username) where not is_admin;
create unique index users_customer_email_idx on auth.users (lower(email)) where not is_admin;

-- A new password (the admin CLI, ADMIN_PASSWORD) or another role ends every session of that user,
-- whichever code path makes the change.
create function auth.end_sessions_on_credential_change() returns trigger language plpgsql as $$
begin
  if new.password_hash is distinct from old.password_hash or new.is_admin is distinct from old.is_admin then
    delete from auth.sessions where user_id = new.id;
  end if;
  return new;
end $$;
create trigger users_end_sessions after update of password_hash, is_admin on auth.users
  for each row execute function auth.end_sessions_on_credential_change();

-- Down Migration
drop trigger users_end_sessions on auth.users;
drop function auth.end_sessions_on_credential_change();
drop index auth.users_customer_email_idx;
drop index auth.users_customer_username_idx;
drop index auth.users_admin_username_idx;
alter table auth.users add constraint users_username_key unique (username);
alter table auth.users add constraint users_email_key unique (email);
create unique index users_email_lower_idx on auth.users (lower(email));
alter table auth.sessions drop column expires_at;
