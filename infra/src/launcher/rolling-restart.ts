import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../logger.ts';
import { dataDir } from '../repo-root.ts';
import { freePort } from './free-port.ts';
import type { createSupervisor } from './supervisor.ts';

type Supervisor = ReturnType<typeof createSupervisor>;

/** A command or query service process: the gateway reaches it at `url`; a replacement gets a new port. */
export interface Instance {
  name: string;
  portVariable: 'COMMAND_SERVICE_PORT' | 'QUERY_SERVICE_PORT';
  url: string;
}

/** What `npm run restart` reads: which launcher serves PORT, and how its last rolling restart went. */
export interface LauncherStatus {
  pid: number;
  port: number;
  restarts: number;
  last?: { ok: boolean; at: string; message: string };
}

export const statusFile = (port: number) => join(dataDir, `launcher-${port}.json`);

const upstreamsOf = (command: Instance[], query: Instance[]) => ({
  COMMAND_SERVICE_URL: command.map((instance) => instance.url).join(','),
  QUERY_SERVICE_URL: query.map((instance) => instance.url).join(','),
});

/**
 * Replaces every service process one at a time, each new one ready before the old one stops (SIGHUP to the
 * launcher, or `npm run restart`), so a new build or configuration is taken up without a failed request.
 * A command or query service's replacement listens on a new port: the gateway is told (and answers once it
 * routes there) before the old process stops, finishing what it had started. The gateway itself, which
 * holds the public port, is left running.
 */
export function rollingRestarts(options: {
  supervisor: Supervisor;
  command: Instance[];
  query: Instance[];
  followers: string[];
  logger: Logger;
  port: number;
}) {
  const { supervisor, command, query, logger } = options;
  const status: LauncherStatus = { pid: process.pid, port: options.port, restarts: 0 };
  const save = () => writeFileSync(statusFile(options.port), JSON.stringify(status));
  let running: Promise<void> | null = null;

  const tellGateway = async () => {
    const upstreams = upstreamsOf(command, query);
    supervisor.setEnv('gateway', upstreams);
    await supervisor.ask(
      'gateway',
      { type: 'upstreams', commandUrl: upstreams.COMMAND_SERVICE_URL, queryUrl: upstreams.QUERY_SERVICE_URL },
      'upstreams-set',
    );
  };

  async function replaceAll(): Promise<void> {
    for (const instance of [...command, ...query]) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      await supervisor.replace(instance.name, { [instance.portVariable]: String(port) }, () => {
        instance.url = url;
        return tellGateway();
      });
      logger.info({ child: instance.name, url }, `${instance.name} replaced`);
    }
    for (const name of options.followers) {
      await supervisor.replace(name);
      logger.info({ child: name }, `${name} replaced`);
    }
  }

  return {
    /** Records this launcher for `npm run restart`; `forget` when it stops. */
    announce: save,
    forget: () => rmSync(statusFile(options.port), { force: true }),
    restart(): Promise<void> {
      running ??= replaceAll()
        .then(
          () => ({ ok: true, message: 'every service process replaced' }),
          (error: Error) => ({ ok: false, message: error.message }),
        )
        .then((outcome) => {
          status.restarts++;
          status.last = { ...outcome, at: new Date().toISOString() };
          save();
          if (outcome.ok) logger.info('rolling restart done');
          else logger.error(`rolling restart stopped: ${outcome.message}`);
          running = null;
        });
      return running;
    },
  };
}
