import { type ImportReport, importReportSchema } from '@ot/contracts/imports/import-report.ts';
import { request } from '../../../lib/api-client.ts';
import { queryClient, refreshAfterWrite } from '../../../lib/query-client.ts';

/** import-customers: POST /api/admin/import-customers with the CSV itself; the server reads and checks it. */
export async function importCustomersCsv(csv: string): Promise<ImportReport> {
  const body = new Blob([csv], { type: 'text/csv' });
  return (await request('/api/admin/import-customers', importReportSchema, { method: 'POST', body })).data;
}

/** import-customers from a Google Drive link: POST /api/admin/import-customers-from-drive {googleDriveUrl}. */
export async function importCustomersFromDrive(googleDriveUrl: string): Promise<ImportReport> {
  return (
    await request('/api/admin/import-customers-from-drive', importReportSchema, {
      method: 'POST',
      body: { googleDriveUrl },
    })
  ).data;
}

export const importCustomersMutationKeys = {
  csv: ['admin', 'import', 'customers'] as const,
  drive: ['admin', 'import', 'drive'] as const,
};

queryClient.setMutationDefaults(importCustomersMutationKeys.csv, {
  mutationFn: importCustomersCsv,
  onSettled: refreshAfterWrite,
});
queryClient.setMutationDefaults(importCustomersMutationKeys.drive, {
  mutationFn: importCustomersFromDrive,
  onSettled: refreshAfterWrite,
});
