import { customerDataSchema, erasureResultSchema } from '@ot/contracts/customers/customer-privacy.ts';
import { queryOptions } from '@tanstack/react-query';
import { getJson, request } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';

export const customerKeys = {
  all: ['customers'] as const,
  data: (email: string) => ['customers', 'data', email.toLowerCase()] as const,
};
export const customerMutationKeys = { erase: ['customers', 'erase'] as const };

/** GET /api/admin/customers/export?email=: everything held about one person (what an erasure removes). */
export const customerDataQuery = (email: string) =>
  queryOptions({
    queryKey: customerKeys.data(email),
    queryFn: ({ signal }) =>
      getJson(`/api/admin/customers/export?email=${encodeURIComponent(email)}`, customerDataSchema, signal),
    retry: false,
  });

/** POST /api/admin/customers/erase {email, reason}. */
export async function eraseCustomer(body: { email: string; reason: string }) {
  return (await request('/api/admin/customers/erase', erasureResultSchema, { method: 'POST', body })).data;
}

// An erasure is never queued offline (it is confirmed against what the server holds now), but a mutation
// still has its defaults registered, as every one does.
queryClient.setMutationDefaults(customerMutationKeys.erase, {
  mutationFn: eraseCustomer,
  onSuccess: () => queryClient.invalidateQueries(),
});
