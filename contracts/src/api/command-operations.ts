import { z } from 'zod';
import {
  adminLoginSchema,
  customerLoginSchema,
  loginCodeRequiredSchema,
  loginCodeSchema,
  meResponseSchema,
} from '../auth/auth-schemas.ts';
import { eraseCustomerSchema, erasureResultSchema } from '../customers/customer-privacy.ts';
import { googleDriveImportSchema } from '../documents/document-links.ts';
import { uploadedDocumentSchema } from '../documents/document-views.ts';
import { emailCommandResponseSchema, notificationIdSchema, testEmailRequestSchema } from '../email/email-views.ts';
import { importReportSchema } from '../imports/import-report.ts';
import { placeOrderSchema, updateOrderDetailsSchema, updateOrderItemSchema } from '../orders/order-commands.ts';
import { orderViewSchema } from '../orders/order-views.ts';
import { type Operation, successSchema } from './operation.ts';

/** The write side (command-service): every POST and PATCH under /api. */

const json = (schema: z.ZodType) => ({ 'application/json': schema });
const file = (description: string, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties: { file: { type: 'string', contentMediaType: 'application/octet-stream', description }, ...extra },
  required: ['file'],
});
const orderNumberParam = { orderNumber: z.string().min(1).max(100) };
const writeHeaders = ['Idempotency-Key'] as const;
const changed = {
  200: {
    description: 'The order as it now stands',
    content: json(orderViewSchema),
    headers: ['ETag', 'x-event-position'],
  },
};
const emailQueued = {
  202: {
    description: 'The email is recorded; the notifier sends it',
    content: json(emailCommandResponseSchema),
    headers: ['x-event-position'],
  },
};
/** An admin POST that takes an Idempotency-Key (every admin write but the two order edits). */
const adminPost = (op: Omit<Operation, 'method' | 'tag' | 'role' | 'headers'>, tag: string): Operation => ({
  method: 'post',
  tag,
  role: 'admin',
  headers: writeHeaders,
  ...op,
});
const jsonBody = (schema: z.ZodType) => ({ content: json(schema), required: true });
/** Resend and retry: an action on one logged email, answered like a new one. */
const emailAction = (path: string, operationId: string, summary: string) =>
  adminPost(
    {
      path,
      operationId,
      summary,
      pathParams: { eventId: notificationIdSchema },
      answers: emailQueued,
      errors: [400, 404, 409, 422],
    },
    'email',
  );
const imported = {
  200: {
    description: 'What was imported, skipped and rejected',
    content: json(importReportSchema),
    headers: ['x-event-position'],
  },
};

export const commandOperations: readonly Operation[] = [
  {
    method: 'post',
    path: '/api/auth/customer/login',
    operationId: 'customerLogin',
    summary: 'Sign in as a customer with an email and one of their order numbers',
    tag: 'auth',
    role: 'anyone',
    body: { content: json(customerLoginSchema), required: true },
    answers: {
      200: {
        description: 'Signed in; the session cookie is set',
        content: json(meResponseSchema),
        headers: ['x-event-position'],
      },
      202: {
        description:
          'Only with CUSTOMER_LOGIN_CODE=1, from a browser without a device cookie for the account: a code was emailed; send it to /api/auth/customer/login/code',
        content: json(loginCodeRequiredSchema),
      },
    },
    errors: [400, 401, 429],
  },
  {
    method: 'post',
    path: '/api/auth/customer/login/code',
    operationId: 'customerLoginCode',
    summary: 'Finish a customer sign-in from a new device with the emailed code (CUSTOMER_LOGIN_CODE=1)',
    tag: 'auth',
    role: 'anyone',
    body: { content: json(loginCodeSchema), required: true },
    answers: {
      200: {
        description: 'Signed in; the session and device cookies are set',
        content: json(meResponseSchema),
        headers: ['x-event-position'],
      },
    },
    errors: [400, 401, 429],
  },
  {
    method: 'post',
    path: '/api/auth/admin/login',
    operationId: 'adminLogin',
    summary: 'Sign in as staff with a username and password',
    tag: 'auth',
    role: 'anyone',
    body: { content: json(adminLoginSchema), required: true },
    answers: { 200: { description: 'Signed in; the session cookie is set', content: json(meResponseSchema) } },
    errors: [400, 401, 429],
  },
  {
    method: 'post',
    path: '/api/auth/logout',
    operationId: 'logout',
    summary: 'End the session',
    tag: 'auth',
    role: 'anyone',
    answers: { 200: { description: 'Signed out', content: json(successSchema) } },
  },
  adminPost(
    {
      path: '/api/admin/orders',
      operationId: 'placeOrder',
      summary: 'Add an order (the server assigns the number and computes the amounts)',
      body: jsonBody(placeOrderSchema),
      answers: {
        201: { description: 'The order placed', content: json(orderViewSchema), headers: ['ETag', 'x-event-position'] },
      },
      errors: [400, 409, 422],
    },
    'orders',
  ),
  {
    method: 'patch',
    path: '/api/admin/orders/{orderNumber}/status',
    operationId: 'updateOrderDetails',
    summary: "Change an order's status, tracking, dates, notes or addresses",
    tag: 'orders',
    role: 'admin',
    pathParams: orderNumberParam,
    headers: ['If-Match', 'Idempotency-Key'],
    body: { content: json(updateOrderDetailsSchema), required: true },
    answers: changed,
    errors: [400, 404, 409, 422],
  },
  {
    method: 'patch',
    path: '/api/admin/orders/{orderNumber}/items/{itemId}',
    operationId: 'updateOrderItem',
    summary: "Change one item's status, ETA or manufacturer; `x-send-email: true` also tells the customer",
    tag: 'orders',
    role: 'admin',
    pathParams: { ...orderNumberParam, itemId: z.string().min(1).max(200) },
    headers: ['If-Match', 'Idempotency-Key', 'x-send-email'],
    body: { content: json(updateOrderItemSchema), required: true },
    answers: changed,
    errors: [400, 404, 409, 422],
  },
  {
    method: 'post',
    path: '/api/admin/orders/{orderNumber}/items/{itemId}/delay-notice',
    operationId: 'sendDelayNotice',
    summary:
      'Email the customer that an item running late is taking longer than usual, with the new estimate (computed by the server)',
    tag: 'insights',
    role: 'admin',
    pathParams: { ...orderNumberParam, itemId: z.string().min(1).max(200) },
    headers: ['If-Match', 'Idempotency-Key'],
    answers: changed,
    errors: [404, 409],
  },
  adminPost(
    {
      path: '/api/admin/import',
      operationId: 'importOrders',
      summary: 'Import orders: a JSON array of add-order payloads, or a JSON file',
      body: {
        content: { ...json(z.array(z.unknown())), 'multipart/form-data': file('A .json file of orders') },
        required: true,
      },
      answers: imported,
      errors: [400, 413, 415, 422],
    },
    'imports',
  ),
  adminPost(
    {
      path: '/api/admin/import-customers',
      operationId: 'importCustomers',
      summary: 'Import customers: a JSON array of {firstName, lastName, email, phone}, or a CSV file',
      body: {
        content: {
          ...json(z.array(z.unknown())),
          'text/csv': { type: 'string' },
          'multipart/form-data': file('A .csv file of customers'),
        },
        required: true,
      },
      answers: imported,
      errors: [400, 413, 415, 422],
    },
    'imports',
  ),
  adminPost(
    {
      path: '/api/admin/import-customers-from-drive',
      operationId: 'importCustomersFromDrive',
      summary: 'Import customers from a Google Drive or Sheets share link (CSV export)',
      body: jsonBody(googleDriveImportSchema),
      answers: imported,
      errors: [400, 422],
    },
    'imports',
  ),
  adminPost(
    {
      path: '/api/admin/upload-document',
      operationId: 'uploadDocument',
      summary: 'Upload a spec sheet PDF (up to 10 MB) for an order',
      body: {
        content: { 'multipart/form-data': file('The PDF', { orderNumber: { type: 'string', maxLength: 100 } }) },
        required: true,
      },
      answers: { 201: { description: 'Where the document is served', content: json(uploadedDocumentSchema) } },
      errors: [400, 413, 415, 422],
    },
    'documents',
  ),
  adminPost(
    {
      path: '/api/admin/test-email',
      operationId: 'sendTestEmail',
      summary: 'Send a test email',
      body: jsonBody(testEmailRequestSchema),
      answers: emailQueued,
      errors: [400, 422],
    },
    'email',
  ),
  emailAction('/api/admin/email-events/{eventId}/resend', 'resendEmail', 'Send a logged email again, as a new email'),
  emailAction('/api/admin/retry-email/{eventId}', 'retryEmail', 'Try a failed email again now'),
  adminPost(
    {
      path: '/api/admin/customers/erase',
      operationId: 'eraseCustomer',
      summary:
        'Erase a customer (the right to erasure): their data key is destroyed and every copy of their data removed; orders keep their number, dates, money, statuses and items',
      body: jsonBody(eraseCustomerSchema),
      answers: { 200: { description: 'What was erased, by id and order number', content: json(erasureResultSchema) } },
      errors: [400, 404, 422],
    },
    'customers',
  ),
];
