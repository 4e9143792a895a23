import { createInterface } from 'node:readline';
import { createUserRepository } from './auth/users.ts';
import { loadConfig } from './config.ts';
import { withDatabase } from './db/database.ts';
import { createPool } from './db/pool.ts';
import { createLogger } from './logger.ts';

/**
 * `npm run admin -- create <username>`: create an admin or reset its password (asked for without
 * echo, or taken from ADMIN_PASSWORD). `npm run admin -- list` shows the admins.
 */
const [command, username] = process.argv.slice(2);

async function askPassword(): Promise<string> {
  if (config.ADMIN_PASSWORD) return config.ADMIN_PASSWORD;
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

if (command !== 'create' && command !== 'list') {
  console.log('Usage: npm run admin -- create <username>   |   npm run admin -- list');
  process.exit(2);
}
if (command === 'create' && !username) {
  console.log('Usage: npm run admin -- create <username>');
  process.exit(2);
}

await withDatabase(config, createLogger('admin', 'warn'), async (url) => {
  const pool = createPool(url, 1);
  try {
    if (command === 'list') {
      const { rows } = await pool.query<{ username: string }>(
        'select username from auth.users where is_admin order by username',
      );
      console.log(rows.map((row) => row.username).join('\n') || '(no admins)');
      return;
    }
    const password = await askPassword();
    await createUserRepository(pool).upsertAdmin(username as string, password);
    console.log(`Admin "${username}" is ready.`);
  } finally {
    await pool.end();
  }
});
