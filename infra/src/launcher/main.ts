import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createUserRepository } from '../auth/users.ts';
import { loadConfig } from '../config.ts';
import { appDatabaseUrl, prepareAppRole } from '../db/app-role.ts';
import { openDatabase, repoRoot } from '../db/database.ts';
import { createPool } from '../db/pool.ts';
import { moveConfiguredDiskDocuments } from '../documents/move-disk-documents.ts';
import { createLogger } from '../logger.ts';
import { scrubAfterErasures } from '../privacy/scrub-storage.ts';
import { type Entry, nodeArgs as entryArgs, runsCompiled } from './entry-args.ts';
import { whenParentGone } from './exit-with-parent.ts';
import { freePort } from './free-port.ts';
import { type Instance, rollingRestarts } from './rolling-restart.ts';
import { createSupervisor } from './supervisor.ts';

/**
 * `npm start`: build what is missing, open the database (embedded when DATABASE_URL is unset), apply
 * migrations, make sure there is an admin, then run every service as its own supervised process.
 * Run from its bundle (`npm start`), it starts the bundled services with plain node; run from source
 * (`npm run dev`), it starts their sources through tsx.
 */
const config = loadConfig();
const logger = createLogger('launcher', config.LOG_LEVEL);

const compiled = runsCompiled(import.meta.url);
const nodeArgs = (entry: Entry) => entryArgs(entry, compiled);

if (!existsSync(join(repoRoot, 'pwa', 'dist', 'index.html'))) {
  logger.info('pwa/dist is missing: building the app (once)');
  const build = spawnSync('npm', ['run', 'build', '-w', '@ot/pwa'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) {
    logger.fatal('the app build failed');
    process.exit(1);
  }
}

const database = await openDatabase(config, logger);
await moveConfiguredDiskDocuments(database.url, config, logger);
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
// As the owner, for as long as the app runs: the database's files are scrubbed after each erasure.
const scrubber = scrubAfterErasures(createPool(database.url, 2), logger);

// The services connect as the app role (least privilege); migrations and the admin above ran as the owner.
const appUrl = await prepareAppRole(database.url, appDatabaseUrl(database.url, config.APP_DATABASE_URL), logger);
const env = { ...process.env, DATABASE_URL: appUrl };
if (config.DEMO_DATA === '1') {
  const demo = spawnSync(process.execPath, nodeArgs('load-demo-data'), { cwd: repoRoot, env, stdio: 'inherit' });
  if (demo.status !== 0) logger.error('loading the demo data failed (the app starts anyway)');
}

const supervisor = createSupervisor(logger, env);
/** COMMAND_INSTANCES / QUERY_INSTANCES processes of a service, each on its own port; the gateway takes turns. */
async function startInstances(name: Entry, portVariable: Instance['portVariable'], count: number): Promise<Instance[]> {
  const instances: Instance[] = [];
  for (let i = 1; i <= count; i++) {
    const port = await freePort();
    const instance = { name: count > 1 ? `${name}-${i}` : name, portVariable, url: `http://127.0.0.1:${port}` };
    supervisor.start({ name: instance.name, args: nodeArgs(name), env: { [portVariable]: String(port) } });
    instances.push(instance);
  }
  return instances;
}
const commandInstances = await startInstances('command-service', 'COMMAND_SERVICE_PORT', config.COMMAND_INSTANCES);
const queryInstances = await startInstances('query-service', 'QUERY_SERVICE_PORT', config.QUERY_INSTANCES);
const urlsOf = (instances: Instance[]) => instances.map((instance) => instance.url).join(',');
const commandUrls = urlsOf(commandInstances);
const queryUrls = urlsOf(queryInstances);
// The followers' probes (/healthz, /readyz) on loopback ports of their own, unless chosen.
const projectorHealthPort = String(config.PROJECTOR_HEALTH_PORT || (await freePort()));
const notifierHealthPort = String(config.NOTIFIER_HEALTH_PORT || (await freePort()));
supervisor.start({
  name: 'projector',
  args: nodeArgs('projector'),
  env: { PROJECTOR_HEALTH_PORT: projectorHealthPort },
});
supervisor.start({ name: 'notifier', args: nodeArgs('notifier'), env: { NOTIFIER_HEALTH_PORT: notifierHealthPort } });
supervisor.start({
  name: 'gateway',
  args: nodeArgs('gateway'),
  env: { COMMAND_SERVICE_URL: commandUrls, QUERY_SERVICE_URL: queryUrls },
});
logger.info(
  {
    commandService: commandUrls,
    queryService: queryUrls,
    projector: Number(projectorHealthPort),
    notifier: Number(notifierHealthPort),
  },
  'service ports on 127.0.0.1 (each answers /healthz and /readyz)',
);

const restarts = rollingRestarts({
  supervisor,
  command: commandInstances,
  query: queryInstances,
  followers: ['projector', 'notifier'],
  logger,
  port: config.PORT,
});
// Printed once the gateway says every service behind it is ready: a request sent on reading it is answered.
void (async () => {
  for (let i = 0; i < 240; i++) {
    const answer = await fetch(`http://127.0.0.1:${config.PORT}/readyz`).catch(() => null);
    if (answer?.ok) {
      restarts.announce();
      console.log(`\nOrder Tracker is running at http://localhost:${config.PORT} (Ctrl-C to stop)\n`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  logger.warn('the services did not report ready within a minute; see the logs above');
})();
// `npm run restart` (or kill -HUP): every service process replaced, one at a time, none of their requests failed.
process.on('SIGHUP', () => {
  logger.info('SIGHUP: replacing every service process, one at a time');
  void restarts.restart();
});

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'stopping');
  restarts.forget();
  await supervisor.stop();
  await scrubber.close();
  await database.stop();
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
// Under `npm start` (package.json execs node, so npm is the parent and passes its signals on), npm gone without
// passing one on (killed outright) stops everything too, rather than leaving the port and the database held.
if (process.env.npm_lifecycle_event === 'start') whenParentGone(() => void stop('npm exited'));
