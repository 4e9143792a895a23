import { type ImportReport, importReportSchema } from '@ot/contracts/imports/import-report.ts';
import { request } from '../../../lib/api-client.ts';
import { queryClient, refreshAfterWrite } from '../../../lib/query-client.ts';

/** import-orders: POST /api/admin/import, an array of orders in the add-order format. */
export async function importOrders(orders: unknown[]): Promise<ImportReport> {
  return (await request('/api/admin/import', importReportSchema, { method: 'POST', body: orders })).data;
}

export const importOrdersMutationKey = ['admin', 'import', 'orders'] as const;

queryClient.setMutationDefaults(importOrdersMutationKey, { mutationFn: importOrders, onSettled: refreshAfterWrite });
