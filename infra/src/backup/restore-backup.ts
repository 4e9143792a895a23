import { once } from 'node:events';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { archiveLines, END_OF_TABLE, type Manifest, parseManifest, type TableHeader } from './archive-format.ts';
import { archivedTables, columnList } from './archive-tables.ts';
import { renumberEventTransactions, reserveTransactionIds } from './event-transactions.ts';

/** What the target holds already: a restore replaces it only when told to (`force`). */
async function contents(db: pg.ClientBase): Promise<string[]> {
  const { rows } = await db.query<{ events: number; users: number; documents: number }>(
    `select (select count(*) from es.events)::int as events, (select count(*) from auth.users)::int as users,
            (select count(*) from documents.documents)::int as documents`,
  );
  const held = rows[0] ?? { events: 0, users: 0, documents: 0 };
  return Object.entries(held)
    .filter(([, n]) => n > 0)
    .map(([what, n]) => `${n} ${what}`);
}

/** Every schema the owner made: dropped by a forced restore, then made again by the migrations. */
async function dropEverything(db: pg.ClientBase): Promise<void> {
  const { rows } = await db.query<{ schema: string }>(
    `select format('%I', nspname) as schema from pg_namespace
      where nspowner = (select oid from pg_roles where rolname = current_user)
        and nspname not like 'pg\\_%' and nspname not in ('information_schema', 'public')`,
  );
  for (const { schema } of rows) await db.query(`drop schema ${schema} cascade`);
  await db.query('drop table if exists public.pgmigrations');
}

export class RestoreRefused extends Error {}

/**
 * Loads the archive into the database at `databaseUrl`, which `migrate` brings to this version's schema
 * first. Refuses an archive with migrations this version does not know, and a database that holds
 * anything (events, users, documents) unless `force`, which drops everything in it first. The rows go in
 * with COPY in one transaction: a restore that fails leaves the database as it was.
 */
export async function restoreBackup(
  databaseUrl: string,
  file: string,
  options: { force: boolean; migrate: (url: string) => Promise<void> },
): Promise<Manifest> {
  const lines = archiveLines(file);
  const manifest = parseManifest((await lines.next()).value as string | undefined, file);
  const db = new pg.Client({ connectionString: databaseUrl, application_name: 'order-tracker restore' });
  db.on('error', () => {});
  await db.connect();
  try {
    await options.migrate(databaseUrl);
    const known = new Set(
      (await db.query<{ name: string }>('select name from public.pgmigrations')).rows.map((row) => row.name),
    );
    const unknown = manifest.migrations.filter((name) => !known.has(name));
    if (unknown.length > 0) {
      throw new RestoreRefused(
        `The backup was made by a newer version (migrations ${unknown.join(', ')}): update first`,
      );
    }
    const held = await contents(db);
    if (held.length > 0) {
      if (!options.force) {
        throw new RestoreRefused(
          `The database is not empty (${held.join(', ')}): restore into an empty one, or add --force to replace everything in it`,
        );
      }
      await dropEverything(db);
      await options.migrate(databaseUrl);
    }
    await reserveTransactionIds(db, manifest.eventTransactions);
    await db.query('begin');
    const tables = new Map((await archivedTables(db)).map((table) => [table.relation, table]));
    // Rows the migrations put in (a checkpoint, a flag) make way for the archive's.
    const filled = [...tables.keys()].filter((relation) => relation !== 'es.events');
    if (filled.length > 0) await db.query(`truncate ${filled.join(', ')} cascade`);
    await db.query('create temporary table restored_events (like es.events) on commit drop');
    for (;;) {
      const next = await lines.next();
      if (next.done) break;
      const header = JSON.parse(next.value) as TableHeader;
      if (!tables.has(header.relation))
        throw new Error(`${header.relation} of the backup is not in this version's schema`);
      // Events go in through a staging table: their transaction ids are the old server's (event-transactions.ts).
      const into = header.relation === 'es.events' ? 'restored_events' : header.relation;
      await loadTable(db, into, header.columns, lines);
    }
    await renumberEventTransactions(db);
    for (const sequence of manifest.sequences) {
      await db.query('select setval($1::regclass, $2::bigint)', [sequence.relation, sequence.value]);
    }
    await db.query('commit');
    return manifest;
  } catch (error) {
    await db.query('rollback').catch(() => {});
    throw error;
  } finally {
    await db.end().catch(() => {});
    await lines.return(undefined);
  }
}

/** One table's rows, line by line from the archive into COPY, until its end marker. */
async function loadTable(db: pg.Client, relation: string, columns: string[], lines: AsyncGenerator<string>) {
  const copy = db.query(copyFrom(`copy ${relation} (${columnList(columns)}) from stdin`));
  const done = once(copy, 'finish');
  done.catch(() => {});
  for (;;) {
    const next = await lines.next();
    if (next.done) throw new Error(`the backup ends inside ${relation}: it is incomplete`);
    if (next.value === END_OF_TABLE) break;
    if (!copy.write(`${next.value}\n`)) await once(copy, 'drain');
  }
  copy.end();
  await done;
}
