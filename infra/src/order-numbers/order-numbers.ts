/**
 * The port behind which order numbers are handed out (prefix + zero-padded sequence, `EP-0001`).
 * Never the same number twice, even to two admins at once; the same number to a retried command.
 */
export interface OrderNumbers {
  /** A new number the first time this command asks; the same number when it asks again (a retry). */
  allocate(commandKey: string): Promise<string>;
  /** `count` new numbers in ascending order (an import's rows that bring none). */
  allocateMany(count: number): Promise<string[]>;
  /**
   * Never hand out these numbers (an import brings its own): move past the largest of them, unless it
   * is more than `maxJump` ahead of the last number given (a typo such as EP-999999999).
   */
  reservePast(numbers: readonly number[], maxJump: number): Promise<void>;
  /** The number the next allocation will most likely get (a preview: the allocation decides). */
  peekNext(): Promise<string>;
}
