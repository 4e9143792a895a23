import { delayNoticePreviewSchema } from '@ot/contracts/insights/insights-views.ts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson, request } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { insightsKeys } from './insights-queries.ts';

const noticePath = (orderNumber: string, itemId: string) =>
  `/api/admin/orders/${encodeURIComponent(orderNumber)}/items/${encodeURIComponent(itemId)}/delay-notice`;

/** The email as it would go now, read before sending it; asked for each time the preview opens. */
export const delayNoticePreviewQuery = (orderNumber: string, itemId: string) =>
  queryOptions({
    queryKey: [...insightsKeys.all, 'delay-notice', orderNumber, itemId] as const,
    queryFn: ({ signal }) => getJson(noticePath(orderNumber, itemId), delayNoticePreviewSchema, signal),
    staleTime: 0,
  });

export const delayNoticeMutationKey = ['insights', 'delay-notice'] as const;

export interface DelayNoticeTarget {
  orderNumber: string;
  itemId: string;
}

/** POST .../delay-notice: the server computes the estimate again and asks the notifier to send it. */
export async function sendDelayNotice({ orderNumber, itemId }: DelayNoticeTarget) {
  return (await request(noticePath(orderNumber, itemId), z.unknown(), { method: 'POST' })).data;
}

queryClient.setMutationDefaults(delayNoticeMutationKey, {
  mutationFn: sendDelayNotice,
  onSuccess: () => queryClient.invalidateQueries({ queryKey: insightsKeys.all }),
});
