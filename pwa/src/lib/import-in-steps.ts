/**
 * Imports modules one after the other, each evaluated in a task of its own, and gives the last one's
 * exports. Imported at once, a module graph (zod, the contracts' schemas, a page's code) is evaluated in
 * one long task, the longest of a customer page's start on a phone; a module is evaluated once, so importing its dependencies first only splits that task.
 */
export async function importInSteps<M>(first: readonly (() => Promise<unknown>)[], last: () => Promise<M>): Promise<M> {
  for (const step of first) {
    await step();
    await new Promise((resolve) => setTimeout(resolve));
  }
  return last();
}

/** zod's own code (lib/zod-loaded.ts), the first step before anything that builds schemas. */
export const importZod = () => import('./zod-loaded.ts');

/**
 * The contracts' order views, whose schemas are built as the module is evaluated (its own chunk,
 * 'customer-views' in vite.config.ts): the step after zod, before the queries and screens that use them.
 */
export const importOrderViews = () => import('@ot/contracts/orders/order-views.ts');
