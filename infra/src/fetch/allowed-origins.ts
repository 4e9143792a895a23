/**
 * Where the server may fetch documents from (the Drive import and the render of Google Docs).
 * `DOCUMENT_FETCH_ORIGINS` is a comma-separated list of `scheme://host[:port]` (a leading `*.`
 * allows subdomains); unset, Google's Drive and Docs origins. Google's origins are always held to
 * public addresses over https; any other origin the operator lists is trusted as listed, even on
 * http or a loopback/private address (tests, on-premise document servers).
 */
export interface OriginRule {
  protocol: 'http:' | 'https:';
  /** Lowercase host as the URL parser writes it (IPv6 in brackets), without the `*.`. */
  host: string;
  /** The effective port, default ports included. */
  port: string;
  subdomains: boolean;
  /** Skip the public-address check: only for origins an operator listed themselves. */
  trusted: boolean;
}

export const GOOGLE_DOCUMENT_ORIGINS = [
  'https://docs.google.com',
  'https://drive.google.com',
  'https://drive.usercontent.google.com',
  // Docs and Drive exports redirect to doc-*.googleusercontent.com download hosts.
  'https://*.googleusercontent.com',
] as const;

const defaultPort = (protocol: string) => (protocol === 'https:' ? '443' : '80');

function parseRule(entry: string, explicit: boolean, variable: string, defaults: readonly string[]): OriginRule {
  const subdomains = /^[a-z]+:\/\/\*\./i.test(entry);
  const url = new URL(subdomains ? entry.replace('*.', '') : entry);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${variable}: "${entry}" must be http:// or https://`);
  }
  if (url.username || url.password || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
    throw new Error(`${variable}: "${entry}" must be scheme://host[:port] only`);
  }
  const isDefault = defaults.includes(url.origin);
  return {
    protocol: url.protocol,
    host: url.hostname,
    port: url.port || defaultPort(url.protocol),
    subdomains,
    trusted: explicit && !isDefault && !subdomains,
  };
}

/** An operator's comma-separated origins (`variable` names them in errors) as rules. */
export function parseOriginList(
  value: string | undefined,
  variable: string,
  defaults: readonly string[],
): OriginRule[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => parseRule(entry, true, variable, defaults));
}

/** The built-in origins as rules: held to what they are (https, public addresses). */
export const builtInOrigins = (origins: readonly string[]): OriginRule[] =>
  origins.map((origin) => parseRule(origin, false, 'built-in', origins));

export function parseDocumentOrigins(value: string | undefined): OriginRule[] {
  const listed = parseOriginList(value, 'DOCUMENT_FETCH_ORIGINS', GOOGLE_DOCUMENT_ORIGINS);
  return listed.length > 0 ? listed : builtInOrigins(GOOGLE_DOCUMENT_ORIGINS);
}

/** The rule that lets this URL be fetched, or null. URLs carrying credentials never match. */
export function matchOrigin(rules: readonly OriginRule[], url: URL): OriginRule | null {
  if (url.username || url.password) return null;
  const port = url.port || defaultPort(url.protocol);
  return (
    rules.find(
      (rule) =>
        rule.protocol === url.protocol &&
        rule.port === port &&
        (url.hostname === rule.host || (rule.subdomains && url.hostname.endsWith(`.${rule.host}`))),
    ) ?? null
  );
}
