import { type Driver, waitFor } from './drivers.ts';

/**
 * What a journey does on the page, as a person would see it (labels, button texts, what is on screen),
 * run as plain page scripts so that every engine's driver runs the same thing. Strings, not functions:
 * the TypeScript loader would add its own helpers to a function's source.
 */
const FIND = `
  const norm = (text) => (text || '').replace(/\\s+/g, ' ').trim();
  const field = (label) => {
    const found = [...document.querySelectorAll('label')].find((l) => norm(l.textContent).startsWith(label));
    return found && (found.htmlFor ? document.getElementById(found.htmlFor) : found.querySelector('input, textarea'));
  };
  const control = (name) =>
    [...document.querySelectorAll('button, a')].find((b) => norm(b.textContent) === name && !b.disabled);
`;

export class PageSteps {
  constructor(readonly driver: Driver) {}

  private script<T>(body: string, ...args: unknown[]): Promise<T> {
    return this.driver.run<T>(`function () { ${FIND} ${body} }`, ...args);
  }

  text(): Promise<string> {
    return this.driver.run<string>('function () { return document.body ? document.body.innerText : ""; }');
  }

  path(): Promise<string> {
    return this.driver.run<string>('function () { return location.pathname; }');
  }

  /** Waits until the page's text has every one of `texts` (and, if given, none of `absent`). */
  async see(texts: string[], options: { absent?: string[]; timeoutMs?: number } = {}): Promise<void> {
    let last = '';
    await waitFor(
      async () => {
        last = await this.text();
        return texts.every((text) => last.includes(text)) && !(options.absent ?? []).some((t) => last.includes(t));
      },
      `${JSON.stringify(texts)}${options.absent ? ` without ${JSON.stringify(options.absent)}` : ''} on the page`,
      options.timeoutMs,
    ).catch((error: Error) => {
      throw new Error(`${error.message}; the page says: ${last.replace(/\s+/g, ' ').slice(0, 400)}`);
    });
  }

  async atPath(pattern: RegExp): Promise<void> {
    await waitFor(async () => pattern.test(await this.path()), `the path to match ${pattern}`);
  }

  /** Waits for the button or link with this text to be there and enabled (the app is running), then clicks it. */
  async click(name: string): Promise<void> {
    await waitFor(
      () =>
        this.script<boolean>('const found = control(arguments[0]); if (found) found.click(); return !!found;', name),
      `an enabled "${name}"`,
    );
  }

  async enabled(name: string): Promise<void> {
    await waitFor(() => this.script<boolean>('return !!control(arguments[0]);', name), `an enabled "${name}"`);
  }

  /** Types into the field with this label as a person would (React sees the input event). */
  async fill(label: string, value: string): Promise<void> {
    await waitFor(
      () =>
        this.script<boolean>(
          `const input = field(arguments[0]);
           if (!input || input.disabled) return false;
           const proto = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
           Object.getOwnPropertyDescriptor(proto, 'value').set.call(input, arguments[1]);
           input.dispatchEvent(new Event('input', { bubbles: true }));
           input.dispatchEvent(new Event('change', { bubbles: true }));
           return input.value === arguments[1];`,
          label,
          value,
        ),
      `the field "${label}"`,
    );
  }

  async fieldValue(label: string): Promise<string | null> {
    return this.script<string | null>('const input = field(arguments[0]); return input ? input.value : null;', label);
  }

  /** Nothing scrolls sideways: the page is no wider than the window. */
  async overflow(): Promise<number> {
    return this.driver.run<number>('function () { return document.documentElement.scrollWidth - window.innerWidth; }');
  }

  async online(): Promise<boolean> {
    return this.driver.run<boolean>('function () { return navigator.onLine; }');
  }

  /** The service worker controls the page, so a reload comes from this device. */
  async serviceWorkerInControl(): Promise<void> {
    await waitFor(
      () =>
        this.driver.run<boolean>(
          'function () { return !!navigator.serviceWorker && !!navigator.serviceWorker.controller; }',
        ),
      'the service worker to control the page',
    );
  }

  /** The app has kept what the page shows on the device (its cache in IndexedDB holds `text`). */
  async kept(text: string): Promise<void> {
    await waitFor(
      () =>
        this.driver.run<boolean>(
          `function (wanted) {
            return new Promise((resolve) => {
              const open = indexedDB.open('order-tracker-cache');
              // Created as the app creates it (idb-keyval), should this run first.
              open.onupgradeneeded = () => open.result.createObjectStore('keyval');
              open.onerror = () => resolve(false);
              open.onsuccess = () => {
                const db = open.result;
                if (!db.objectStoreNames.contains('keyval')) {
                  db.close();
                  return resolve(false);
                }
                const all = db.transaction('keyval').objectStore('keyval').getAll();
                // Closed at once: a connection left open holds back the app's own (a version change, a delete).
                all.onerror = () => {
                  db.close();
                  resolve(false);
                };
                all.onsuccess = () => {
                  db.close();
                  resolve(all.result.some((value) => typeof value === 'string' && value.includes(wanted)));
                };
              };
            });
          }`,
          text,
        ),
      `"${text}" kept on the device`,
    );
  }
}
