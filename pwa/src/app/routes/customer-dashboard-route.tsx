import { CustomerDashboardPage } from '../../features/orders/components/customer-dashboard-page.tsx';
import { DashboardPushPanel } from './push-controls.tsx';

/** The app composes features: the customer's orders, then this device's push switch and their Notifications choice. */
export function CustomerDashboardRoute() {
  return (
    <>
      <CustomerDashboardPage />
      <DashboardPushPanel />
    </>
  );
}
