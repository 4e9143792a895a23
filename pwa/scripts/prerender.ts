/// <reference types="node" />
/**
 * The markup index.html starts with, printed to stdout for the build (vite.config.ts):
 * the app as it first renders, signed out and before any answer, on `/` (the landing page with the
 * customer login form) and on any other path (the shell with its spinner); and the customer's
 * dashboard as it shows while its orders load (heading, search and filter, a skeleton per row), which
 * the app, started on /dashboard, renders over once it knows who is signed in (main.tsx). The browser
 * paints it before any JavaScript has run. index.html's inline script marks the path, and a style shows
 * the one that fits it.
 *
 * Until the app runs nothing in it can be used: every control is disabled, so nothing typed or
 * clicked is lost when the app replaces it (links are plain links and work at once). Type-checked
 * with the app (pwa/tsconfig.json), whose modules it renders.
 */
import { createElement, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Route, Routes, StaticRouter } from 'react-router';
import { AppLayout } from '../src/app/layout/app-layout.tsx';
import { Providers } from '../src/app/providers.tsx';
import { AppRoutes } from '../src/app/router.tsx';
import { CustomerDashboardRoute } from '../src/app/routes/customer-dashboard-route.tsx';

const render = (location: string, routes: ReactNode) =>
  renderToString(createElement(StaticRouter, { location }, createElement(Providers, null, routes))).replace(
    /<(input|button|select|textarea)\b(?![^>]*\sdisabled[\s=>])/g,
    '<$1 disabled=""',
  );

/**
 * The dashboard's route in the app's layout, as the app shows it once the session is known: the page, and
 * the push panel's fallback (its Notifications fieldset), which the app then draws in the same place.
 */
const dashboard = createElement(
  Routes,
  null,
  createElement(
    Route,
    { element: createElement(AppLayout) },
    createElement(Route, { path: '/dashboard', element: createElement(CustomerDashboardRoute) }),
  ),
);

process.stdout.write(
  [
    `<div class="prerendered-landing">${render('/', createElement(AppRoutes))}</div>`,
    `<div class="prerendered-dashboard">${render('/dashboard', dashboard)}</div>`,
    `<div class="prerendered-shell">${render('/dashboard', createElement(AppRoutes))}</div>`,
  ].join(''),
);
