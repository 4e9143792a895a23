import { spawnSync } from 'node:child_process';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import rootPackage from '../../../package.json' with { type: 'json' };
import { repoRoot } from '../db/database.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import serverEntries from './server-entries.json' with { type: 'json' };

/** The operator commands run through scripts/run.mjs: the compiled bundle when current, else the sources. */
const test = suite<{ db: TestDatabase }>('operator commands (scripts/run.mjs)', { db: undefined as never });
test.before(async (context) => {
  context.db = await createTestDatabase();
});
test.after(async ({ db }) => db.drop());

const scripts: Record<string, string> = rootPackage.scripts;
const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
  spawnSync(process.execPath, ['scripts/run.mjs', ...args], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
  });

test('each operator command runs an entry the server build bundles', () => {
  for (const name of ['projections:rebuild', 'projections:verify', 'audit:verify', 'admin', 'backup', 'restore']) {
    const entry = /^node scripts\/run\.mjs (\S+)$/.exec(scripts[name] ?? '')?.[1];
    assert.ok(entry, `${name}: ${scripts[name]}`);
    assert.ok(entry in serverEntries, `${name} runs ${entry}, which server-entries.json does not build`);
  }
});

test('a command runs with its arguments and answers with its exit code', ({ db }) => {
  const verified = run(['audit-verify'], { DATABASE_URL: db.url, EVENT_STORE: 'postgres' });
  assert.is(verified.status, 0, verified.stdout + verified.stderr);
  assert.match(verified.stdout, /^OK: /m);
  const listed = run(['admin', 'list'], { DATABASE_URL: db.url });
  assert.is(listed.status, 0, listed.stdout + listed.stderr);
  assert.match(listed.stdout, /^\(no admins\)$|\((admin|auditor)\)$/m);
  const usage = run(['admin', 'frobnicate'], { DATABASE_URL: db.url });
  assert.is(usage.status, 2, usage.stdout + usage.stderr);
  assert.match(usage.stdout, /Usage: npm run admin/);
});

test('an unknown entry is refused with the list of entries', () => {
  const unknown = run(['no-such-command']);
  assert.is(unknown.status, 2);
  assert.match(unknown.stderr, /Usage: node scripts\/run\.mjs <.*projections-rebuild.*>/);
});

test.run();
