import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { embeddedPostgresBinary, startEmbeddedPostgres } from '@ot/infra/db/embedded-postgres.ts';
import { freePort } from '@ot/infra/launcher/free-port.ts';
import pg from 'pg';

export interface PrimaryWithReplica {
  /** The primary's `postgres` database (create test databases here: they reach the replica too). */
  primaryUrl: string;
  /** The same database name on the replica. */
  replicaUrlOf(primaryDatabaseUrl: string): string;
  /** Stop applying WAL on the replica (it keeps receiving it): lag on demand. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  stop(): Promise<void>;
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

async function waitForReplica(url: string, child: ChildProcess, logFile: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`the replica exited during start; see ${logFile}`);
    try {
      const [row] = await query<{ standby: boolean }>(url, 'select pg_is_in_recovery() as standby');
      if (row?.standby) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the replica did not accept connections; see ${logFile}`);
}

/**
 * A PostgreSQL primary of our own (the embedded binaries; the shared server at 5432 is never touched)
 * and a streaming replica of it on another loopback port: a base backup taken with
 * pg_backup_start/pg_backup_stop (the embedded binaries ship no pg_basebackup), `standby.signal`,
 * `primary_conninfo` and a physical replication slot, as `pg_basebackup -R` would set it up.
 */
export async function startPrimaryWithReplica(): Promise<PrimaryWithReplica> {
  const root = mkdtempSync(join(tmpdir(), 'ot-replica-'));
  spawnSync('chmod', ['755', root]);
  const primary = await startEmbeddedPostgres({ dataDir: join(root, 'primary', 'pgdata'), database: 'postgres' });
  const primaryUrl = primary.url;
  const { postgres, runAs } = await embeddedPostgresBinary();
  const [{ data_directory: primaryDir } = { data_directory: '' }] = await query<{ data_directory: string }>(
    primaryUrl,
    "select current_setting('data_directory') as data_directory",
  );
  const replicaDir = join(root, 'replica');
  let replica: ChildProcess | null = null;

  try {
    await query(primaryUrl, "select pg_create_physical_replication_slot('ot_replica', true)");
    const backup = new pg.Client({ connectionString: primaryUrl });
    await backup.connect();
    try {
      await backup.query("select pg_backup_start('ot-replica', true)");
      cpSync(primaryDir, replicaDir, {
        recursive: true,
        filter: (source) => {
          const relative = source.slice(primaryDir.length + 1);
          return !/^(postmaster\.(pid|opts)|pg_wal\/.+|pg_replslot\/.+)$/.test(relative);
        },
      });
      const { rows } = await backup.query<{ labelfile: string }>('select labelfile from pg_backup_stop(false)');
      writeFileSync(join(replicaDir, 'backup_label'), rows[0]?.labelfile ?? '');
    } finally {
      await backup.end();
    }
    mkdirSync(join(replicaDir, 'pg_wal', 'archive_status'), { recursive: true });
    writeFileSync(join(replicaDir, 'standby.signal'), '');
    const primaryAddress = new URL(primaryUrl);
    const conninfo = `host=127.0.0.1 port=${primaryAddress.port} user=postgres password=${decodeURIComponent(primaryAddress.password)} application_name=ot_replica`;
    writeFileSync(
      join(replicaDir, 'postgresql.auto.conf'),
      `${readFileSync(join(replicaDir, 'postgresql.auto.conf'), 'utf8')}\nprimary_conninfo = '${conninfo}'\nprimary_slot_name = 'ot_replica'\n`,
    );
    if (runAs) spawnSync('chown', ['-R', `${runAs.uid}:${runAs.gid}`, replicaDir]);
    spawnSync('chmod', ['700', replicaDir]);

    const port = await freePort();
    const logFile = join(root, 'replica.log');
    const log = openSync(logFile, 'a');
    replica = spawn(
      postgres,
      [
        ...['-D', replicaDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
        // A hot standby needs at least the primary's max_connections (startEmbeddedPostgres sets 200).
        ...['-c', 'max_connections=200'],
      ],
      { ...(runAs ?? {}), stdio: ['ignore', log, log], detached: true },
    );
    const replicaUrlOf = (url: string) => {
      const address = new URL(url);
      address.port = String(port);
      return address.toString();
    };
    const replicaAdmin = replicaUrlOf(primaryUrl);
    await waitForReplica(replicaAdmin, replica, logFile);
    const running = replica;

    return {
      primaryUrl,
      replicaUrlOf,
      pauseReplay: async () => {
        await query(replicaAdmin, 'select pg_wal_replay_pause()');
      },
      resumeReplay: async () => {
        await query(replicaAdmin, 'select pg_wal_replay_resume()');
      },
      async stop() {
        await stopChild(running);
        await primary.stop();
        rmSync(root, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (replica) await stopChild(replica);
    await primary.stop();
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const force = setTimeout(() => child.kill('SIGQUIT'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGINT');
  });
}
