/**
 * A child of `npm start` (Config `OT_LAUNCHED`) ends when the launcher is gone, even if it was killed
 * without a chance to stop us.
 */
export function exitWithParent(launched: boolean): void {
  if (!launched) return;
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
  }, 1000).unref();
}
