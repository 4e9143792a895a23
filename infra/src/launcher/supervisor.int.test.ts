import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createSupervisor } from './supervisor.ts';

interface Line {
  msg: string;
  child?: string;
  restartInMs?: number;
  time: number;
}

/** A supervisor whose log lines we read back, and a folder for the child scripts it runs. */
async function supervise(script: string) {
  const dir = await mkdtemp(join(tmpdir(), 'ot-supervisor-'));
  const entry = join(dir, 'child.mjs');
  await writeFile(entry, script);
  const lines: Line[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as Line) });
  const supervisor = createSupervisor(logger, process.env);
  supervisor.start({ name: 'child', args: [entry], env: {} });
  const restarts = () => lines.filter((line) => line.msg.startsWith('child exited'));
  return {
    lines,
    restarts,
    async until(count: number, timeoutMs: number) {
      const deadline = Date.now() + timeoutMs;
      while (restarts().length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await supervisor.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

test('a child that crashes before it gets ready is restarted later each time, and each restart says why', async () => {
  const run = await supervise(`console.error('Error: cannot reach the database'); process.exit(3);`);
  await run.until(3, 10_000);
  const delays = run.restarts().map((line) => line.restartInMs);
  assert.equal(delays.slice(0, 3), [500, 1000, 2000]);
  assert.ok(run.restarts()[0]?.msg.includes('exit code 3: Error: cannot reach the database'), run.restarts()[0]?.msg);
});

test('a child that reported ready is restarted at once, however often it went down before', async () => {
  const run = await supervise(
    `process.send({ type: 'ready' }); setTimeout(() => process.kill(process.pid, 'SIGKILL'), 100);`,
  );
  await run.until(4, 10_000);
  for (const line of run.restarts()) {
    assert.is(line.restartInMs, 50);
    assert.ok(line.msg.includes('killed by SIGKILL'));
  }
  assert.ok(run.lines.some((line) => line.msg === 'child ready'));
});

test('a child that dies by itself right after reporting ready still backs off (a crash loop)', async () => {
  const run = await supervise(`process.send({ type: 'ready' }); setTimeout(() => process.exit(1), 50);`);
  await run.until(3, 10_000);
  assert.equal(
    run.restarts().map((line) => line.restartInMs),
    [500, 500, 500],
  );
});

test.run();
