import { connect } from 'node:net';
import { createTestDatabase } from '@ot/infra/testing/test-database.ts';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { launchProduct } from './support/launched-product.ts';

/**
 * `npm start` stopped the way a terminal, a test runner or a process manager stops it: everything it started
 * ends with it (the launcher, every service, and so the port and the database's connections), whether npm is
 * sent SIGTERM (it passes the signal to the launcher, its own child since the start script execs node) or
 * killed outright (the launcher sees npm gone and stops).
 */
const stops = suite('npm start stopped or killed: nothing it started keeps running');

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Whether something accepts connections on the URL's port. */
const listening = (url: string) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
  stops(`npm sent ${signal}: the launcher and the five services end within 15 s, and the port is free`, async () => {
    const db = await createTestDatabase();
    const product = await launchProduct(db.url, { through: 'npm' });
    const started = [...product.services()];
    try {
      assert.equal(
        started.map(([name]) => name).sort(),
        ['command-service', 'gateway', 'launcher', 'notifier', 'projector', 'query-service'],
        'npm start runs the launcher and the five services',
      );
      process.kill(product.launcher.pid as number, signal);
      const deadline = Date.now() + 15_000;
      while (started.some(([, pid]) => alive(pid)) && Date.now() < deadline) await pause(100);
      const left = started.filter(([, pid]) => alive(pid)).map(([name]) => name);
      assert.equal(left, [], `still running after npm got ${signal}`);
      assert.not.ok(await listening(product.baseUrl), 'nothing listens on the port any more');
    } finally {
      for (const [, pid] of started) if (alive(pid)) process.kill(pid, 'SIGKILL');
      await product.stop();
      await db.drop();
    }
  });
}

stops.run();
