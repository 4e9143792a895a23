import { notificationChannels } from '@ot/contracts/push/push-views.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { preferencesQuery, pushKeys } from '../api/push-api.ts';

const labels = { email: 'Email', push: 'Push notifications', both: 'Both' } as const;

/** The customer's choice of how to hear of updates; push goes to every device they turned it on for. */
export function NotificationPreferences() {
  const preferences = useQuery(preferencesQuery());
  const save = useMutation<{ channels: string }, Error, { channels: string }>({ mutationKey: pushKeys.setPreferences });
  const chosen = save.isPending ? save.variables?.channels : preferences.data?.channels;
  if (!preferences.data) return null;
  return (
    <fieldset className="rounded-lg border border-gray-200 p-4 dark:border-gray-700">
      <legend className="px-1 font-semibold">Notifications</legend>
      <p className="text-sm">How should we tell you when your order changes?</p>
      <div className="mt-2 flex flex-wrap gap-4">
        {notificationChannels.map((channels) => (
          <label key={channels} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="notification-channels"
              value={channels}
              checked={chosen === channels}
              disabled={save.isPending}
              onChange={() => save.mutate({ channels })}
            />
            {labels[channels]}
          </label>
        ))}
      </div>
      {save.isError && (
        <p className="mt-2 text-sm text-red-700 dark:text-red-400">Could not save your choice. Please try again.</p>
      )}
    </fieldset>
  );
}
