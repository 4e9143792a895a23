import { appDatabaseUrl, prepareAppRole } from '@ot/infra/db/app-role.ts';
import { createLogger } from '@ot/infra/logger.ts';
import { createTestDatabase, type TestDatabase } from '@ot/infra/testing/test-database.ts';
import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const test = suite<{ db: TestDatabase; app: pg.Client }>('least privilege: the services connect as the app role', {
  db: undefined as never,
  app: undefined as never,
});
test.before(async (context) => {
  context.db = await createTestDatabase();
  const url = await prepareAppRole(context.db.url, appDatabaseUrl(context.db.url), createLogger('test', 'silent'));
  assert.is(new URL(url).username, 'order_tracker_app');
  context.app = new pg.Client({ connectionString: url });
  await context.app.connect();
});
test.after(async ({ db, app }) => {
  await app.end();
  await db.drop();
});

/** The Postgres error code of a statement, or 'ok'. */
async function outcome(client: pg.Client, sql: string): Promise<string> {
  try {
    await client.query(sql);
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

test('the app role may read es.events but not UPDATE, DELETE or TRUNCATE it (permission denied, 42501)', async ({
  app,
}) => {
  const append = `insert into es.events (stream, version, id, type, data, metadata)
                  values ('test-1', 1, gen_random_uuid(), 'Tested', '{}', '{}')`;
  assert.is(await outcome(app, append), 'ok');
  assert.is(await outcome(app, 'select count(*) from es.events'), 'ok');
  assert.is(await outcome(app, `update es.events set type = 'Forged'`), '42501');
  assert.is(await outcome(app, 'delete from es.events'), '42501');
  assert.is(await outcome(app, 'truncate es.events'), '42501');
});

test('the app role cannot change the schema or grant itself more', async ({ app }) => {
  assert.is(await outcome(app, 'create table es.sneaky (x int)'), '42501');
  assert.is(await outcome(app, 'drop table rm.orders'), '42501');
  assert.is(await outcome(app, 'alter table es.events disable trigger user'), '42501');
  await outcome(app, 'grant update on es.events to order_tracker_app'); // "no privileges were granted"
  assert.is(await outcome(app, `update es.events set type = 'Forged'`), '42501');
});

test('the app role reads and writes the read models and sessions', async ({ app }) => {
  assert.is(await outcome(app, 'select count(*) from rm.orders'), 'ok');
  assert.is(await outcome(app, `delete from auth.sessions where id_hash = 'none'`), 'ok');
  assert.is(await outcome(app, `update rm.checkpoints set position = position where false`), 'ok');
});

test('the derived password is stable and not the owner password', () => {
  const owner = 'postgres://owner:s3cret@127.0.0.1:5432/db';
  const app = new URL(appDatabaseUrl(owner));
  assert.is(app.username, 'order_tracker_app');
  assert.is(app.password, new URL(appDatabaseUrl(owner)).password);
  assert.is.not(app.password, 's3cret');
  assert.is(
    appDatabaseUrl(owner, 'postgres://order_tracker_app:given@h/db'),
    'postgres://order_tracker_app:given@h/db',
  );
});

test.run();
