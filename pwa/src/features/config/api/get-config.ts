import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client.ts';

export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) =>
    getJson('/api/config', () => import('@ot/contracts/config/app-config.ts').then((m) => m.appConfigSchema), signal),
});

/** The studio's public settings; the header shows its name. */
export const useAppConfig = () => useQuery(configQuery);
