import { LATE_FLAGS } from '@ot/contracts/insights/delay-notice.ts';
import type { AttentionItem } from '@ot/contracts/insights/insights-views.ts';
import { useQueryClient } from '@tanstack/react-query';
import { AdminDashboardPage } from '../../features/admin-orders/components/dashboard/admin-dashboard-page.tsx';
import { useAuth } from '../../features/auth/auth-context.tsx';
import { emailLogKeys } from '../../features/email-logs/api/email-log-queries.ts';
import { TestEmailDialog } from '../../features/email-logs/components/test-email-dialog.tsx';
import { DelayNoticeDialog } from '../../features/insights/components/delay-notice-dialog.tsx';
import { NeedsAttention } from '../../features/insights/components/needs-attention.tsx';
import { AttentionPushOptIn } from './push-controls.tsx';

/** Its first page of orders, asked for at start on /admin/dashboard (app/route-start.ts). */
export { prefetchAdminDashboard } from '../../features/admin-orders/components/dashboard/admin-dashboard-page.tsx';

/**
 * The app composes features: the dashboard with the email feature's Test Email button (admins only) and
 * the insights feature's attention list, with the push feature's switch for this device.
 */
export function AdminDashboardRoute() {
  const readOnly = useAuth().user?.role !== 'admin';
  const queryClient = useQueryClient();
  // An item running late offers its customer a delay notice (admins only); the email logs then show it.
  const notice = (item: AttentionItem) =>
    !readOnly && LATE_FLAGS.includes(item.flag) ? (
      <DelayNoticeDialog
        item={item}
        onSent={() => void queryClient.invalidateQueries({ queryKey: emailLogKeys.all })}
      />
    ) : null;
  return (
    <AdminDashboardPage
      readOnly={readOnly}
      testEmail={readOnly ? undefined : <TestEmailDialog />}
      attention={(view) => <NeedsAttention {...view} action={notice} pushControl={<AttentionPushOptIn />} />}
    />
  );
}
