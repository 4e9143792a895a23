import { NotificationPreferences } from './notification-preferences.tsx';
import { PUSH_PANEL_CLASS } from './preferences-fieldset.tsx';
import { PushOptIn } from './push-opt-in.tsx';

export { PushOptIn };

/**
 * The customer dashboard's part: the choice of channels, then this device's push switch (below it, so the
 * switch appearing moves nothing the dashboard drew before this code came: see app/routes/push-controls.tsx).
 */
export function PushPanel() {
  return (
    <div className={PUSH_PANEL_CLASS}>
      <NotificationPreferences />
      <PushOptIn />
    </div>
  );
}
