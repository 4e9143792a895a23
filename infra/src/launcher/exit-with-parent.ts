/** A child of `npm start` ends when the launcher is gone, even if it was killed without a chance to stop us. */
export function exitWithParent(): void {
  if (process.env.OT_LAUNCHED !== '1') return;
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
  }, 1000).unref();
}
