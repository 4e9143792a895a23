import type { SessionUser } from '@ot/contracts/auth/auth-schemas.ts';
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { QueryClient } from '@tanstack/react-query';
import {
  type PersistedClient,
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import { createStore, del, get, set } from 'idb-keyval';
import { afterFirstRender } from './after-first-render.ts';
import { importInSteps, importOrderViews, importZod } from './import-in-steps.ts';
import { sessionQueryKey } from './query-client.ts';

/**
 * Server data kept on the device, so the installed app opens offline with the last data.
 * One cache per user (`cache:<userId>` in IndexedDB) and the last signed-in user (never the session
 * cookie); signing out, or a 401, deletes both. What comes back is parsed with the same schemas as
 * an answer from the server; anything that no longer fits is dropped.
 */
const store = createStore('order-tracker-cache', 'keyval');
const LAST_USER = 'last-user';
/** A week: long enough for a phone left offline, short enough not to show a stale season. */
export const CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const BUSTER = 'v1';
const FORGET_WAIT_MS = 2_000;
/**
 * The schemas (zod and the contracts' views) load only on a device that keeps someone's data: a first
 * visit, or a signed-out one, does without them, and the first visit's JavaScript stays small. A customer's
 * cache holds only a customer's screens, so it loads only their schemas, not the staff screens' as well.
 */
const loadSchemas = (user: SessionUser) =>
  importInSteps([importZod, importOrderViews], () =>
    user.role === 'customer' ? import('./persisted-customer-schemas.ts') : import('./persisted-schemas.ts'),
  );

const storage = {
  getItem: (key: string) => get<string>(key, store).then((value) => value ?? null),
  setItem: (key: string, value: string) => set(key, value, store),
  removeItem: (key: string) => del(key, store),
};

async function parseStored(user: SessionUser, text: string): Promise<PersistedClient> {
  const { persistedSchemaFor } = await loadSchemas(user);
  const client = JSON.parse(text) as PersistedClient;
  const queries = client.clientState.queries.flatMap((query) => {
    const schema = persistedSchemaFor(query.queryKey);
    const parsed = schema?.safeParse(query.state.data);
    return parsed?.success ? [{ ...query, state: { ...query.state, data: parsed.data } }] : [];
  });
  return { ...client, clientState: { ...client.clientState, queries } };
}

/**
 * Saved as soon as the previous save is done (never two at once, always the latest state): an app
 * closed right after a screen loaded still has that screen offline (a throttle would hold it back).
 */
const persisterFor = (user: SessionUser) =>
  createAsyncStoragePersister({
    storage,
    key: `cache:${user.id}`,
    throttleTime: 0,
    deserialize: (text) => parseStored(user, text),
  });

const dehydrateOptions = (persistedSchemaFor: (key: readonly unknown[]) => unknown) => ({
  shouldDehydrateQuery: (query: { state: { status: string }; queryKey: readonly unknown[] }) =>
    query.state.status === 'success' && persistedSchemaFor(query.queryKey) !== undefined,
});

let unsubscribe: (() => void) | null = null;
let persistingFor: string | null = null;

/** Keep saving the cache for this user (or stop, for nobody). */
export function persistFor(queryClient: QueryClient, user: SessionUser | null): void {
  if ((user?.id ?? null) === persistingFor) return;
  unsubscribe?.();
  unsubscribe = null;
  persistingFor = user?.id ?? null;
  if (!user) return;
  void set(LAST_USER, user, store);
  // Once the first view is on screen: what arrives meanwhile is saved as soon as they are here (below).
  void afterFirstRender
    .then(() => loadSchemas(user))
    .then(
      ({ persistedSchemaFor }) => {
        // Someone else (or nobody) may have signed in while the schemas loaded.
        if (persistingFor !== user.id) return;
        const options = {
          queryClient,
          persister: persisterFor(user),
          buster: BUSTER,
          dehydrateOptions: dehydrateOptions(persistedSchemaFor),
        };
        unsubscribe = persistQueryClientSubscribe(options);
        // What arrived while the schemas loaded is no change to come: saved now, not at the next one.
        void persistQueryClientSave(options);
      },
      (error) => console.warn('Could not keep the cache on this device', error),
    );
}

/**
 * On start: the last user's cache, restored before the first render. Restored data counts as out of
 * date, so every screen refreshes it when it can; offline, it shows what was kept.
 */
export async function restoreCache(queryClient: QueryClient): Promise<void> {
  try {
    const user = await get<SessionUser>(LAST_USER, store);
    if (!user) return;
    await persistQueryClientRestore({
      queryClient,
      persister: persisterFor(user),
      buster: BUSTER,
      maxAge: CACHE_MAX_AGE_MS,
    });
    if (queryClient.getQueryData(sessionQueryKey) === undefined) queryClient.setQueryData(sessionQueryKey, user);
    await queryClient.invalidateQueries({ refetchType: 'none' });
    persistFor(queryClient, user);
  } catch (error) {
    // A device without IndexedDB (private mode) simply starts empty.
    console.warn('Could not restore the offline cache', error);
  }
}

/** Sign Out or a 401: that user's kept data and the last-user record go. */
export async function forgetUser(userId: string | null): Promise<void> {
  if (userId === persistingFor) {
    unsubscribe?.();
    unsubscribe = null;
    persistingFor = null;
  }
  const deleted = Promise.all([del(LAST_USER, store), userId ? del(`cache:${userId}`, store) : undefined]);
  // Waited for, but not for ever: IndexedDB can hang (WebKit now and then), and signing out must go on.
  await Promise.race([deleted.catch(() => {}), new Promise((resolve) => setTimeout(resolve, FORGET_WAIT_MS))]);
}
