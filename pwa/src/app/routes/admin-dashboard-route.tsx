import { AdminDashboardPage } from '../../features/admin-orders/components/dashboard/admin-dashboard-page.tsx';
import { TestEmailDialog } from '../../features/email-logs/components/TestEmailDialog.tsx';

/** The app composes features: the dashboard with the email feature's Test Email button. */
export function AdminDashboardRoute() {
  return <AdminDashboardPage testEmail={<TestEmailDialog />} />;
}
