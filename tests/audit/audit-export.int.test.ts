import { spawnSync } from 'node:child_process';
import { repoRoot } from '@ot/infra/db/database.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { addOrder, signedInAdmin, signedInStaff } from '../support/scenario.ts';
import { type Stack, startStack } from '../support/stack.ts';

/**
 * The audit export, verification status and auditor accounts: CSV that a spreadsheet opens without
 * running anything, date ranges, `GET /api/audit/verify`, and `npm run admin -- create <name> --role auditor`.
 */
const test = suite<{ stack: Stack }>('audit export, verify and auditor accounts', {} as { stack: Stack });

test.before(async (world) => {
  world.stack = await startStack();
});
test.after(async ({ stack }) => {
  await stack.stop();
});

/** RFC 4180 as a spreadsheet reads it: quoted cells may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += char;
  }
  if (cell || row.length > 0) rows.push([...row, cell]);
  return rows;
}

const formulaStart = /^[=+\-@\t\r]/;

test('no CSV cell starts a formula, whoever wrote the event, and every row carries its chain hash', async ({
  stack,
}) => {
  // Given admins whose very names a spreadsheet would run, writing values it would run too
  const names = ['=1+1', '+SUM(A1:A9)', '-2+3', '@cmd'];
  let orderNumber = '';
  for (const [index, username] of names.entries()) {
    const admin = await signedInStaff(stack, { username, password: `a long password ${index}!` });
    if (!orderNumber) {
      orderNumber = (await addOrder(admin, { customerName: '=HYPERLINK("http://x","y")', notes: '\t-1\r\n=2' }))
        .orderNumber;
    } else {
      const answer = await admin.patch(`/api/admin/orders/${orderNumber}/status`, {
        status: 'order_being_processed',
        fitterNotes: `${username} was here`,
      });
      assert.is(answer.status, 200, JSON.stringify(answer.body));
    }
  }
  // When the order's history is exported as CSV
  const csv = await signedInAdmin(stack).then((admin) =>
    admin.raw(`/api/audit/export?format=csv&orderNumber=${orderNumber}`),
  );
  assert.is(csv.status, 200);
  assert.match(csv.headers.get('content-type') ?? '', /^text\/csv/);
  assert.match(
    csv.headers.get('content-disposition') ?? '',
    new RegExp(`attachment; filename="audit-${orderNumber}.csv"`),
  );
  const bytes = new Uint8Array(await csv.arrayBuffer());
  assert.equal([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'a BOM, so a spreadsheet reads UTF-8');
  const [header, ...rows] = parseCsv(new TextDecoder().decode(bytes));
  // Then it is one header and one row per event, no cell a formula, the data and hash intact
  assert.equal(header?.slice(0, 4), ['position', 'stream', 'version', 'type']);
  const { rows: stored } = await stack.db.pool.query<{
    position: string;
    hash: string;
    metadata: { actor: { name: string } };
  }>(
    `select position::text, encode(hash, 'hex') as hash, metadata from es.events where stream = $1 order by position`,
    [`order-${orderNumber}`],
  );
  assert.is(rows.length, stored.length);
  assert.is(stored.length, names.length);
  const column = (name: string) => header?.indexOf(name) ?? -1;
  for (const [index, row] of rows.entries()) {
    assert.is(row.length, header?.length, `row ${index} has every column`);
    for (const cell of row) assert.not.match(cell, formulaStart, `cell ${JSON.stringify(cell)}`);
    assert.is(row[column('position')], stored[index]?.position);
    assert.is(row[column('hash')], stored[index]?.hash);
    // The escaping quote is the only change: the actor's name reads back as written.
    assert.is(row[column('actorName')], `'${stored[index]?.metadata.actor.name}`);
  }
  const placed = JSON.parse(rows[0]?.[column('data')] ?? '{}') as { customerName: string };
  assert.is(placed.customerName, '=HYPERLINK("http://x","y")');
  assert.match(JSON.stringify(placed), /=2/, 'the notes are in the data, escaped as JSON');
});

test('a date range: dates are whole days, times bound exactly, and a range the wrong way round is refused', async ({
  stack,
}) => {
  const admin = await signedInAdmin(stack);
  const order = await addOrder(admin);
  const { rows } = await stack.db.pool.query<{ recorded_at: Date; id: string }>(
    'select recorded_at, id::text from es.events where stream = $1',
    [`order-${order.orderNumber}`],
  );
  const event = rows[0];
  assert.ok(event);
  const ids = async (query: string) => {
    const answer = await admin.raw(`/api/audit/export?format=ndjson&${query}`);
    assert.is(answer.status, 200, query);
    return (await answer.text())
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { id: string }).id);
  };
  const day = event.recorded_at.toISOString().slice(0, 10);
  const ms = event.recorded_at.getTime();
  const iso = (at: number) => new Date(at).toISOString();
  assert.ok((await ids(`from=${day}&to=${day}`)).includes(event.id), 'from and to the same day: that day');
  assert.ok((await ids(`to=${day}`)).includes(event.id), 'to a date includes that date');
  assert.ok((await ids(`from=${iso(ms - 1)}&to=${iso(ms + 1)}`)).includes(event.id), 'a range around it');
  assert.not.ok((await ids(`from=${iso(ms + 1)}`)).includes(event.id), 'from after it');
  assert.not.ok((await ids(`to=${iso(ms - 1)}`)).includes(event.id), 'to before it');
  assert.equal(await ids(`from=${iso(ms - 1)}&to=${iso(ms + 1)}&orderNumber=${order.orderNumber}`), [event.id]);
  const next = new Date(ms + 86_400_000).toISOString().slice(0, 10);
  assert.equal(await ids(`from=${next}&orderNumber=${order.orderNumber}`), [], 'a later day holds none of it');

  for (const bad of [`from=${next}&to=${day}`, 'format=xml', 'format=csv&from=someday', 'to=2026-02-31x']) {
    const answer = await admin.get<{ message: string }>(`/api/audit/export?${bad}`);
    assert.is(answer.status, 400, bad);
    assert.type(answer.body.message, 'string');
  }
  assert.is((await admin.get('/api/audit/export?format=csv&orderNumber=EP-9999')).status, 404);
});

test('GET /api/audit/verify answers the latest result of each check with its time', async ({ stack }) => {
  const auditor = await signedInStaff(
    stack,
    { username: 'vera.auditor', password: 'auditors read every line' },
    'auditor',
  );
  const before = await auditor.get<{ ok: boolean; checkedAt: string | null }>('/api/audit/verify');
  assert.equal([before.body.ok, before.body.checkedAt], [false, null], 'nothing checked yet');
  await stack.db.pool.query(
    `insert into audit.verifications (kind, ok, details) values ('events', false, '{}'), ('events', true, '{"streams": 3}'), ('read-models', true, '{}')`,
  );
  const answer = await auditor.get<{
    ok: boolean;
    checkedAt: string;
    checks: { kind: string; ok: boolean; checkedAt: string }[];
  }>('/api/audit/verify');
  assert.is(answer.body.ok, true);
  assert.ok(Math.abs(Date.parse(answer.body.checkedAt) - Date.now()) < 60_000, answer.body.checkedAt);
  assert.equal(answer.body.checks.map((check) => [check.kind, check.ok]).sort(), [
    ['events', true],
    ['read-models', true],
  ]);
  await stack.db.pool.query(`insert into audit.verifications (kind, ok, details) values ('read-models', false, '{}')`);
  assert.is((await auditor.get<{ ok: boolean }>('/api/audit/verify')).body.ok, false, 'the latest failure counts');
});

test('`npm run admin -- create <name> --role auditor` makes an auditor who signs in, reads and writes nothing', async ({
  stack,
}) => {
  const password = 'an auditor from the command line';
  const { ADMIN_PASSWORD: _unset, ...env } = process.env;
  const cli = (args: string[], options: { password?: string; input?: string }) =>
    spawnSync('npm', ['run', '--silent', 'admin', '--', ...args], {
      cwd: repoRoot,
      env: {
        ...env,
        DATABASE_URL: stack.db.url,
        LOG_LEVEL: 'silent',
        ...(options.password ? { ADMIN_PASSWORD: options.password } : {}),
      },
      input: options.input ?? '',
      encoding: 'utf8',
      timeout: 60_000,
    });
  const run = (...args: string[]) => cli(args, { password });
  const created = run('create', 'cli.auditor', '--role', 'auditor');
  assert.is(created.status, 0, created.stdout + created.stderr);
  assert.match(created.stdout, /Auditor "cli\.auditor" is ready\./);
  assert.match(run('list').stdout, /^cli\.auditor \(auditor\)$/m);
  assert.is(run('create', 'cli.other', '--role', 'owner').status, 2, 'an unknown role is refused');
  const piped = cli(['create', 'cli.piped', '--role', 'auditor'], { input: `${password}\n` });
  assert.is(piped.status, 0, `a password piped in: ${piped.stdout}${piped.stderr}`);
  const short = cli(['create', 'cli.short', '--role', 'auditor'], { input: 'too short\n' });
  assert.equal([short.status, short.stderr.trim()], [1, 'Use a password of at least 12 characters.']);

  assert.is((await stack.client().loginAdmin('cli.piped', password)).status, 200, 'the piped password is the one kept');
  const auditor = stack.client();
  assert.is((await auditor.loginAdmin('cli.auditor', password)).status, 200);
  const me = await auditor.get<{ user: { role: string } }>('/api/auth/me');
  assert.is(me.body.user.role, 'auditor');
  const order = await addOrder(await signedInAdmin(stack));
  assert.is((await auditor.get(`/api/audit/orders/${order.orderNumber}/events`)).status, 200);
  const write = await auditor.patch(`/api/admin/orders/${order.orderNumber}/status`, { status: 'order_shipped' });
  assert.is(write.status, 403);
});

test.run();
