import { queryClient, refreshAfterWrite } from '../../../lib/query-client.ts';
import { addOrder, adminMutationKeys } from './admin-order-mutations.ts';
import { submitOrderEdit } from './submit-order-edit.ts';

/**
 * Mutation defaults, registered when the admin screens load (never in a customer's bundle), so a
 * mutation paused while offline can resume with its function known; every write refreshes the screens.
 */
queryClient.setMutationDefaults(adminMutationKeys.addOrder, {
  mutationFn: addOrder,
  onSuccess: () => refreshAfterWrite(),
});
queryClient.setMutationDefaults(adminMutationKeys.editOrder, {
  mutationFn: submitOrderEdit,
  onSettled: () => refreshAfterWrite(),
});
