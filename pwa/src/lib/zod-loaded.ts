import { z } from 'zod';

/**
 * Imported (import-in-steps.ts) only to have zod's own code evaluated in a task of its own. Only a member
 * is read: the namespace itself, exported, would keep all of zod in the build.
 */
export const zodLoaded = typeof z.object === 'function';
