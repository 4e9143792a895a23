import { createKoaApp, mountRoutes } from '@ot/infra/http/service.ts';
import { rejectUnstorableInput } from '@ot/infra/http/storable-input.ts';
import { databaseReadiness } from '@ot/infra/launcher/ready.ts';
import { auditEventsRoute } from './audit/audit-events.route.ts';
import { auditVerifyRoute } from './audit/audit-verify.route.ts';
import { exportEventsRoute } from './audit/export-events.route.ts';
import { orderAsOfRoute } from './audit/order-as-of.route.ts';
import { meRoute } from './auth/me/me.route.ts';
import { getConfigRoute } from './config/get-config.route.ts';
import { exportMyDataRoute } from './customers/export-customer-data/export-my-data.route.ts';
import { exportCustomersRoute } from './customers/export-customers/export-customers.route.ts';
import { searchCustomersRoute } from './customers/search-customers/search-customers.route.ts';
import type { QueryServiceDeps } from './deps.ts';
import { getDocumentRoute } from './documents/get-document/get-document.route.ts';
import { renderDocumentRoute } from './documents/render-document/render-document.route.ts';
import { devMailboxRoute } from './email/dev-mailbox/dev-mailbox.route.ts';
import { emailStatsRoute } from './email/email-stats/email-stats.route.ts';
import { listEmailEventsRoute } from './email/list-email-events/list-email-events.route.ts';
import { retryQueueRoute } from './email/retry-queue/retry-queue.route.ts';
import { loadSessionAndHonourMinPosition } from './http/min-position.ts';
import { attentionRoute } from './insights/attention.route.ts';
import { delayNoticePreviewRoute } from './insights/delay-notice-preview.route.ts';
import { insightsRoute } from './insights/insights.route.ts';
import { leadTimesRoute } from './insights/lead-times.route.ts';
import { usualReadyRoute } from './insights/usual-ready.route.ts';
import { apiDocsRoute } from './openapi/api-docs.route.ts';
import { getOpenApiRoute } from './openapi/get-openapi.route.ts';
import { getOrderRoute } from './orders/get-order/get-order.route.ts';
import { getOrderItemsRoute } from './orders/get-order-items/get-order-items.route.ts';
import { getOrderTimelineRoute } from './orders/get-order-timeline/get-order-timeline.route.ts';
import { listAdminOrdersRoute } from './orders/list-admin-orders/list-admin-orders.route.ts';
import { listCustomerOrdersRoute } from './orders/list-customer-orders/list-customer-orders.route.ts';
import { nextOrderNumberRoute } from './orders/next-order-number/next-order-number.route.ts';
import { pushSettingsRoute } from './push/push-settings.route.ts';

/** The read side: every GET under /api, answered from read models only. */
export function createApp(deps: QueryServiceDeps) {
  const app = createKoaApp(deps.logger, 'query-service', () => databaseReadiness(deps.pool));
  app.use(rejectUnstorableInput);
  app.use(loadSessionAndHonourMinPosition(deps));

  mountRoutes(app, deps, [
    getOpenApiRoute,
    apiDocsRoute,
    getConfigRoute,
    meRoute,
    listCustomerOrdersRoute,
    getOrderRoute,
    getOrderItemsRoute,
    getOrderTimelineRoute,
    listAdminOrdersRoute,
    nextOrderNumberRoute,
    exportCustomersRoute,
    exportMyDataRoute,
    searchCustomersRoute,
    renderDocumentRoute,
    getDocumentRoute,
    listEmailEventsRoute,
    emailStatsRoute,
    retryQueueRoute,
    devMailboxRoute,
    auditEventsRoute,
    exportEventsRoute,
    auditVerifyRoute,
    orderAsOfRoute,
    attentionRoute,
    leadTimesRoute,
    insightsRoute,
    delayNoticePreviewRoute,
    usualReadyRoute,
    pushSettingsRoute,
  ]);
  return app;
}
