import { createInterface } from 'node:readline';
import { createUserRepository } from './auth/users.ts';
import { loadConfig } from './config.ts';
import { withDatabase } from './db/database.ts';
import { createPool } from './db/pool.ts';
import { createLogger } from './logger.ts';

/**
 * `npm run admin -- create <username> [--role admin|auditor]`: create a staff user (an admin unless
 * `--role auditor`) or reset its password and role (the password asked for without echo, or taken from
 * ADMIN_PASSWORD). `npm run admin -- list` shows the staff with their roles.
 */
const args = process.argv.slice(2);
const roleAt = args.indexOf('--role');
const roleArg = roleAt >= 0 ? args[roleAt + 1] : (args.find((arg) => arg.startsWith('--role='))?.slice(7) ?? 'admin');
const [command, username] = args.filter(
  (arg, index) => !arg.startsWith('--role') && (roleAt < 0 || index !== roleAt + 1),
);
const USAGE = 'Usage: npm run admin -- create <username> [--role admin|auditor]   |   npm run admin -- list';

/** A password piped in (`echo … | npm run admin -- create …`): its first line, and the second must repeat it if present. */
async function readPipedPassword(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  const [first = '', second = ''] = text.split(/\r?\n/);
  if (!first) throw new Error('No password: set ADMIN_PASSWORD, or type it when asked, or pipe it in.');
  if (second && second !== first) throw new Error('The passwords differ.');
  return first;
}

async function askPassword(): Promise<string> {
  if (config.ADMIN_PASSWORD) return config.ADMIN_PASSWORD;
  if (!process.stdin.isTTY) return readPipedPassword();
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const muted = rl as unknown as { _writeToOutput: (s: string) => void };
  const ask = (question: string) =>
    new Promise<string>((resolve) => {
      process.stdout.write(question);
      muted._writeToOutput = () => {};
      rl.question('', (answer) => {
        process.stdout.write('\n');
        resolve(answer);
      });
    });
  const first = await ask('Password: ');
  const second = await ask('Repeat password: ');
  rl.close();
  if (first !== second) throw new Error('The passwords differ.');
  return first;
}

const config = loadConfig();

if ((command !== 'create' && command !== 'list') || (command === 'create' && !username)) {
  console.log(USAGE);
  process.exit(2);
}
if (roleArg !== 'admin' && roleArg !== 'auditor') {
  console.log(`Unknown role "${roleArg}": use admin or auditor.`);
  process.exit(2);
}
const role: 'admin' | 'auditor' = roleArg;

const ok = await withDatabase(config, createLogger('admin', 'warn'), async (url) => {
  const pool = createPool(url, 1);
  try {
    if (command === 'list') {
      const { rows } = await pool.query<{ username: string; role: string }>(
        'select username, role from auth.users where is_admin order by username',
      );
      console.log(rows.map((row) => `${row.username} (${row.role})`).join('\n') || '(no admins)');
      return;
    }
    const password = await askPassword();
    await createUserRepository(pool).upsertAdmin(username as string, password, undefined, role);
    console.log(`${role === 'admin' ? 'Admin' : 'Auditor'} "${username}" is ready.`);
    return true;
  } catch (error) {
    // A refusal (a short password, passwords that differ) is one line, not a stack trace.
    console.error(error instanceof Error ? error.message : String(error));
    return false;
  } finally {
    await pool.end();
  }
});
process.exit(ok === false ? 1 : 0);
