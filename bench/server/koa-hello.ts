/**
 * The peer of the GET benchmark: Koa's hello world, in its own process on loopback, so it competes for
 * the same two cores as our gateway and services. Sends its port to the parent; ends with the parent.
 */
import type { AddressInfo } from 'node:net';
import Koa from 'koa';

const app = new Koa();
app.use((ctx) => {
  ctx.body = 'Hello World';
});
const server = app.listen(0, '127.0.0.1', () => process.send?.((server.address() as AddressInfo).port));
process.on('disconnect', () => process.exit(0));
