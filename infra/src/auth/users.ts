import type { Role } from '@ot/contracts/auth/auth-schemas.ts';
import type pg from 'pg';
import type { ChangeSignal } from '../db/change-signal.ts';
import { preparedQuery } from '../db/prepared.ts';
import { recentlyUsed } from '../recently-used.ts';
import { checkPasswordStrength, hashPassword, verifyPassword } from './passwords.ts';

export interface UserRow {
  id: string;
  username: string;
  password_hash: string | null;
  email: string | null;
  customer_name: string | null;
  customer_phone: string | null;
  is_admin: boolean;
  role: Role;
}

/** Customer ids remembered by email, at most (the least recently used is forgotten first); as many emails without one. */
const KNOWN_CUSTOMERS = 10_000;

const USER_COLUMNS = 'id, username, password_hash, email, customer_name, customer_phone, is_admin, role';

/**
 * Users are plain rows (auth is not the studio's domain): admins with a password, customers by email.
 * With `changes` (the auth tables' changes as this process hears them), an email found to have no
 * customer account is remembered as such until the next change is heard.
 */
export function createUserRepository(pool: pg.Pool, changes?: Pick<ChangeSignal, 'generation' | 'listening'>) {
  return {
    findAdmin: (username: string) => findAdmin(pool, username),
    countAdmins: () => countAdmins(pool),
    /**
     * Create the admin, or set its password when it exists (which ends its sessions: a trigger does that
     * for any change of password or role). The same password again changes nothing, so starting with
     * ADMIN_PASSWORD does not sign the admin out at every restart.
     */
    upsertAdmin: (username: string, password: string, email?: string, role: 'admin' | 'auditor' = 'admin') =>
      upsertAdmin(pool, { username, password, email, role }),
    ...customerAccounts(pool, changes),
  };
}

async function findAdmin(pool: pg.Pool, username: string): Promise<UserRow | null> {
  const { rows } = await pool.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where username = $1 and is_admin`,
    [username],
  );
  return rows[0] ?? null;
}

async function countAdmins(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ count: string }>("select count(*) from auth.users where role = 'admin'");
  return Number(rows[0]?.count ?? 0);
}

async function upsertAdmin(
  pool: pg.Pool,
  admin: { username: string; password: string; email: string | undefined; role: 'admin' | 'auditor' },
): Promise<void> {
  const { username, password, role } = admin;
  checkPasswordStrength(password);
  const existing = await findAdmin(pool, username);
  if (existing?.role === role && existing.password_hash && (await verifyPassword(existing.password_hash, password)))
    return;
  const passwordHash = await hashPassword(password);
  await pool.query(
    `insert into auth.users (username, password_hash, email, is_admin, role) values ($1, $2, $3, true, $4)
     on conflict (username) where is_admin
     do update set password_hash = excluded.password_hash, role = excluded.role, updated_at = now()`,
    [username, passwordHash, admin.email ?? null, role],
  );
}

/** Customer accounts by email, with the ids (and the absence of one) this process remembers. */
function customerAccounts(pool: pg.Pool, changes?: Pick<ChangeSignal, 'generation' | 'listening'>) {
  const knownCustomers = recentlyUsed<string, string>(KNOWN_CUSTOMERS);
  /** Emails without a customer account, each with the generation of auth changes it was read under. */
  const noAccount = recentlyUsed<string, number>(KNOWN_CUSTOMERS);
  const heardGeneration = () => (changes?.listening() ? changes.generation() : null);
  return {
    /**
     * The id of the customer account with this email (any case); null before their first sign-in. An account,
     * once made, keeps its id and email and is never removed: an id found is remembered (up to
     * `KNOWN_CUSTOMERS`). A null is remembered only under `changes`, until a change of the auth tables is
     * heard (a first sign-in inserts the account, which notifies; one through this repository forgets it at
     * once): every edit of an order whose customer has not signed in yet asks this, and would otherwise
     * pay a round trip for it.
     */
    async customerId(email: string): Promise<string | null> {
      const key = email.toLowerCase();
      const known = knownCustomers.get(key);
      if (known) return known;
      const generation = heardGeneration();
      if (generation !== null && noAccount.get(key) === generation) return null;
      const { rows } = await preparedQuery<{ id: string }>(
        pool,
        'select id from auth.users where lower(email) = lower($1) and not is_admin',
        [email],
      );
      const id = rows[0]?.id ?? null;
      if (id) {
        knownCustomers.set(key, id);
        noAccount.delete(key);
      } else if (generation !== null && heardGeneration() === generation) noAccount.set(key, generation);
      return id;
    },

    /**
     * The customer's user row, keyed by email (compared case-insensitively), kept up to date with their name and
     * phone; its id is known here at once (the notification of a new account may arrive after this process's
     * next write).
     */
    async upsertCustomer(email: string, customerName: string, customerPhone: string | null): Promise<UserRow> {
      const user = await writeCustomer(pool, email, customerName, customerPhone);
      knownCustomers.set(email.toLowerCase(), user.id);
      noAccount.delete(email.toLowerCase());
      return user;
    },
  };
}

async function writeCustomer(
  pool: pg.Pool,
  email: string,
  customerName: string,
  customerPhone: string | null,
): Promise<UserRow> {
  const existing = await pool.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = lower($1) and not is_admin`,
    [email],
  );
  const found = existing.rows[0];
  if (found) {
    if (found.customer_name !== customerName || found.customer_phone !== customerPhone) {
      await pool.query(
        'update auth.users set customer_name = $2, customer_phone = $3, updated_at = now() where id = $1',
        [found.id, customerName, customerPhone],
      );
    }
    return { ...found, customer_name: customerName, customer_phone: customerPhone };
  }
  const { rows } = await pool.query<UserRow>(
    `insert into auth.users (username, email, customer_name, customer_phone) values ($1, $1, $2, $3)
       on conflict (username) where not is_admin do update set customer_name = excluded.customer_name, customer_phone = excluded.customer_phone
       returning ${USER_COLUMNS}`,
    [email.toLowerCase(), customerName, customerPhone],
  );
  return rows[0] as UserRow;
}
