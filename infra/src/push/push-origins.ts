import { builtInOrigins, matchOrigin, type OriginRule, parseOriginList } from '../fetch/allowed-origins.ts';

/**
 * The browsers' push services: Google's (Chrome, Edge on Android), Mozilla's, Apple's (Safari, the iOS
 * Home Screen app) and Microsoft's (Edge on Windows). A subscription's endpoint is a URL the server will
 * POST to, so it must be one of these or of the origins an operator lists in PUSH_SERVICE_ORIGINS.
 */
export const BROWSER_PUSH_ORIGINS = [
  'https://fcm.googleapis.com',
  'https://android.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://*.push.apple.com',
  'https://*.notify.windows.com',
] as const;

export function parsePushServiceOrigins(value: string | undefined): OriginRule[] {
  return [
    ...builtInOrigins(BROWSER_PUSH_ORIGINS),
    ...parseOriginList(value, 'PUSH_SERVICE_ORIGINS', BROWSER_PUSH_ORIGINS),
  ];
}

/** Whether the server may send to this endpoint: a URL of an allowed push service, without credentials. */
export function isAllowedPushEndpoint(rules: readonly OriginRule[], endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  return matchOrigin(rules, url) !== null;
}
