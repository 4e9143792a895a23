import { z } from 'zod';
import { meResponseSchema } from '../auth/auth-schemas.ts';
import { appConfigSchema } from '../config/app-config.ts';
import { customerDataSchema, customerExportQuerySchema } from '../customers/customer-privacy.ts';
import { searchCustomersQuerySchema } from '../customers/customer-queries.ts';
import { DOCUMENT_ID } from '../documents/document-links.ts';
import { renderDocumentQuerySchema, renderedDocumentSchema } from '../documents/document-views.ts';
import {
  devMailboxQuerySchema,
  emailEventsPageSchema,
  emailEventsQuerySchema,
  emailStatsQuerySchema,
  emailStatsSchema,
  retryQueueSchema,
} from '../email/email-views.ts';
import { adminOrdersPageQuerySchema, adminOrdersPageSchema } from '../orders/admin-order-list.ts';
import {
  customerSchema,
  nextOrderNumberSchema,
  orderItemViewSchema,
  orderListSchema,
  orderViewSchema,
  timelineEntrySchema,
} from '../orders/order-views.ts';
import { auditOperations } from './audit-operations.ts';
import { insightsOperations } from './insights-operations.ts';
import type { Operation } from './operation.ts';

/** The read side (query-service): every GET under /api. Each honours `x-min-position` (read your own write). */

const json = (schema: z.ZodType) => ({ 'application/json': schema });
const ok = (description: string, schema: z.ZodType, headers?: readonly string[]) => ({
  200: { description, content: json(schema), headers },
});
const orderNumberParam = { orderNumber: z.string().min(1).max(100) };
const read = ['x-min-position'] as const;

export const OPENAPI_PATH = '/api/openapi.json';

export const queryOperations: readonly Operation[] = [
  ...auditOperations,
  ...insightsOperations,
  {
    method: 'get',
    path: OPENAPI_PATH,
    operationId: 'getOpenApi',
    summary: 'This document',
    tag: 'meta',
    role: 'anyone',
    answers: { 200: { description: 'The OpenAPI 3.1 document', content: { 'application/json': { type: 'object' } } } },
  },
  {
    method: 'get',
    path: '/api/docs',
    operationId: 'apiDocs',
    summary: 'This document as a reference page (Scalar)',
    tag: 'meta',
    role: 'admin',
    answers: { 200: { description: 'An HTML page', content: { 'text/html': { type: 'string' } } } },
  },
  {
    method: 'get',
    path: '/api/docs/scalar.js',
    operationId: 'apiDocsScript',
    summary: "The reference page's script",
    tag: 'meta',
    role: 'admin',
    answers: { 200: { description: 'JavaScript', content: { 'text/javascript': { type: 'string' } } } },
  },
  {
    method: 'get',
    path: '/api/config',
    operationId: 'getConfig',
    summary: "The studio's name and order-number prefix",
    tag: 'meta',
    role: 'anyone',
    headers: read,
    answers: ok('The configuration the PWA shows', appConfigSchema),
  },
  {
    method: 'get',
    path: '/api/auth/me',
    operationId: 'getMe',
    summary: 'Who is signed in',
    tag: 'auth',
    role: 'signed-in',
    headers: read,
    answers: ok('The signed-in user', meResponseSchema),
  },
  {
    method: 'get',
    path: '/api/customer/orders',
    operationId: 'listCustomerOrders',
    summary: "The signed-in customer's orders",
    tag: 'orders',
    role: 'signed-in',
    headers: read,
    answers: ok('Orders with their items, in the customer order of the spec', orderListSchema),
  },
  {
    method: 'get',
    path: '/api/orders/{orderNumber}',
    operationId: 'getOrder',
    summary: 'One order (a customer only their own)',
    tag: 'orders',
    role: 'signed-in',
    pathParams: orderNumberParam,
    headers: read,
    answers: ok('The order; ETag is its version', orderViewSchema, ['ETag']),
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/orders/{orderNumber}/items',
    operationId: 'getOrderItems',
    summary: "One order's items",
    tag: 'orders',
    role: 'signed-in',
    pathParams: orderNumberParam,
    headers: read,
    answers: ok('The items', z.array(orderItemViewSchema)),
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/orders/{orderNumber}/timeline',
    operationId: 'getOrderTimeline',
    summary: "One order's history",
    tag: 'orders',
    role: 'signed-in',
    pathParams: orderNumberParam,
    headers: read,
    answers: ok('What happened, oldest first', z.array(timelineEntrySchema)),
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/admin/orders',
    operationId: 'listAdminOrders',
    summary: 'Every order, newest first; with `tab` (and search, status, limit, cursor) one page of the dashboard',
    tag: 'orders',
    role: 'auditor',
    query: adminOrdersPageQuerySchema,
    headers: read,
    answers: {
      200: {
        description: 'Without paging parameters every order (ETag; If-None-Match gives 304); with them one page',
        content: json(z.union([orderListSchema, adminOrdersPageSchema])),
        headers: ['ETag'],
      },
      304: { description: 'The list has not changed since the ETag sent in If-None-Match' },
    },
  },
  {
    method: 'get',
    path: '/api/admin/next-order-number',
    operationId: 'nextOrderNumber',
    summary: 'The number the next added order will get',
    tag: 'orders',
    role: 'admin',
    headers: read,
    answers: ok('The next number', nextOrderNumberSchema),
  },
  {
    method: 'get',
    path: '/api/admin/customers',
    operationId: 'searchCustomers',
    summary: 'The customer directory, or the customers matching `q`',
    tag: 'customers',
    role: 'auditor',
    query: searchCustomersQuerySchema,
    headers: read,
    answers: ok('Customers with their addresses', z.array(customerSchema)),
  },
  {
    method: 'get',
    path: '/api/admin/customers/export',
    operationId: 'exportCustomers',
    summary:
      'The customer directory as CSV; with ?email= everything held about that person as JSON (the right of access), spec sheets included',
    tag: 'customers',
    role: 'auditor',
    query: customerExportQuerySchema,
    headers: read,
    answers: {
      200: {
        description: "A CSV file, or with email the person's data",
        content: { 'text/csv': { type: 'string' }, 'application/json': customerDataSchema },
      },
    },
    errors: [400, 404],
  },
  {
    method: 'get',
    path: '/api/customer/export',
    operationId: 'exportMyData',
    summary: 'Download my data: everything held about the signed-in customer, as JSON, spec sheets included',
    tag: 'customers',
    role: 'signed-in',
    headers: read,
    answers: ok("The customer's data", customerDataSchema),
    errors: [401, 403],
  },
  {
    method: 'get',
    path: '/api/documents/render',
    operationId: 'renderDocument',
    summary: 'A Google Docs document or uploaded PDF as sanitised HTML to embed',
    tag: 'documents',
    role: 'signed-in',
    query: renderDocumentQuerySchema,
    headers: read,
    answers: ok('The HTML', renderedDocumentSchema),
    errors: [400, 404, 422],
  },
  {
    method: 'get',
    path: '/api/documents/{id}',
    operationId: 'getDocument',
    summary: 'An uploaded PDF (served with a sandbox CSP)',
    tag: 'documents',
    role: 'signed-in',
    pathParams: { id: z.string().regex(DOCUMENT_ID) },
    headers: read,
    answers: {
      200: {
        description: 'The PDF',
        content: { 'application/pdf': { type: 'string', contentMediaType: 'application/pdf' } },
      },
    },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/admin/email-events',
    operationId: 'listEmailEvents',
    summary: 'The email log, filtered and paged',
    tag: 'email',
    role: 'auditor',
    query: emailEventsQuerySchema,
    headers: read,
    answers: ok('One page of the log', emailEventsPageSchema),
  },
  {
    method: 'get',
    path: '/api/admin/email-stats',
    operationId: 'emailStats',
    summary: 'Emails sent, failed and pending over the last `days`',
    tag: 'email',
    role: 'auditor',
    query: emailStatsQuerySchema,
    headers: read,
    answers: ok('Counts', emailStatsSchema),
  },
  {
    method: 'get',
    path: '/api/admin/retry-queue',
    operationId: 'retryQueue',
    summary: 'Emails waiting for another attempt',
    tag: 'email',
    role: 'auditor',
    headers: read,
    answers: ok('The queue', retryQueueSchema),
  },
  {
    method: 'get',
    path: '/api/admin/dev-mailbox',
    operationId: 'devMailbox',
    summary: 'What the dev transport kept instead of sending (no SENDGRID_API_KEY)',
    tag: 'email',
    role: 'auditor',
    query: devMailboxQuerySchema,
    headers: read,
    answers: {
      200: { description: 'The latest messages', content: json(z.object({ messages: z.array(z.unknown()) })) },
    },
  },
];
