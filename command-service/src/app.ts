import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import { badRequest } from '@ot/infra/http/errors.ts';
import { createKoaApp } from '@ot/infra/http/service.ts';
import type { AppState } from '@ot/infra/http/session.ts';
import { loadSession } from '@ot/infra/http/session.ts';
import { rejectUnstorableInput } from '@ot/infra/http/storable-input.ts';
import { databaseReadiness } from '@ot/infra/launcher/ready.ts';
import { adminLoginRoute } from './auth/admin-login/admin-login.route.ts';
import { customerLoginRoute } from './auth/customer-login/customer-login.route.ts';
import { logoutRoute } from './auth/logout/logout.route.ts';
import type { CommandServiceDeps } from './deps.ts';
import { uploadDocumentRoute } from './documents/upload-document/upload-document.route.ts';
import { resendEmailRoute } from './email/resend-email/resend-email.route.ts';
import { retryEmailRoute } from './email/retry-email/retry-email.route.ts';
import { sendTestEmailRoute } from './email/send-test-email/send-test-email.route.ts';
import { importJsonError } from './imports/import-body.ts';
import { importCustomersRoute } from './imports/import-customers/import-customers.route.ts';
import { importOrdersRoute } from './imports/import-orders/import-orders.route.ts';
import { placeOrderRoute } from './orders/place-order/place-order.route.ts';
import { updateOrderDetailsRoute } from './orders/update-order-details/update-order-details.route.ts';
import { updateOrderItemRoute } from './orders/update-order-item/update-order-item.route.ts';

export const MALFORMED_JSON = 'The request body must be a JSON object.';

/** The write side: every POST/PATCH/PUT/DELETE under /api. No listen here (tests use `app.callback()`). */
export function createApp(deps: CommandServiceDeps) {
  const app = createKoaApp(deps.logger, 'command-service', () => databaseReadiness(deps.pool));
  app.use(
    bodyParser({
      enableTypes: ['json'],
      jsonLimit: '10mb',
      encoding: 'utf-8',
      onError: (error, ctx) => {
        if ((error as { status?: number }).status !== 400) throw error; // 413 too large, 415 charset: as they are
        throw importJsonError(ctx.path, (error as { body?: unknown }).body) ?? badRequest(MALFORMED_JSON);
      },
    }),
  );
  app.use(rejectUnstorableInput);
  app.use(loadSession(deps.sessions));

  const router = new Router<AppState>();
  customerLoginRoute(router, deps);
  adminLoginRoute(router, deps);
  logoutRoute(router, deps);
  placeOrderRoute(router, deps);
  importOrdersRoute(router, deps);
  importCustomersRoute(router, deps);
  uploadDocumentRoute(router, deps);
  updateOrderDetailsRoute(router, deps);
  updateOrderItemRoute(router, deps);
  sendTestEmailRoute(router, deps);
  resendEmailRoute(router, deps);
  retryEmailRoute(router, deps);

  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}
