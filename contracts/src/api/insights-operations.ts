import { z } from 'zod';
import {
  attentionListSchema,
  attentionQuerySchema,
  dateRangeQuerySchema,
  delayNoticePreviewSchema,
  insightsSchema,
  leadTimesSchema,
} from '../insights/insights-views.ts';
import { usualReadySchema } from '../orders/order-views.ts';
import type { Operation } from './operation.ts';

/** The delay radar's reads (query-service/src/insights): what needs attention, and what the history says. */
export const insightsOperations: readonly Operation[] = [
  {
    method: 'get',
    path: '/api/admin/attention',
    operationId: 'attention',
    summary:
      'Open items flagged today (overdue, trending_late, stuck, missing_eta), each with its reason and prediction',
    tag: 'insights',
    role: 'auditor',
    query: attentionQuerySchema,
    headers: ['x-min-position'],
    answers: { 200: { description: 'The flagged items', content: { 'application/json': attentionListSchema } } },
  },
  {
    method: 'get',
    path: '/api/admin/insights/lead-times',
    operationId: 'leadTimes',
    summary:
      'Median and 80th percentile days per manufacturer, item type and stage over a window (default the last 365 days); a group with fewer than 5 items falls back to its manufacturer, then the studio',
    tag: 'insights',
    role: 'auditor',
    query: dateRangeQuerySchema,
    headers: ['x-min-position'],
    answers: { 200: { description: 'The lead times', content: { 'application/json': leadTimesSchema } } },
  },
  {
    method: 'get',
    path: '/api/admin/insights',
    operationId: 'insights',
    summary:
      'Lead times per manufacturer and stage, on-time rate and completed orders per month, items now in each stage',
    tag: 'insights',
    role: 'auditor',
    query: dateRangeQuerySchema,
    headers: ['x-min-position'],
    answers: { 200: { description: 'The figures', content: { 'application/json': insightsSchema } } },
  },

  {
    method: 'get',
    path: '/api/admin/orders/{orderNumber}/items/{itemId}/delay-notice',
    operationId: 'previewDelayNotice',
    summary: 'The "taking longer than usual" email an item running late would get now, to read before sending it',
    tag: 'insights',
    role: 'admin',
    pathParams: { orderNumber: z.string().min(1).max(100), itemId: z.string().min(1).max(200) },
    headers: ['x-min-position'],
    answers: { 200: { description: 'The email', content: { 'application/json': delayNoticePreviewSchema } } },
    errors: [404, 409],
  },

  {
    method: 'get',
    path: '/api/orders/{orderNumber}/usual-ready',
    operationId: 'usualReady',
    summary: "When the order's items without an ETA are usually ready for collection, from the studio's history",
    tag: 'insights',
    role: 'signed-in',
    pathParams: { orderNumber: z.string().min(1).max(100) },
    headers: ['x-min-position'],
    answers: { 200: { description: 'The usual dates', content: { 'application/json': usualReadySchema } } },
    errors: [404],
  },
];
