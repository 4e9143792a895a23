import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@ot/infra/launcher/free-port.ts';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { chromiumLaunchOptions } from '../../e2e/support/chromium.ts';

export type Engine = 'chromium' | 'firefox' | 'webkit';

/**
 * One browser window, driven the same way in every engine: a page script runs with `args` and its result
 * (awaited when it is a promise) comes back. Chromium goes over CDP and Firefox over WebDriver BiDi
 * (puppeteer-core), WebKitGTK over classic WebDriver (WebKitWebDriver and MiniBrowser, under Xvfb).
 */
export interface Driver {
  readonly engine: Engine;
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  run<T>(script: string, ...args: unknown[]): Promise<T>;
  /** The browser's own offline switch (navigator.onLine false), where the engine's driver has one. */
  setOffline: ((offline: boolean) => Promise<void>) | null;
  /** A PNG of what the window shows. */
  screenshot(): Promise<Buffer>;
  close(): Promise<void>;
}

export interface Viewport {
  width: number;
  height: number;
}

export function launch(engine: Engine, viewport: Viewport): Promise<Driver> {
  return engine === 'webkit' ? launchWebKit(viewport) : launchPuppeteer(engine, viewport);
}

async function launchPuppeteer(engine: 'chromium' | 'firefox', viewport: Viewport): Promise<Driver> {
  const browser: Browser =
    engine === 'chromium'
      ? await puppeteer.launch({ ...chromiumLaunchOptions, headless: true, defaultViewport: viewport })
      : await puppeteer.launch({
          browser: 'firefox',
          protocol: 'webDriverBiDi',
          executablePath: '/usr/bin/firefox-esr',
          headless: true,
          defaultViewport: viewport,
          // Nothing but the app under test: no updates, telemetry or safe-browsing lists from elsewhere.
          extraPrefsFirefox: {
            'network.dns.disableIPv6': true,
            'browser.safebrowsing.malware.enabled': false,
            'browser.safebrowsing.phishing.enabled': false,
            'network.captive-portal-service.enabled': false,
            'network.connectivity-service.enabled': false,
          },
        });
  const page: Page = await browser.newPage();
  for (const other of await browser.pages()) if (other !== page) await other.close();
  return {
    engine,
    goto: async (url) => {
      await page.goto(url, { waitUntil: 'load' });
    },
    reload: async () => {
      await page.reload({ waitUntil: 'load' });
    },
    run: (script, ...args) => page.evaluate(`(${script})(...${JSON.stringify(args)})`) as never,
    setOffline: (offline) => page.setOfflineMode(offline),
    screenshot: async () => Buffer.from(await page.screenshot()),
    close: () => browser.close(),
  };
}

/** Debian's MiniBrowser of WebKitGTK (the directory carries the API version, e.g. webkit2gtk-4.1). */
function miniBrowser(): string {
  const lib = '/usr/lib/x86_64-linux-gnu';
  const found = readdirSync(lib)
    .filter((name) => name.startsWith('webkit2gtk-'))
    .map((name) => join(lib, name, 'MiniBrowser'))
    .find((path) => existsSync(path));
  if (!found) throw new Error('MiniBrowser not found: apt-get install webkit2gtk-driver');
  return found;
}

/**
 * MiniBrowser's toolbar holds its window at least ~450 px wide; a GTK style of our own lets it shrink,
 * so the page gets a phone's width.
 */
const GTK_STYLE = `headerbar, headerbar *, toolbar, toolbar *, entry, button, box {
  min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px; }
image { -gtk-icon-transform: scale(0.01); }`;

async function launchWebKit(viewport: Viewport): Promise<Driver> {
  const home = mkdtempSync(join(tmpdir(), 'ot-webkit-'));
  mkdirSync(join(home, 'config', 'gtk-3.0'), { recursive: true });
  writeFileSync(join(home, 'config', 'gtk-3.0', 'gtk.css'), GTK_STYLE);
  const display = await freeDisplay();
  const children: ChildProcess[] = [];
  const stopAll = () => {
    for (const child of children.reverse()) child.kill('SIGTERM');
    rmSync(home, { recursive: true, force: true });
  };
  try {
    children.push(
      spawn('Xvfb', [`:${display}`, '-screen', '0', '1400x1000x24', '-nolisten', 'tcp'], { stdio: 'ignore' }),
    );
    const port = await freePort();
    const env = {
      ...process.env,
      DISPLAY: `:${display}`,
      HOME: home,
      XDG_CONFIG_HOME: join(home, 'config'),
      XDG_DATA_HOME: join(home, 'data'),
      XDG_CACHE_HOME: join(home, 'cache'),
    };
    children.push(spawn('WebKitWebDriver', [`--port=${port}`], { stdio: 'ignore', env }));
    const base = `http://127.0.0.1:${port}`;
    await waitFor(async () => (await fetch(`${base}/status`)).ok, 'WebKitWebDriver to listen');
    const call = async (method: string, path: string, body?: unknown) => {
      const answer = await fetch(`${base}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(120_000),
      });
      const json = (await answer.json()) as { value: { error?: string; message?: string } & Record<string, unknown> };
      if (json.value?.error) throw new Error(`WebDriver ${path}: ${json.value.error}: ${json.value.message}`);
      return json.value;
    };
    const session = await call('POST', '/session', {
      capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary: miniBrowser(), args: ['--automation'] } } },
    });
    const id = String(session.sessionId);
    await call('POST', `/session/${id}/window/rect`, { ...viewport, x: 0, y: 0 });
    return {
      engine: 'webkit',
      goto: async (url) => {
        await call('POST', `/session/${id}/url`, { url });
      },
      reload: async () => {
        await call('POST', `/session/${id}/refresh`, {});
      },
      run: async (script, ...args) =>
        (await call('POST', `/session/${id}/execute/sync`, {
          script: `return (${script})(...arguments)`,
          args,
        })) as never,
      setOffline: null,
      screenshot: async () => Buffer.from(String(await call('GET', `/session/${id}/screenshot`)), 'base64'),
      close: async () => {
        await call('DELETE', `/session/${id}`).catch(() => {});
        stopAll();
      },
    };
  } catch (error) {
    stopAll();
    throw error;
  }
}

/** An X display number no other Xvfb holds (its lock file names it). */
async function freeDisplay(): Promise<number> {
  for (let display = 90 + Math.floor(Math.random() * 400); ; display++)
    if (!existsSync(`/tmp/.X${display}-lock`) && !existsSync(`/tmp/.X11-unix/X${display}`)) return display;
}

/** Polls `condition` until it holds; throws naming `what` after `timeoutMs`. */
export async function waitFor(condition: () => Promise<unknown>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      if (await condition()) return;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? ` (${String(last)})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
