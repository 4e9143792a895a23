import { useMutation, useQuery } from '@tanstack/react-query';
import { preferencesQuery, pushKeys } from '../api/push-api.ts';
import { type NotificationChannels, PreferencesFieldset } from './preferences-fieldset.tsx';

/** The customer's choice of how to hear of updates; push goes to every device they turned it on for. */
export function NotificationPreferences() {
  const preferences = useQuery(preferencesQuery());
  const save = useMutation<{ channels: string }, Error, { channels: NotificationChannels }>({
    mutationKey: pushKeys.setPreferences,
  });
  const chosen = save.isPending ? save.variables?.channels : preferences.data?.channels;
  // Drawn while the choice loads too, disabled: the same fieldset the dashboard showed before this code came.
  if (!preferences.data) return <PreferencesFieldset />;
  return (
    <PreferencesFieldset
      chosen={chosen}
      onChoose={save.isPending ? undefined : (channels) => save.mutate({ channels })}
      failed={save.isError}
    />
  );
}
