import { lazy, Suspense } from 'react';
import { PreferencesFieldset, PUSH_PANEL_CLASS } from '../../features/push/components/preferences-fieldset.tsx';
import { usePageQuiet } from '../../lib/when-page-is-quiet.ts';

// In a chunk of its own: the customer pages' first view never waits for it.
const load = () => import('../../features/push/components/push-panel.tsx');
const PushPanel = lazy(() => load().then((m) => ({ default: m.PushPanel })));
const PushOptIn = lazy(() => load().then((m) => ({ default: m.PushOptIn })));
const StaffPushOptIn = lazy(() =>
  import('../../features/push/components/staff-push-opt-in.tsx').then((m) => ({ default: m.StaffPushOptIn })),
);

/** Below the customer's orders: the Notifications choice and this device's push switch. */
export function DashboardPushPanel() {
  // Drawn with the page while its code loads: the Notifications sentence is the dashboard's largest text,
  // and a largest paint waiting for a lazy chunk and its data is what a phone's score counts.
  return (
    <Suspense
      fallback={
        <div className={PUSH_PANEL_CLASS}>
          <PreferencesFieldset />
        </div>
      }
    >
      <PushPanel />
    </Suspense>
  );
}

/** Below an order, for its customer: this device's push switch. */
export function OrderPushOptIn() {
  if (!usePageQuiet()) return null;
  return (
    <div className="mx-auto mt-6 max-w-4xl">
      <Suspense fallback={null}>
        <PushOptIn />
      </Suspense>
    </div>
  );
}

/** In the dashboard's "Needs attention" view, for staff: whether this device is told when items enter it. */
export function AttentionPushOptIn() {
  return (
    <Suspense fallback={null}>
      <StaffPushOptIn />
    </Suspense>
  );
}
