import type { notificationChannels } from '@ot/contracts/push/push-views.ts';

export type NotificationChannels = (typeof notificationChannels)[number];

// Every channel, in the contracts' order (a type-only import: the dashboard's chunk builds no schema).
const labels = { email: 'Email', push: 'Push notifications', both: 'Both' } as const satisfies Record<
  NotificationChannels,
  string
>;
/** The dashboard's push panel: the same box while its code loads and after. */
export const PUSH_PANEL_CLASS = 'mx-auto mt-6 flex max-w-4xl flex-col gap-4';

const channelsInOrder = Object.keys(labels) as NotificationChannels[];

/**
 * The Notifications choice as drawn. Without `onChoose` it is the same fieldset, disabled, for while the
 * push code and the customer's choice load: the dashboard shows it with the page, so nothing moves or
 * appears below the orders later (its sentence is the page's largest text).
 */
export function PreferencesFieldset({
  chosen,
  onChoose,
  failed = false,
}: {
  chosen?: NotificationChannels;
  onChoose?: (channels: NotificationChannels) => void;
  failed?: boolean;
}) {
  return (
    <fieldset className="rounded-lg border border-gray-200 p-4 dark:border-gray-700" disabled={!onChoose}>
      <legend className="px-1 font-semibold">Notifications</legend>
      <p className="text-sm">How should we tell you when your order changes?</p>
      <div className="mt-2 flex flex-wrap gap-4">
        {channelsInOrder.map((channels) => (
          <label key={channels} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="notification-channels"
              value={channels}
              checked={chosen === channels}
              onChange={() => onChoose?.(channels)}
            />
            {labels[channels]}
          </label>
        ))}
      </div>
      {failed && (
        <p className="mt-2 text-sm text-red-700 dark:text-red-400">Could not save your choice. Please try again.</p>
      )}
    </fieldset>
  );
}
