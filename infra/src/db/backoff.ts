export interface Backoff {
  /** The next wait: exponential from `baseMs` up to `maxMs`, jittered between half and all of it. */
  next(): number;
  reset(): void;
}

/** How anything that lost its database connection waits before trying again. */
export function jitteredBackoff(baseMs = 100, maxMs = 5000, random: () => number = Math.random): Backoff {
  let attempt = 0;
  return {
    next() {
      const ceiling = Math.min(maxMs, baseMs * 2 ** attempt);
      attempt += 1;
      return Math.round(ceiling / 2 + (random() * ceiling) / 2);
    },
    reset() {
      attempt = 0;
    },
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
