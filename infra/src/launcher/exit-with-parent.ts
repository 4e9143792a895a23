/** Calls `then` once this process's parent is gone (it was re-parented), checked every second. */
export function whenParentGone(then: () => void): void {
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    then();
  }, 1000);
  watch.unref();
}

/**
 * A child of `npm start` (Config `OT_LAUNCHED`) ends when the launcher is gone, even if it was killed
 * without a chance to stop us.
 */
export function exitWithParent(launched: boolean): void {
  if (launched) whenParentGone(() => process.kill(process.pid, 'SIGTERM'));
}
