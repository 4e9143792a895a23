import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { getJson } from '../../../lib/api-client.ts';

const configSchema = z.object({ studioName: z.string(), orderNumberPrefix: z.string() });
export type AppConfig = z.infer<typeof configSchema>;

export const configQuery = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => getJson('/api/config', configSchema, signal),
});

/** The studio's public settings; the header shows its name. */
export const useAppConfig = () => useQuery(configQuery);
