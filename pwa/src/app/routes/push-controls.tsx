import { lazy, Suspense } from 'react';

// Asked for as the page renders, in a chunk of its own: the customer pages' first view does not wait for it.
const load = () => import('../../features/push/components/push-panel.tsx');
const PushPanel = lazy(() => load().then((m) => ({ default: m.PushPanel })));
const PushOptIn = lazy(() => load().then((m) => ({ default: m.PushOptIn })));
const StaffPushOptIn = lazy(() =>
  import('../../features/push/components/staff-push-opt-in.tsx').then((m) => ({ default: m.StaffPushOptIn })),
);

/** Below the customer's orders: this device's push switch and the Notifications choice. */
export function DashboardPushPanel() {
  return (
    <Suspense fallback={null}>
      <PushPanel />
    </Suspense>
  );
}

/** Below an order, for its customer: this device's push switch. */
export function OrderPushOptIn() {
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
