import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../config.ts';
import { dataDir } from '../repo-root.ts';
import { type LauncherStatus, statusFile } from './rolling-restart.ts';

/**
 * `npm run restart`: asks the app started by `npm start` on PORT (or, PORT unset, the one app running from
 * this checkout) to replace every service process, one at a time (SIGHUP to its launcher), and waits until it
 * has. Exit 1 when no app runs there or the restart stopped.
 */
const WAIT_MS = 5 * 60_000;
const config = loadConfig();
const read = (file: string): LauncherStatus | null => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LauncherStatus;
  } catch {
    return null;
  }
};
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The status file of the app to restart: PORT's, or when PORT is not set, the only one whose launcher runs. */
function chosenFile(): string {
  if (process.env.PORT) return statusFile(config.PORT);
  const running = (existsSync(dataDir) ? readdirSync(dataDir) : [])
    .filter((name) => /^launcher-\d+\.json$/.test(name))
    .map((name) => join(dataDir, name))
    .filter((file) => {
      const status = read(file);
      return status !== null && alive(status.pid);
    });
  return running.length === 1 ? (running[0] as string) : statusFile(config.PORT);
}
const file = chosenFile();
const before = read(file);
if (!before || !alive(before.pid)) {
  console.error(`No app started by npm start is running on port ${config.PORT} (set PORT to the one it uses).`);
  process.exit(1);
}
process.kill(before.pid, 'SIGHUP');
console.log(`Replacing every service process of the app on port ${before.port}, one at a time...`);
const deadline = Date.now() + WAIT_MS;
for (;;) {
  const now = read(file);
  if (now && now.restarts > before.restarts && now.last) {
    console.log(now.last.ok ? `Done: ${now.last.message}.` : `The restart stopped: ${now.last.message}.`);
    process.exit(now.last.ok ? 0 : 1);
  }
  if (!alive(before.pid) || Date.now() > deadline) {
    console.error('The app stopped, or did not finish the restart in time; see its log.');
    process.exit(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}
