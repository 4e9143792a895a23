import { rename, rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { archiveWriter, END_OF_TABLE, FORMAT, type Manifest } from './archive-format.ts';
import { archivedTables, columnList } from './archive-tables.ts';
import { studioCounts } from './studio-counts.ts';

/**
 * Everything the studio has, into `file`, while the app runs: one read-only transaction at repeatable read
 * sees one moment of the database, so events, read models, checkpoints, sessions, email state and
 * documents agree with each other and with the counts in the manifest. Each table leaves as COPY writes it.
 */
export async function takeBackup(databaseUrl: string, file: string): Promise<Manifest> {
  const db = new pg.Client({ connectionString: databaseUrl, application_name: 'order-tracker backup' });
  db.on('error', () => {});
  await db.connect();
  // Written aside and renamed when complete: a backup cut off midway never passes for one.
  const partial = `${file}.partial`;
  const archive = archiveWriter(partial);
  try {
    await db.query('begin isolation level repeatable read read only');
    const tables = await archivedTables(db);
    const manifest: Manifest = {
      format: FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      server: (await db.query<{ v: string }>('show server_version')).rows[0]?.v ?? '',
      migrations: (await db.query<{ name: string }>('select name from public.pgmigrations order by name')).rows.map(
        (row) => row.name,
      ),
      counts: await studioCounts(db),
      eventTransactions: Number(
        (await db.query<{ n: string }>('select count(distinct transaction_id) as n from es.events')).rows[0]?.n,
      ),
      sequences: (
        await db.query<{ relation: string; value: string }>(
          `select format('%I.%I', schemaname, sequencename) as relation, last_value::text as value
             from pg_sequences where last_value is not null and schemaname not like 'rm\\_%'
              and schemaname not in ('pg_catalog', 'information_schema')`,
        )
      ).rows,
      tables: [],
    };
    for (const table of tables) {
      const { rows } = await db.query<{ n: string }>(`select count(*) as n from ${table.relation}`);
      manifest.tables.push({ relation: table.relation, rows: Number(rows[0]?.n) });
    }
    await archive.line(JSON.stringify(manifest));
    for (const table of tables) {
      await archive.line(JSON.stringify(table));
      const rows = db.query(copyTo(`copy ${table.relation} (${columnList(table.columns)}) to stdout`));
      rows.pipe(archive.stream, { end: false });
      await finished(rows);
      await archive.line(END_OF_TABLE);
    }
    await db.query('commit');
    await archive.close();
    await rename(partial, file);
    return manifest;
  } catch (error) {
    await archive.close().catch(() => {});
    await rm(partial, { force: true });
    throw error;
  } finally {
    await db.end().catch(() => {});
  }
}
