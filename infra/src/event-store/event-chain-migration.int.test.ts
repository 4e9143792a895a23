import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';
import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { migrate } from '../db/migrate.ts';
import { createPool } from '../db/pool.ts';
import { testServer } from '../testing/test-database.ts';
import { verifyEventChains } from './postgres-chain-verify.ts';

test('events written before the hash chain existed get their chains in the migration', async () => {
  const serverUrl = (await testServer()).url;
  const name = `ot_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = createPool(url.toString(), 2);
  try {
    // Given a store as it was before the chain: every migration but the one that adds it.
    await runner({
      databaseUrl: url.toString(),
      dir: fileURLToPath(new URL('../migrations', import.meta.url)),
      direction: 'up',
      migrationsTable: 'pgmigrations',
      checkOrder: false,
      ignorePattern: '(\\..*)|(.*event-store-append-and-chain.*)',
      log: () => {},
    });
    for (const [stream, version] of [
      ['order-old-1', 1],
      ['order-old-1', 2],
      ['order-old-2', 1],
      ['order-old-1', 3],
    ] as const) {
      await pool.query(
        `insert into es.events (stream, version, id, type, data, metadata) values ($1, $2, $3, 'Tested', $4, '{}')`,
        [stream, version, randomUUID(), JSON.stringify({ version, note: 'written before the chain' })],
      );
    }
    // When the rest is applied
    await migrate(url.toString());
    // Then every old event has its hash, chained in version order
    const report = await verifyEventChains(pool);
    assert.is(report.events, 4);
    assert.is(report.streams, 2);
    assert.equal(report.broken, []);
  } finally {
    await pool.end();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});

test.run();
