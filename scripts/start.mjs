/**
 * `npm start`: build the services when dist/server is missing or older than the sources, then run the
 * compiled launcher with plain node (tsx is for development and tests only: `npm run dev`).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureServerBuild, serverDir } from './build-server.mjs';

process.setSourceMapsEnabled(true);
await ensureServerBuild();
await import(pathToFileURL(join(serverDir, 'launcher.js')).href);
