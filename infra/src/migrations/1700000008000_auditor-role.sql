-- Up Migration
-- Three roles. Staff (admins and auditors) keep `is_admin = true` for their name space and sign-in at
-- the staff login; `role` says what they may do: an auditor reads everything and writes nothing.
alter table auth.users add column role text not null default 'customer';
update auth.users set role = 'admin' where is_admin;
alter table auth.users add constraint users_role_check check (role in ('admin', 'auditor', 'customer'));
alter table auth.users add constraint users_role_staff_check check ((role = 'customer') = (not is_admin));

-- A staff row inserted without a role (older code, tests) is an admin, as it always was.
create function auth.default_staff_role() returns trigger language plpgsql as $$
begin
  if new.is_admin and new.role = 'customer' then
    new.role := 'admin';
  end if;
  return new;
end $$;
create trigger users_default_staff_role before insert or update of is_admin on auth.users
  for each row execute function auth.default_staff_role();

-- Another role ends every session of that user, as a new password does.
create function auth.end_sessions_on_role_change() returns trigger language plpgsql as $$
begin
  if new.role is distinct from old.role then
    delete from auth.sessions where user_id = new.id;
  end if;
  return new;
end $$;
create trigger users_end_sessions_on_role after update of role on auth.users
  for each row execute function auth.end_sessions_on_role_change();

-- Down Migration
drop trigger users_end_sessions_on_role on auth.users;
drop function auth.end_sessions_on_role_change();
drop trigger users_default_staff_role on auth.users;
drop function auth.default_staff_role();
alter table auth.users drop constraint users_role_staff_check;
alter table auth.users drop constraint users_role_check;
alter table auth.users drop column role;
