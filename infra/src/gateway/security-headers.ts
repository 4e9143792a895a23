import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';

/**
 * Every security header the product sends, in one place (deploy/Caddyfile mirrors it; a unit test keeps
 * the two in step). Pages get a strict Content-Security-Policy: scripts only from our origin plus the
 * hashes of the inline scripts in index.html (the theme script that runs before the first paint), no
 * `unsafe-inline`/`unsafe-eval` for scripts. Styles may be inline: a rendered spec document (an
 * `srcdoc` frame, which inherits this policy) carries its own styles, and React sets style attributes.
 */

/** The sha256 sources of every inline `<script>` (no `src`) in an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes) || body.trim() === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

/** The hashes for the built app's index.html; none when it is not built. */
export function appScriptHashes(staticDir: string): string[] {
  const index = `${staticDir}/index.html`;
  return existsSync(index) ? inlineScriptHashes(readFileSync(index, 'utf8')) : [];
}

/** Google's own preview is the fallback for a document we cannot render. */
const DOCUMENT_FRAMES = 'https://docs.google.com https://drive.google.com';

export function pageCsp(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    `frame-src 'self' ${DOCUMENT_FRAMES}`,
    "object-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** API answers are data, never a page: nothing in them may run, and nothing frames them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), interest-cohort=()';
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers for every answer; HSTS only over HTTPS (a browser ignores it on http, and localhost must stay usable).
 * No Cross-Origin-Opener-Policy: any value but `unsafe-none` makes the browser start the page in a new
 * renderer process instead of the tab's own, and on a phone that start is the largest task of the first
 * visit, enough on its own to cost the mobile Lighthouse score. What it guards against, a cross-origin window holding a handle to ours, is left with little
 * to reach: pages cannot be framed (frame-ancestors, X-Frame-Options), cookies are SameSite and HttpOnly,
 * and no page listens for another window's messages.
 */
const COMMON_HTTP = [
  'X-Content-Type-Options',
  'nosniff',
  'Referrer-Policy',
  'strict-origin-when-cross-origin',
  'Permissions-Policy',
  PERMISSIONS_POLICY,
];
const COMMON_HTTPS = [...COMMON_HTTP, 'Strict-Transport-Security', HSTS];
/** The headers above, as a flat list of names and values. */
const commonHeaders = (https: boolean): readonly string[] => (https ? COMMON_HTTPS : COMMON_HTTP);

function common(res: ServerResponse, https: boolean): void {
  const headers = commonHeaders(https);
  for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(headers[i] as string, headers[i + 1] as string);
}

export function setPageHeaders(res: ServerResponse, csp: string, https: boolean): void {
  common(res, https);
  res.setHeader('Content-Security-Policy', csp);
  res.setHeader('X-Frame-Options', 'DENY');
}

/** Our own on every API answer: an upstream value of these never reaches the client. */
const OURS = new Set(COMMON_HTTPS.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase()));
/** Between the gateway and the service only: the client's connection says its own (node sets them). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive']);

/**
 * API answers, as a flat list of names and values (the service's raw headers in, written out as they
 * come: lighter than an object merged into headers set one by one): the service's own headers stand
 * where it set them (a document is served with its own sandbox policy and may be framed by our pages);
 * otherwise no caching and the API policy, which also forbids framing.
 */
export function apiHeaders(upstream: readonly string[], https: boolean): string[] {
  const headers: string[] = [];
  let cacheControl = false;
  let csp = false;
  let frameOptions: string | null = null;
  for (let i = 0; i + 1 < upstream.length; i += 2) {
    const name = upstream[i] as string;
    const value = upstream[i + 1] as string;
    const lower = name.toLowerCase();
    if (OURS.has(lower) || HOP_BY_HOP.has(lower)) continue;
    if (lower === 'x-frame-options') {
      frameOptions ??= value;
      continue;
    }
    if (lower === 'cache-control') cacheControl = true;
    else if (lower === 'content-security-policy') csp = true;
    headers.push(name, value);
  }
  headers.push(...commonHeaders(https));
  if (!cacheControl) headers.push('Cache-Control', 'no-store');
  if (!csp) headers.push('Content-Security-Policy', API_CSP, 'X-Frame-Options', 'DENY');
  else if (frameOptions !== null) headers.push('X-Frame-Options', frameOptions);
  return headers;
}

export const setCommonHeaders = common;
