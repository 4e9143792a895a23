import {
  attentionListSchema,
  attentionQuerySchema,
  dateRangeQuerySchema,
  insightsSchema,
  leadTimesSchema,
} from '../insights/insights-views.ts';
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
];
