import * as assert from 'uvu/assert';
import { type AppendResult, WrongExpectedVersionError } from './event-store.ts';
import { verifyEventChains } from './postgres-chain-verify.ts';
import { eventWith as event, stream } from './testing/event-store-contract.ts';
import { postgresStoreSuite } from './testing/postgres-store-suite.ts';

const test = postgresStoreSuite('Postgres append: one statement, every guarantee');

test('20 racing writers with the same expected version: exactly one winner per version', async ({ db, store }) => {
  const s = stream();
  const wins: AppendResult[] = [];
  let conflicts = 0;
  // Each writer reads the version, appends against it, and on a conflict reads again: 3 events each.
  await Promise.all(
    Array.from({ length: 20 }, async (_, writer) => {
      for (let landed = 0; landed < 3; ) {
        const version = (await store.readStream(s)).length;
        try {
          wins.push(
            await store.append(s, [event({ writer })], { expectedVersion: version === 0 ? 'no_stream' : version }),
          );
          landed += 1;
        } catch (error) {
          assert.instance(error, WrongExpectedVersionError);
          conflicts += 1;
        }
      }
    }),
  );
  const events = await store.readStream(s);
  assert.equal(
    events.map((e) => e.version),
    Array.from({ length: 60 }, (_, i) => i + 1),
    'versions 1..60, none twice',
  );
  assert.equal(
    wins.map((w) => w.nextVersion).sort((a, b) => a - b),
    events.map((e) => e.version),
    'one winner per version',
  );
  assert.ok(conflicts > 0, 'the writers did race');
  assert.is((await verifyEventChains(db.pool)).broken.length, 0, 'the chain holds');
});

test('a retried append is recognised: the first answer again, nothing appended twice', async ({ store }) => {
  const s = stream();
  const batch = [event({ n: 1 }), event({ n: 2 })];
  const first = await store.append(s, batch, { expectedVersion: 'no_stream' });
  assert.equal(await store.append(s, batch, { expectedVersion: 'no_stream' }), first, 'same expected version');
  await store.append(s, [event({ n: 3 })], { expectedVersion: 2 });
  assert.equal(await store.append(s, batch, { expectedVersion: 'no_stream' }), first, 'after the stream moved on');
  assert.equal(await store.append(s, batch, { expectedVersion: 'any' }), first, 'without an expected version');

  const single = event({ n: 4 });
  const raced = await Promise.all(Array.from({ length: 5 }, () => store.append(s, [single], { expectedVersion: 3 })));
  assert.ok(
    raced.every((result) => result.nextVersion === 4 && result.position === raced[0]?.position),
    'the same append sent five times at once lands once',
  );
  assert.is((await store.readStream(s)).length, 4);
});

test('an empty append checks the version and appends nothing', async ({ store }) => {
  const s = stream();
  assert.equal(await store.append(s, [], { expectedVersion: 'no_stream' }), { nextVersion: 0, position: 0 });
  try {
    await store.append(s, [], { expectedVersion: 3 });
    assert.unreachable('version 3 is not there');
  } catch (error) {
    assert.instance(error, WrongExpectedVersionError);
  }
});

test.run();
