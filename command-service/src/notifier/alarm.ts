/** A wait that ends early when poked: how the loops sleep between work. */
export function alarm() {
  let poke: (() => void) | null = null;
  let poked = false;
  return {
    poke() {
      poked = true;
      poke?.();
    },
    async wait(ms: number): Promise<void> {
      if (poked) {
        poked = false;
        return;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, ms));
        poke = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      poke = null;
      poked = false;
    },
  };
}
