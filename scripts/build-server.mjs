/**
 * The server build: each entry of infra/src/launcher/server-entries.json bundled by esbuild into
 * dist/server/<name>.js (our workspace packages inlined, every npm package left external), so
 * production runs plain `node` and a restarted service is ready in a fraction of a second.
 * Plain JavaScript, because `npm start` runs it before anything can compile TypeScript.
 *   node scripts/build-server.mjs           build
 *   import { ensureServerBuild } from ...   build only when missing or older than the sources
 */
import { existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
export const serverDir = join(repoRoot, 'dist', 'server');
const stamp = join(serverDir, '.built');
export const entriesFile = join(repoRoot, 'infra', 'src', 'launcher', 'server-entries.json');
const sourceDirs = ['contracts', 'infra', 'command-service', 'query-service', 'projector'];
/** The PWA's route table, which the gateway reads for its preload links. */
const sourceFiles = ['pwa/src/app/route-table.ts'];

/** Newest modification time among the files a build reads (sources, package manifests, this script). */
function newestSourceTime() {
  let newest = Math.max(
    statSync(fileURLToPath(import.meta.url)).mtimeMs,
    statSync(join(repoRoot, 'package.json')).mtimeMs,
  );
  for (const file of sourceFiles) newest = Math.max(newest, statSync(join(repoRoot, file)).mtimeMs);
  for (const dir of sourceDirs) {
    newest = Math.max(newest, statSync(join(repoRoot, dir, 'package.json')).mtimeMs);
    const src = join(repoRoot, dir, 'src');
    for (const file of readdirSync(src, { recursive: true })) {
      if (/\.(ts|json)$/.test(file)) newest = Math.max(newest, statSync(join(src, file)).mtimeMs);
    }
  }
  return newest;
}

export function serverBuildIsStale() {
  if (!existsSync(stamp)) return true;
  const entries = Object.keys(JSON.parse(readFileSync(entriesFile, 'utf8')));
  if (entries.some((name) => !existsSync(join(serverDir, `${name}.js`)))) return true;
  return newestSourceTime() > statSync(stamp).mtimeMs;
}

/**
 * Bare imports stay imports (npm packages), except our own workspaces, which hold TypeScript, and a few
 * pure-ESM packages of many small files (zod, date-fns): resolving those file by file costs a service
 * about a third of its start, bundled they cost nothing.
 */
const BUNDLED = [/^@ot\//, /^zod(\/|$)/, /^date-fns(\/|$)/];
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('node:') || BUNDLED.some((pattern) => pattern.test(args.path))
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

export async function buildServer() {
  const started = Date.now();
  const startedAt = new Date(started);
  const { build } = await import('esbuild'); // a dev dependency: only needed when a build is due
  const entries = JSON.parse(readFileSync(entriesFile, 'utf8'));
  rmSync(serverDir, { recursive: true, force: true }); // no chunks of an older build left behind
  await build({
    absWorkingDir: repoRoot,
    entryPoints: Object.entries(entries).map(([name, source]) => ({ in: source, out: name })),
    outdir: serverDir,
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
  // The stamp carries the time the build started: a source saved during the build makes it stale.
  writeFileSync(stamp, `${startedAt.toISOString()}\n`);
  utimesSync(stamp, startedAt, startedAt);
  return Date.now() - started;
}

export async function ensureServerBuild(log = console.log) {
  if (!serverBuildIsStale()) return;
  const esbuildInstalled = await import('esbuild').then(
    () => true,
    () => false,
  );
  if (!esbuildInstalled) {
    // A production install (no dev dependencies) runs the build it was given, even if sources look newer.
    if (existsSync(join(serverDir, 'launcher.js')))
      return log('dist/server looks older than the sources; esbuild is not installed, so it runs as built');
    throw new Error(
      'dist/server is missing and esbuild is not installed: run npm run build where dev dependencies are',
    );
  }
  log('Building the services (dist/server)...');
  const ms = await buildServer();
  log(`Built the services in ${ms} ms`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ms = await buildServer();
  console.log(
    `dist/server: ${Object.keys(JSON.parse(readFileSync(entriesFile, 'utf8'))).length} entries built in ${ms} ms`,
  );
}
