import { request } from '../../../lib/api-client.ts';
import { downloadJson } from '../../../lib/download.ts';

/**
 * GET /api/customer/export: "Download my data", everything the studio holds about the signed-in
 * customer (the right of access), saved as JSON. Passed through as it came: it is the customer's to read.
 */
export async function downloadMyData(): Promise<void> {
  const { data } = await request('/api/customer/export', () => import('zod').then(({ z }) => z.unknown()));
  downloadJson(data, 'my-data.json');
}
