/// <reference types="node" />
/**
 * The markup index.html starts with (issue 14), printed to stdout for the build (vite.config.ts):
 * the app as it first renders, signed out and before any answer, on `/` (the landing page with the
 * customer login form) and on any other path (the shell with its spinner). The browser paints it
 * before any JavaScript has run; the app then renders over it. index.html's inline script marks the
 * path, and a style shows the one that fits it.
 *
 * Until the app runs nothing in it can be used: every control is disabled, so nothing typed or
 * clicked is lost when the app replaces it (links are plain links and work at once). Type-checked
 * with the app (pwa/tsconfig.json), whose modules it renders.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { Providers } from '../src/app/providers.tsx';
import { AppRoutes } from '../src/app/router.tsx';

const render = (location: string) =>
  renderToString(
    createElement(StaticRouter, { location }, createElement(Providers, null, createElement(AppRoutes))),
  ).replace(/<(input|button|select|textarea)\b(?![^>]*\sdisabled[\s=>])/g, '<$1 disabled=""');

process.stdout.write(
  `<div class="prerendered-landing">${render('/')}</div><div class="prerendered-shell">${render('/dashboard')}</div>`,
);
