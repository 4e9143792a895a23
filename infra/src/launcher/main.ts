import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createUserRepository } from '../auth/users.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, repoRoot } from '../db/database.ts';
import { createPool } from '../db/pool.ts';
import { createLogger } from '../logger.ts';
import { freePort } from './free-port.ts';
import { createSupervisor } from './supervisor.ts';

/**
 * `npm start`: build what is missing, open the database (embedded when DATABASE_URL is unset), apply
 * migrations, make sure there is an admin, then run every service as its own supervised process.
 */
const config = loadConfig();
const logger = createLogger('launcher', config.LOG_LEVEL);

if (!existsSync(join(repoRoot, 'pwa', 'dist', 'index.html'))) {
  logger.info('pwa/dist is missing: building the app (once)');
  const build = spawnSync('npm', ['run', 'build', '-w', '@ot/pwa'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) {
    logger.fatal('the app build failed');
    process.exit(1);
  }
}

const database = await openDatabase(config, logger);
const pool = createPool(database.url, 2);
const users = createUserRepository(pool);
if (config.ADMIN_USERNAME && config.ADMIN_PASSWORD) {
  await users.upsertAdmin(config.ADMIN_USERNAME, config.ADMIN_PASSWORD).catch((error: Error) => {
    logger.fatal(`ADMIN_PASSWORD: ${error.message}`);
    process.exit(1);
  });
  logger.info({ username: config.ADMIN_USERNAME }, 'admin account ready');
} else if ((await users.countAdmins()) === 0) {
  const message = [
    'There is no admin account yet. Create one by starting with:',
    '  ADMIN_USERNAME=studio ADMIN_PASSWORD=<a long password> npm start',
    'or, while the app runs: npm run admin -- create <username>',
  ].join('\n');
  console.log(`\n${message}\n`);
}
await pool.end();

const env = { ...process.env, DATABASE_URL: database.url };
if (config.DEMO_DATA === '1') {
  const demo = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'command-service/src/demo/load-demo-data.ts')],
    {
      cwd: repoRoot,
      env,
      stdio: 'inherit',
    },
  );
  if (demo.status !== 0) logger.error('loading the demo data failed (the app starts anyway)');
}

const commandPort = await freePort();
const queryPort = await freePort();
const supervisor = createSupervisor(logger, env);
supervisor.start({
  name: 'command-service',
  entry: join(repoRoot, 'command-service/src/main.ts'),
  env: { COMMAND_SERVICE_PORT: String(commandPort) },
});
supervisor.start({
  name: 'query-service',
  entry: join(repoRoot, 'query-service/src/main.ts'),
  env: { QUERY_SERVICE_PORT: String(queryPort) },
});
supervisor.start({ name: 'projector', entry: join(repoRoot, 'projector/src/main.ts'), env: {} });
for (const extra of ['command-service/src/notifier/main.ts']) {
  if (existsSync(join(repoRoot, extra))) supervisor.start({ name: 'notifier', entry: join(repoRoot, extra), env: {} });
}
supervisor.start({
  name: 'gateway',
  entry: join(repoRoot, 'infra/src/gateway/main.ts'),
  env: { COMMAND_SERVICE_URL: `http://127.0.0.1:${commandPort}`, QUERY_SERVICE_URL: `http://127.0.0.1:${queryPort}` },
});

void (async () => {
  for (let i = 0; i < 120; i++) {
    try {
      const answer = await fetch(`http://127.0.0.1:${config.PORT}/api/health`);
      if (answer.ok) {
        console.log(`\nOrder Tracker is running at http://localhost:${config.PORT} (Ctrl-C to stop)\n`);
        return;
      }
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  logger.warn('the services did not report healthy within a minute; see the logs above');
})();

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'stopping');
  await supervisor.stop();
  await database.stop();
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
