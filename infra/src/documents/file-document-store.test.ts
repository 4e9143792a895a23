import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createFileDocumentStore } from './file-document-store.ts';

test('a saved document is found by its id, with its bytes; unknown and malformed ids are not', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'ot-docs-'));
  try {
    const store = createFileDocumentStore(dir);
    const id = `${'A'.repeat(31)}b`;
    const record = {
      id,
      orderNumber: 'EP-0001',
      fileName: 'spec.pdf',
      contentType: 'application/pdf' as const,
      size: 9,
      uploadedAt: '2026-01-01T00:00:00.000Z',
      uploadedBy: 'admin',
    };
    await store.save(record, Buffer.from('%PDF-1.7\n'));
    assert.equal(await store.find(id), record);
    assert.is((await store.read(id)).toString(), '%PDF-1.7\n');
    assert.is(await store.find('B'.repeat(32)), null);
    for (const bad of ['../../etc/passwd', `${id}/..`, '', `${id}.json`]) assert.is(await store.find(bad), null, bad);
    assert.equal((await readdir(dir)).sort(), [`${id}.json`, `${id}.pdf`]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('an upload is written as it arrives and found only once kept; a discarded one leaves nothing', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'ot-docs-'));
  try {
    const store = createFileDocumentStore(dir);
    const id = `${'C'.repeat(31)}d`;
    const incoming = await store.receive(id);
    incoming.stream.write(Buffer.from('%PDF-1.7\n'));
    incoming.stream.write(Buffer.from('rest\n'));
    assert.is(await store.find(id), null, 'not found while it arrives');
    const record = {
      id,
      orderNumber: 'EP-0001',
      fileName: 'spec.pdf',
      contentType: 'application/pdf' as const,
      size: 14,
      uploadedAt: '2026-01-01T00:00:00.000Z',
      uploadedBy: 'admin',
    };
    await incoming.keep(record);
    assert.equal(await store.find(id), record);
    assert.is((await store.read(id)).toString(), '%PDF-1.7\nrest\n');

    const refused = await store.receive(`${'E'.repeat(31)}f`);
    refused.stream.write(Buffer.from('not a pdf'));
    await refused.discard();
    assert.equal((await readdir(dir)).sort(), [`${id}.json`, `${id}.pdf`]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test.run();
