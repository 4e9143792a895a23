import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { LandingPage } from '../features/auth/components/landing-page.tsx';
import { AdminOnly, CustomerOnly, GuestOnly, SignedIn, StaffOnly } from './guards.tsx';
import { AppLayout } from './layout/app-layout.tsx';

// Everything but the landing page is split off; admin screens are never part of a customer's first load.
const NotFoundPage = lazy(() => import('./not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })));
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

/**
 * The route table, in react-router's declarative mode (`<BrowserRouter>` in main.tsx): the app uses no
 * loaders or actions, and the data router would add ~17 kB gzip to every first visit.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {['/', '/track'].map((path) => (
          <Route
            key={path}
            path={path}
            element={
              <GuestOnly>
                <LandingPage />
              </GuestOnly>
            }
          />
        ))}
        {['/admin', '/admin/login'].map((path) => (
          <Route
            key={path}
            path={path}
            element={
              <GuestOnly>
                <StaffLoginPage />
              </GuestOnly>
            }
          />
        ))}
        <Route
          path="/dashboard"
          element={
            <CustomerOnly>
              <CustomerDashboardPage />
            </CustomerOnly>
          }
        />
        <Route
          path="/orders/:orderNumber"
          element={
            <SignedIn>
              <OrderDetailPage />
            </SignedIn>
          }
        />
        <Route
          path="/admin/dashboard"
          element={
            <StaffOnly signedOutTo="/">
              <AdminDashboardPage />
            </StaffOnly>
          }
        />
        <Route
          path="/admin/orders/:orderNumber/history"
          element={
            <StaffOnly>
              <OrderHistoryPage />
            </StaffOnly>
          }
        />
        <Route
          path="/admin/audit"
          element={
            <StaffOnly>
              <AuditPage />
            </StaffOnly>
          }
        />
        <Route
          path="/admin/add-order"
          element={
            <AdminOnly>
              <PlaceOrderPage />
            </AdminOnly>
          }
        />
        <Route
          path="/admin/edit-order/:orderNumber"
          element={
            <AdminOnly>
              <EditOrderPage />
            </AdminOnly>
          }
        />
        <Route
          path="/admin/import"
          element={
            <AdminOnly>
              <ImportPage />
            </AdminOnly>
          }
        />
        <Route
          path="/admin/email-logs"
          element={
            <StaffOnly>
              <EmailLogsPage />
            </StaffOnly>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
