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
  commandUrl: config.COMMAND_SERVICE_URL,
  queryUrl: config.QUERY_SERVICE_URL,
  staticDir: config.STATIC_DIR ?? join(repoRoot, 'pwa', 'dist'),
  logger,
  trustProxy: config.TRUST_PROXY === '1',
});
// The launcher names the instances anew when it replaces one (a rolling restart): new requests go there.
process.on('message', (message: { type?: string; commandUrl?: string; queryUrl?: string }) => {
  if (message?.type === 'upstreams' && message.commandUrl && message.queryUrl) {
    server.setUpstreams({ commandUrl: message.commandUrl, queryUrl: message.queryUrl });
    process.send?.({ type: 'upstreams-set' });
  }
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
exitWithParent(config.OT_LAUNCHED);
