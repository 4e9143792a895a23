import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { customerStream } from '@ot/contracts/customers/customer-events.ts';
import { sampleOrderPlaced } from '@ot/contracts/testing/sample-order.ts';
import { runner } from 'node-pg-migrate';
import pg from 'pg';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { migrate } from '../db/migrate.ts';
import { createPool } from '../db/pool.ts';
import { verifyEventChains } from '../event-store/postgres-chain-verify.ts';
import { createPostgresEventStore } from '../event-store/postgres-event-store.ts';
import { testServer } from '../testing/test-database.ts';
import { createEncryptingEventStore } from './encrypting-event-store.ts';
import { createKeyring } from './keyring.ts';

const metadata = {
  actor: { kind: 'admin' as const, id: 'a', name: 'studio' },
  occurredAt: '2026-11-01T10:00:00Z',
  commandId: randomUUID(),
  correlationId: randomUUID(),
  causationId: null,
};

test('the migration converts a plaintext history: personal fields sealed, chains sealed again and verified', async () => {
  const serverUrl = (await testServer()).url;
  const name = `ot_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pool = createPool(url.toString(), 2);
  const masterKey = randomBytes(32).toString('hex');
  try {
    // Given a history written before encryption: every migration but this one, events in plain text.
    await runner({
      databaseUrl: url.toString(),
      dir: fileURLToPath(new URL('../migrations', import.meta.url)),
      direction: 'up',
      migrationsTable: 'pgmigrations',
      checkOrder: false,
      ignorePattern: '(\\..*)|(.*_privacy\\.sql)',
      log: () => {},
    });
    const plain = createPostgresEventStore(pool);
    const placed = { ...sampleOrderPlaced(), fitterNotes: 'Swing speed 104 mph' };
    await plain.append('order-EP-0001', [{ id: randomUUID(), type: 'OrderPlaced', data: placed, metadata }], {
      expectedVersion: 'no_stream',
    });
    await plain.append(
      'order-EP-0001',
      [{ id: randomUUID(), type: 'CustomerNotesChanged', data: { customerNotes: 'Collects on Friday' }, metadata }],
      { expectedVersion: 1 },
    );
    const imported = {
      email: 'jane@example.com',
      customerName: 'Jane Golfer',
      firstName: 'Jane',
      lastName: 'Golfer',
      phone: null,
    };
    await plain.append(
      customerStream('jane@example.com'),
      [{ id: randomUUID(), type: 'CustomerImported', data: imported, metadata }],
      {
        expectedVersion: 'no_stream',
      },
    );

    // When the rest is applied
    await migrate(url.toString(), { masterKey });

    // Then nothing personal is readable in the log, every chain holds, and the log reads as it was written
    const { rows } = await pool.query<{ text: string }>(
      `select string_agg(stream || data::text || metadata::text, ' ') as text from es.events`,
    );
    for (const trace of ['jane@example.com', 'Jane Golfer', 'Fairway', 'Collects on Friday', '104 mph', '07700'])
      assert.not.ok(rows[0]?.text.includes(trace), trace);
    const report = await verifyEventChains(pool);
    assert.is(report.events, 3);
    assert.equal(report.broken, []);
    const { rows: resealed } = await pool.query('select stream from privacy.resealed_streams order by stream');
    assert.is(resealed.length, 2);
    const { rows: conversion } = await pool.query(
      'select old_events, old_head is not null as has_head, converted_at is not null as done from privacy.history_conversions',
    );
    assert.equal(conversion[0], { old_events: '3', has_head: true, done: true });

    const store = createEncryptingEventStore(plain, createKeyring(pool, Buffer.from(masterKey, 'hex')));
    const [order, notes] = await store.readStream('order-EP-0001');
    assert.equal(order?.data, placed);
    assert.equal(notes?.data, { customerNotes: 'Collects on Friday' });
    assert.equal((await store.readStream(customerStream('jane@example.com')))[0]?.data, imported);
    // And it runs once: applying the migrations again changes nothing.
    await migrate(url.toString(), { masterKey });
    assert.equal((await verifyEventChains(pool)).broken, []);
  } finally {
    await pool.end();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});

test.run();
