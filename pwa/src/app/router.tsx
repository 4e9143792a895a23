import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { LandingPage } from '../features/auth/components/landing-page.tsx';
import { AdminOnly, CustomerOnly, GuestOnly, SignedIn, StaffOnly } from './guards.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { NotFoundPage } from './not-found-page.tsx';

// Everything but the landing page is split off; admin screens are never part of a customer's first load.
const StaffLoginPage = lazy(() =>
  import('../features/auth/components/staff-login-page.tsx').then((m) => ({ default: m.StaffLoginPage })),
);
const CustomerDashboardPage = lazy(() =>
  import('../features/orders/components/customer-dashboard-page.tsx').then((m) => ({
    default: m.CustomerDashboardPage,
  })),
);
const OrderDetailPage = lazy(() =>
  import('./routes/order-detail-route.tsx').then((m) => ({ default: m.OrderDetailRoute })),
);
const AdminDashboardPage = lazy(() =>
  import('./routes/admin-dashboard-route.tsx').then((m) => ({ default: m.AdminDashboardRoute })),
);
const PlaceOrderPage = lazy(() =>
  import('../features/admin-orders/components/place-order/place-order-page.tsx').then((m) => ({
    default: m.PlaceOrderPage,
  })),
);
const EditOrderPage = lazy(() =>
  import('../features/admin-orders/components/edit-order/edit-order-page.tsx').then((m) => ({
    default: m.EditOrderPage,
  })),
);
const ImportPage = lazy(() => import('../features/import/import-page.tsx').then((m) => ({ default: m.ImportPage })));
const OrderHistoryPage = lazy(() =>
  import('../features/audit/components/order-history-page.tsx').then((m) => ({ default: m.OrderHistoryPage })),
);
const AuditPage = lazy(() =>
  import('../features/audit/components/audit-page.tsx').then((m) => ({ default: m.AuditPage })),
);
const EmailLogsPage = lazy(() =>
  import('../features/email-logs/email-logs-page.tsx').then((m) => ({ default: m.EmailLogsPage })),
);

export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      ...['/', '/track'].map((path) => ({
        path,
        element: (
          <GuestOnly>
            <LandingPage />
          </GuestOnly>
        ),
      })),
      ...['/admin', '/admin/login'].map((path) => ({
        path,
        element: (
          <GuestOnly>
            <StaffLoginPage />
          </GuestOnly>
        ),
      })),
      {
        path: '/dashboard',
        element: (
          <CustomerOnly>
            <CustomerDashboardPage />
          </CustomerOnly>
        ),
      },
      {
        path: '/orders/:orderNumber',
        element: (
          <SignedIn>
            <OrderDetailPage />
          </SignedIn>
        ),
      },
      {
        path: '/admin/dashboard',
        element: (
          <StaffOnly signedOutTo="/">
            <AdminDashboardPage />
          </StaffOnly>
        ),
      },
      {
        path: '/admin/orders/:orderNumber/history',
        element: (
          <StaffOnly>
            <OrderHistoryPage />
          </StaffOnly>
        ),
      },
      {
        path: '/admin/audit',
        element: (
          <StaffOnly>
            <AuditPage />
          </StaffOnly>
        ),
      },
      {
        path: '/admin/add-order',
        element: (
          <AdminOnly>
            <PlaceOrderPage />
          </AdminOnly>
        ),
      },
      {
        path: '/admin/edit-order/:orderNumber',
        element: (
          <AdminOnly>
            <EditOrderPage />
          </AdminOnly>
        ),
      },
      {
        path: '/admin/import',
        element: (
          <AdminOnly>
            <ImportPage />
          </AdminOnly>
        ),
      },
      {
        path: '/admin/email-logs',
        element: (
          <StaffOnly>
            <EmailLogsPage />
          </StaffOnly>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
