import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { repoRoot } from '../db/database.ts';
import { API_CSP, HSTS, inlineScriptHashes, PERMISSIONS_POLICY, pageCsp } from './security-headers.ts';

const caddyfile = readFileSync(join(repoRoot, 'deploy', 'Caddyfile'), 'utf8');
const appCsp = pageCsp(inlineScriptHashes(readFileSync(join(repoRoot, 'pwa', 'index.html'), 'utf8')));

test('the page CSP allows no inline or eval script, only the hashed theme script of index.html', () => {
  const scriptSrc = /script-src ([^;]*)/.exec(appCsp)?.[1] ?? '';
  assert.not.match(scriptSrc, /unsafe-inline|unsafe-eval|\*/);
  assert.match(scriptSrc, /^'self' 'sha256-[A-Za-z0-9+/]+=*'$/);
  assert.match(appCsp, /frame-ancestors 'none'/);
  assert.match(appCsp, /base-uri 'none'/);
});

test('an inline script is hashed as the browser hashes it; scripts with src are not', () => {
  const hashes = inlineScriptHashes(
    '<script>a()</script><script type="module" src="/x.js"></script><script defer src=y></script>',
  );
  assert.equal(hashes, ["'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='"]);
});

test('deploy/Caddyfile sends the same headers as the gateway, with the current index.html hash', () => {
  assert.ok(
    caddyfile.includes(`Content-Security-Policy "${appCsp}"`),
    'run the test, copy pageCsp() into the Caddyfile',
  );
  assert.ok(caddyfile.includes(`?Content-Security-Policy "${API_CSP}"`));
  assert.ok(caddyfile.includes(`Permissions-Policy "${PERMISSIONS_POLICY}"`));
  assert.ok(caddyfile.includes(`Strict-Transport-Security "${HSTS}"`));
  assert.ok(caddyfile.includes('X-Content-Type-Options "nosniff"'));
});

test.run();
