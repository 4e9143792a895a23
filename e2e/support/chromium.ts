import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';

/** Debian's Chromium, headless, talking to nothing but the app under test. */
export const chromiumLaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export const browserContextOptions = {
  viewport: { width: 1280, height: 800 },
  locale: 'en-GB',
  timezoneId: 'Europe/London',
};

/**
 * A browser with a profile on disk: close it and open it again on the same folder, as a user closes
 * and reopens the installed app (IndexedDB, the service worker and cookies stay; session cookies go).
 */
export class PersistentBrowser {
  readonly dir = mkdtempSync(join(tmpdir(), 'ot-e2e-profile-'));
  context: BrowserContext | null = null;

  constructor(private readonly baseURL: string) {}

  async open(options: { offline?: boolean } = {}): Promise<Page> {
    this.context = await chromium.launchPersistentContext(this.dir, {
      ...chromiumLaunchOptions,
      ...browserContextOptions,
      baseURL: this.baseURL,
    });
    // Offline set on the context before the page exists, so the page starts offline (navigator.onLine too).
    if (options.offline) await this.context.setOffline(true);
    const page = await this.context.newPage();
    for (const other of this.context.pages()) if (other !== page) await other.close();
    return page;
  }

  async close(): Promise<void> {
    await this.context?.close();
    this.context = null;
  }

  async dispose(): Promise<void> {
    await this.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Waits until the service worker controls the page, so the app shell opens with the network off. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    }
  });
}

/** The keys in one of the app's IndexedDB key-value stores. */
export function storedKeys(page: Page, database: string, store: string): Promise<string[]> {
  return page.evaluate(
    ([name, storeName]) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onupgradeneeded = () => open.result.createObjectStore(storeName);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(storeName)) {
            db.close();
            resolve([]);
            return;
          }
          const keys = db.transaction(storeName).objectStore(storeName).getAllKeys();
          keys.onsuccess = () => {
            db.close();
            resolve(keys.result.map(String));
          };
          keys.onerror = () => reject(keys.error);
        };
      }),
    [database, store] as const,
  );
}
