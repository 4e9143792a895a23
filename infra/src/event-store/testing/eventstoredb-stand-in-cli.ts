/**
 * `npm run eventstoredb:stand-in [-- <port>]`: the in-memory EventStoreDB stand-in on 127.0.0.1 (port
 * 2113 by default), for `EVENT_STORE=eventstoredb EVENTSTOREDB_URL=<the url it prints> npm start`.
 * Its events live as long as the process: Ctrl-C forgets them all.
 */
import { startEventStoreDbStandIn } from './eventstoredb-stand-in.ts';

const port = Number(process.argv[2] ?? 2113);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Not a port: ${process.argv[2]}`);
  process.exit(2);
}
const standIn = await startEventStoreDbStandIn({ port });
console.log(`EventStoreDB stand-in (in memory) listening: EVENTSTOREDB_URL=${standIn.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void standIn.stop().then(() => process.exit(0));
  });
}
