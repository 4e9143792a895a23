import { join } from 'node:path';
import { loadConfig } from '../config.ts';
import { exitWithParent } from '../launcher/exit-with-parent.ts';
import { reportReadyWhen } from '../launcher/ready.ts';
import { createLogger } from '../logger.ts';
import { repoRoot } from '../repo-root.ts';
import { createGateway } from './gateway.ts';

const config = loadConfig();
const logger = createLogger('gateway', config.LOG_LEVEL);
const server = createGateway({
  commandUrl: process.env.COMMAND_SERVICE_URL ?? 'http://127.0.0.1:3001',
  queryUrl: process.env.QUERY_SERVICE_URL ?? 'http://127.0.0.1:3002',
  staticDir: process.env.STATIC_DIR ?? join(repoRoot, 'pwa', 'dist'),
  logger,
});
server.listen(config.PORT, config.HOST, () => {
  logger.info({ port: config.PORT }, 'gateway listening');
  void reportReadyWhen(async () => ({ ready: true }));
});
const stop = () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
exitWithParent();
