import { attentionListSchema, insightsSchema } from '@ot/contracts/insights/insights-views.ts';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client.ts';

export const insightsKeys = {
  all: ['insights'] as const,
  attention: () => [...insightsKeys.all, 'attention'] as const,
  figures: (range: DayRange) => [...insightsKeys.all, 'figures', range] as const,
};

export interface DayRange {
  from: string;
  to: string;
}

/**
 * The attention list: asked for again each time the dashboard shows it (never kept as fresh), so an
 * item just edited moves in or out at once; the read waits for that edit (x-min-position).
 */
export const attentionQuery = () =>
  queryOptions({
    queryKey: insightsKeys.attention(),
    queryFn: ({ signal }) => getJson('/api/admin/attention', attentionListSchema, signal),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

export const insightsQuery = (range: DayRange) =>
  queryOptions({
    queryKey: insightsKeys.figures(range),
    queryFn: ({ signal }) =>
      getJson(`/api/admin/insights?${new URLSearchParams({ from: range.from, to: range.to })}`, insightsSchema, signal),
    staleTime: 0,
  });
