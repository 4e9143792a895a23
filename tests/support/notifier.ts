import { type ChildProcess, spawn } from 'node:child_process';
import { repoRoot } from '@ot/infra/db/database.ts';
import { createDevMailboxTransport } from '@ot/infra/email/dev-mailbox-transport.ts';
import type { EmailTransport } from '@ot/infra/email/email-transport.ts';
import { createSendGridTransport } from '@ot/infra/email/sendgrid-transport.ts';
import type { EventStore } from '@ot/infra/event-store/event-store.ts';
import { createLogger } from '@ot/infra/logger.ts';
import type pg from 'pg';
import { createNotifier, type NotifierOptions } from '../../command-service/src/notifier/notifier.ts';
import { STAND_IN_API_KEY } from './sendgrid-stand-in.ts';

export const STUDIO = { name: 'Elite Performance Golf', publicUrl: 'https://track.example.test' };

/** The real SendGrid transport, pointed at a stand-in. */
export const sendGridTo = (baseUrl: string, timeoutMs = 400): EmailTransport =>
  createSendGridTransport({ apiKey: STAND_IN_API_KEY, baseUrl, timeoutMs });

/** A notifier running in this process, as main.ts wires it, with test-sized timings. */
export function startNotifier(
  pool: pg.Pool,
  store: EventStore,
  options: { transport?: EmailTransport; retryBaseMs?: number; push?: NotifierOptions['push'] } = {},
) {
  const notifier = createNotifier({
    pool,
    store,
    transport: options.transport ?? createDevMailboxTransport(pool),
    logger: createLogger('notifier', 'silent'),
    studio: STUDIO,
    emailFrom: 'orders@studio.example.test',
    retryBaseMs: options.retryBaseMs ?? 40,
    pollMs: 50,
    ...(options.push ? { push: options.push } : {}),
  });
  const running = notifier.run();
  return {
    notifier,
    async stop() {
      notifier.stop();
      await running;
    },
  };
}

/** The notifier as `npm start` runs it: its own process, from command-service/src/notifier/main.ts. */
export class NotifierProcess {
  readonly child: ChildProcess;
  readonly logs: { msg: string }[] = [];
  readonly exited: Promise<void>;
  constructor(env: Record<string, string>) {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'command-service/src/notifier/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let buffered = '';
    this.child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        try {
          this.logs.push(JSON.parse(line) as { msg: string });
        } catch {}
      }
    });
    this.child.stderr?.resume();
    this.exited = new Promise((resolve) => this.child.once('exit', () => resolve()));
  }
  said = (text: string) => this.logs.some((line) => line.msg.includes(text));
  async kill(): Promise<void> {
    this.child.kill('SIGKILL');
    await this.exited;
  }
}
