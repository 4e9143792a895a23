import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { OrderView } from '@ot/contracts/orders/order-views.ts';
import { repoRoot } from '@ot/infra/db/database.ts';
import { CHUNK_BYTES } from '@ot/infra/documents/postgres-document-store.ts';
import { testDatabaseName } from '@ot/infra/testing/test-database.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addOrder, signedInAdmin } from '../support/scenario.ts';
import { type Client, type Stack, startStack } from '../support/stack.ts';

const test = suite('backup and restore: npm run backup, npm run restore');

/** The master key of this test's studio, given to every part of it (never written to the database). */
const MASTER_KEY = randomBytes(32).toString('hex');

/** An operator command as `npm run <name>` runs it from the sources; resolves with its exit code and output. */
function operatorCommand(entry: 'backup' | 'restore', args: string[], databaseUrl: string) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `infra/src/backup/${entry}-cli.ts`, ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl, MASTER_KEY, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

async function uploadPdf(admin: Client, orderNumber: string, size: number): Promise<{ url: string; bytes: Buffer }> {
  const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(size)]);
  const form = new FormData();
  form.append('orderNumber', orderNumber);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'spec.pdf');
  const answer = await admin.post<{ documentUrl: string }>('/api/admin/upload-document', form);
  assert.is(answer.status, 201);
  return { url: answer.body.documentUrl, bytes };
}

/** Every order's admin view, by order number. */
async function everyOrder(stack: Stack, admin: Client): Promise<Map<string, unknown>> {
  const { rows } = await stack.db.pool.query<{ order_number: string }>('select order_number from rm.orders');
  const views = new Map<string, unknown>();
  for (const { order_number: number } of rows) {
    const answer = await admin.get<OrderView>(`/api/orders/${number}`);
    assert.is(answer.status, 200, number);
    views.set(number, answer.body);
  }
  return views;
}

test('a backup taken under a write load restores into a fresh database: the same orders, documents, and both checks pass', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'ot-backup-'));
  const source = await startStack({ MASTER_KEY });
  let restored: Stack | null = null;
  try {
    const admin = await signedInAdmin(source);
    const first = await addOrder(admin);
    const documents = [
      await uploadPdf(admin, first.orderNumber, 1000),
      await uploadPdf(admin, first.orderNumber, 2 * CHUNK_BYTES + 77),
    ];
    const before = await addOrder(admin, {
      items: [{ name: 'Putter', price: 100, quantity: 1, documentUrl: documents[0]?.url }],
    });

    // Writers keep adding orders while the backup runs: it must still be one consistent moment.
    let writing = true;
    let written = 0;
    const writers = Array.from({ length: 4 }, async () => {
      while (writing) {
        await addOrder(admin);
        written++;
      }
    });
    while (written < 4) await new Promise((resolve) => setTimeout(resolve, 20));
    const file = join(dir, 'studio.backup');
    const backup = await operatorCommand('backup', [file], source.db.url);
    writing = false;
    await Promise.all(writers);
    assert.is(backup.code, 0, backup.output);
    assert.match(backup.output, /Backup written to/);
    // The customers' wrapped data keys are in it, the master key that unwraps them is not.
    const archive = gunzipSync(await readFile(file)).toString('latin1');
    const manifest = JSON.parse(archive.slice(0, archive.indexOf('\n'))) as {
      tables: { relation: string; rows: number }[];
    };
    const keys = manifest.tables.find((table) => table.relation === 'privacy.data_keys');
    assert.ok(keys && keys.rows >= 2, JSON.stringify(keys));
    assert.ok(manifest.tables.some((table) => table.relation === 'privacy.erasures'));
    const key = Buffer.from(MASTER_KEY, 'hex');
    for (const form of [MASTER_KEY, key.toString('base64'), key.toString('latin1'), `\\x${MASTER_KEY}`]) {
      assert.not.ok(archive.includes(form), 'the backup holds the master key');
    }

    const target = (await testDatabaseName()).url;
    const restore = await operatorCommand('restore', [file], target);
    assert.is(restore.code, 0, restore.output);
    assert.match(restore.output, /OK: \d+ events/);
    assert.match(restore.output, /The read models match the events/);
    assert.not.match(restore.output, /DIFFERENT/);

    restored = await startStack({ MASTER_KEY }, { databaseUrl: target });
    await source.settle();
    await restored.settle();
    const again = await signedInAdmin(restored);
    const original = await everyOrder(source, admin);
    const back = await everyOrder(restored, again);
    assert.ok(back.size >= 2 + 4, `${back.size} orders restored`);
    assert.ok(
      back.has(first.orderNumber) && back.has(before.orderNumber),
      'every order acknowledged before the backup',
    );
    for (const [number, view] of back) assert.equal(view, original.get(number), number);
    for (const document of documents) {
      const served = await again.raw(document.url);
      assert.is(served.status, 200);
      assert.ok(Buffer.from(await served.arrayBuffer()).equals(document.bytes), document.url);
    }

    // A new order on the restored database is read like the old ones (its events follow the restored ones).
    const after = await addOrder(again);
    await restored.settle();
    assert.is((await again.get(`/api/orders/${after.orderNumber}`)).status, 200);
    assert.is.not(after.orderNumber, first.orderNumber);

    const refused = await operatorCommand('restore', [file], target);
    assert.is(refused.code, 2, refused.output);
    assert.match(refused.output, /not empty.*--force/);
  } finally {
    await source.stop();
    await restored?.stop();
    await rm(dir, { recursive: true, force: true });
  }
});

test.run();
