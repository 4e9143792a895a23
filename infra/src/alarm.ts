/**
 * A wait that ends early when poked: how the follower and the notifier sleep between work. A poke while
 * nobody waits ends the next wait at once, so a wake-up that comes between two waits is not lost.
 */
export function createAlarm() {
  let wake: (() => void) | null = null;
  let woken = false;
  return {
    poke(): void {
      woken = true;
      wake?.();
    },
    /** Until poked or `ms` passed: whether it was poked. */
    async wait(ms: number): Promise<boolean> {
      if (woken) {
        woken = false;
        return true;
      }
      const poked = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), Math.max(0, ms));
        wake = () => {
          clearTimeout(timer);
          resolve(true);
        };
      });
      wake = null;
      woken = false;
      return poked;
    },
  };
}

export type Alarm = ReturnType<typeof createAlarm>;
