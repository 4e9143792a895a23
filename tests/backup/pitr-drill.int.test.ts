import { spawn } from 'node:child_process';
import { repoRoot } from '@ot/infra/db/database.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

test('the point-in-time recovery drill of docs/operations.md restores its own server to a moment, and only that', async () => {
  // The script starts and removes a server of its own on a free loopback port; it is bounded at every step.
  const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
    const child = spawn('bash', ['scripts/pitr-drill.sh'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGTERM'), 240_000);
    child.on('close', (exit) => {
      clearTimeout(timer);
      resolve({ code: exit ?? 1, output });
    });
  });
  assert.is(code, 0, output);
  assert.match(output, /restored to .*: the row written before is there, the row written after is not/);
});

test.run();
