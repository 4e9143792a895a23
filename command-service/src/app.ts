import { bodyParser } from '@koa/bodyparser';
import { ANONYMOUS_BODY_LIMIT, limitAnonymousBodies } from '@ot/infra/http/body-limit.ts';
import { parseAllowedOrigins, refuseCrossSiteWrites } from '@ot/infra/http/cross-site.ts';
import { badRequest } from '@ot/infra/http/errors.ts';
import { createKoaApp, mountRoutes } from '@ot/infra/http/service.ts';
import { loadSession } from '@ot/infra/http/session.ts';
import { rejectUnstorableInput } from '@ot/infra/http/storable-input.ts';
import { databaseReadiness } from '@ot/infra/launcher/ready.ts';
import { adminLoginRoute } from './auth/admin-login/admin-login.route.ts';
import { customerLoginRoute } from './auth/customer-login/customer-login.route.ts';
import { loginCodeRoute } from './auth/login-code/login-code.route.ts';
import { logoutRoute } from './auth/logout/logout.route.ts';
import { eraseCustomerRoute } from './customers/erase-customer/erase-customer.route.ts';
import type { CommandServiceDeps } from './deps.ts';
import { uploadDocumentRoute } from './documents/upload-document/upload-document.route.ts';
import { resendEmailRoute } from './email/resend-email/resend-email.route.ts';
import { retryEmailRoute } from './email/retry-email/retry-email.route.ts';
import { sendTestEmailRoute } from './email/send-test-email/send-test-email.route.ts';
import { idempotentWrites } from './http/idempotency.ts';
import { importJsonError } from './imports/import-body.ts';
import { importCustomersRoute } from './imports/import-customers/import-customers.route.ts';
import { importOrdersRoute } from './imports/import-orders/import-orders.route.ts';
import { placeOrderRoute } from './orders/place-order/place-order.route.ts';
import { sendDelayNoticeRoute } from './orders/send-delay-notice/send-delay-notice.route.ts';
import { updateOrderDetailsRoute } from './orders/update-order-details/update-order-details.route.ts';
import { updateOrderItemRoute } from './orders/update-order-item/update-order-item.route.ts';
import { pushSubscriptionsRoute } from './push/push-subscriptions.route.ts';

export const MALFORMED_JSON = 'The request body must be a JSON object.';

const SIGNED_IN_JSON_LIMIT = 10 * 1024 * 1024;

/** The endpoints that take a file rather than JSON. */
const FILE_PATHS = ['/api/admin/upload-document', '/api/admin/import', '/api/admin/import-customers'];

/** The write side: every POST/PATCH/PUT/DELETE under /api. No listen here (tests use `app.callback()`). */
export function createApp(deps: CommandServiceDeps) {
  const app = createKoaApp(deps.logger, 'command-service', () => databaseReadiness(deps.pool));
  app.use(loadSession(deps.sessions));
  app.use(
    refuseCrossSiteWrites({ allowedOrigins: parseAllowedOrigins(deps.config.ALLOWED_ORIGINS), filePaths: FILE_PATHS }),
  );
  // Signed out, a body may be small (a login); signed in, large enough for an import.
  const [anonymousParser, signedInParser] = [ANONYMOUS_BODY_LIMIT, SIGNED_IN_JSON_LIMIT].map((limit) =>
    bodyParser({
      enableTypes: ['json'],
      // DELETE too: a push unsubscription names its endpoint in the body.
      parsedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],
      jsonLimit: limit,
      encoding: 'utf-8',
      onError: (error, ctx) => {
        if ((error as { status?: number }).status !== 400) throw error; // 413 too large, 415 charset: as they are
        throw importJsonError(ctx.path, (error as { body?: unknown }).body) ?? badRequest(MALFORMED_JSON);
      },
    }),
  );
  app.use(limitAnonymousBodies(ANONYMOUS_BODY_LIMIT));
  app.use((ctx, next) =>
    ((ctx.state.user ? signedInParser : anonymousParser) as typeof anonymousParser & {})(ctx, next),
  );
  app.use(rejectUnstorableInput);
  app.use(idempotentWrites(deps.idempotency, deps.logger));

  mountRoutes(app, deps, [
    customerLoginRoute,
    loginCodeRoute,
    adminLoginRoute,
    logoutRoute,
    placeOrderRoute,
    importOrdersRoute,
    importCustomersRoute,
    uploadDocumentRoute,
    updateOrderDetailsRoute,
    updateOrderItemRoute,
    sendDelayNoticeRoute,
    sendTestEmailRoute,
    resendEmailRoute,
    retryEmailRoute,
    eraseCustomerRoute,
    pushSubscriptionsRoute,
  ]);
  return app;
}
