import { lazy, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { AdminOnly, CustomerOnly, GuestOnly, SignedIn, StaffOnly } from './guards.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { pages } from './pages.tsx';
import { type Guard, type PageRoute, type RouteName, routes } from './route-table.ts';

const NotFoundPage = lazy(() => import('./not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })));

const guards: Record<Guard, (route: PageRoute, page: ReactNode) => ReactNode> = {
  guest: (_, page) => <GuestOnly>{page}</GuestOnly>,
  customer: (_, page) => <CustomerOnly>{page}</CustomerOnly>,
  'signed-in': (_, page) => <SignedIn>{page}</SignedIn>,
  staff: (route, page) => <StaffOnly signedOutTo={route.signedOutTo}>{page}</StaffOnly>,
  admin: (route, page) => <AdminOnly signedOutTo={route.signedOutTo}>{page}</AdminOnly>,
};

/**
 * The routes of route-table.ts, each page behind its guard, in react-router's declarative mode
 * (`<BrowserRouter>` in main.tsx): the app uses no loaders or actions, and the data router would add to
 * every first visit's JavaScript.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {(Object.entries(routes) as [RouteName, PageRoute][]).flatMap(([name, route]) => {
          const { Page } = pages[name];
          return route.paths.map((path) => (
            <Route key={path} path={path} element={guards[route.guard](route, <Page />)} />
          ));
        })}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
