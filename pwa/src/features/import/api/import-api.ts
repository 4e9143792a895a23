import { type ImportReport, importReportSchema } from '@ot/contracts/imports/import-report.ts';
import { request } from '../../../lib/api-client.ts';
import { queryClient, refreshAfterWrite } from '../../../lib/query-client.ts';

/** POST /api/admin/import: an array of orders in the add-order format. */
export async function importOrders(orders: unknown[]): Promise<ImportReport> {
  return (await request('/api/admin/import', importReportSchema, { method: 'POST', body: orders })).data;
}

/** POST /api/admin/import-customers with the CSV itself; the server reads it by the spec's rules. */
export async function importCustomersCsv(csv: string): Promise<ImportReport> {
  const body = new Blob([csv], { type: 'text/csv' });
  return (await request('/api/admin/import-customers', importReportSchema, { method: 'POST', body })).data;
}

/** POST /api/admin/import-customers-from-drive {googleDriveUrl}. */
export async function importFromDrive(googleDriveUrl: string): Promise<ImportReport> {
  return (
    await request('/api/admin/import-customers-from-drive', importReportSchema, {
      method: 'POST',
      body: { googleDriveUrl },
    })
  ).data;
}

export const importMutationKeys = {
  orders: ['admin', 'import', 'orders'] as const,
  customers: ['admin', 'import', 'customers'] as const,
  drive: ['admin', 'import', 'drive'] as const,
};

queryClient.setMutationDefaults(importMutationKeys.orders, { mutationFn: importOrders, onSettled: refreshAfterWrite });
queryClient.setMutationDefaults(importMutationKeys.customers, {
  mutationFn: importCustomersCsv,
  onSettled: refreshAfterWrite,
});
queryClient.setMutationDefaults(importMutationKeys.drive, {
  mutationFn: importFromDrive,
  onSettled: refreshAfterWrite,
});
