import { NotificationPreferences } from './notification-preferences.tsx';
import { PushOptIn } from './push-opt-in.tsx';

export { PushOptIn };

/** The customer dashboard's part: this device's push switch and the choice of channels. */
export function PushPanel() {
  return (
    <div className="mx-auto mt-6 flex max-w-4xl flex-col gap-4">
      <PushOptIn />
      <NotificationPreferences />
    </div>
  );
}
