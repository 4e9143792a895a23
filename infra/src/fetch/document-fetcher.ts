import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { HttpError } from '../http/errors.ts';
import { isPublicAddress } from './address-check.ts';
import { matchOrigin, type OriginRule } from './allowed-origins.ts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export interface FetchedDocument {
  /** The URL finally answered (after allowed redirects). */
  url: string;
  contentType: string;
  body: Buffer;
}

export interface DocumentFetcher {
  fetch(url: string): Promise<FetchedDocument>;
}

export interface DocumentFetcherOptions {
  origins: readonly OriginRule[];
  /** DNS, asked once per host per fetch; the connection goes to the address it answered. */
  resolve?: Resolve;
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
}

const systemResolve: Resolve = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

export const NOT_ALLOWED = 'This link is not from an allowed document source (Google Drive or Google Docs)';
const refused = (message = NOT_ALLOWED) => new HttpError(400, message, 'FETCH_REFUSED');
const failed = (message: string) => new HttpError(422, message, 'FETCH_FAILED');

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Always hand the socket the address we checked, whatever the host name would resolve to now. */
const pinnedLookup =
  (pinned: ResolvedAddress): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) callback(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };

/**
 * The only way the server fetches a URL it was given: the origin must be allowed, the host is
 * resolved once and every answer must be a public address (unless the operator trusts that origin),
 * the connection goes to the checked address, redirects are followed only to allowed origins, and
 * the answer is capped in size and time.
 */
export function createDocumentFetcher(options: DocumentFetcherOptions): DocumentFetcher {
  const fetcher: Fetcher = {
    origins: options.origins,
    resolve: options.resolve ?? systemResolve,
    maxBytes: options.maxBytes ?? 10 * 1024 * 1024,
    maxRedirects: options.maxRedirects ?? 3,
  };
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    async fetch(value) {
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        throw refused('This is not a valid link');
      }
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        return await follow(fetcher, url, signal);
      } catch (error) {
        if (error instanceof HttpError) throw error;
        if (signal.aborted) throw failed('The document server did not answer in time');
        throw failed('Could not download the document');
      }
    },
  };
}

/** What every step of one fetch is held to. */
interface Fetcher {
  origins: DocumentFetcherOptions['origins'];
  resolve: NonNullable<DocumentFetcherOptions['resolve']>;
  maxBytes: number;
  maxRedirects: number;
}

/** DNS has no timeout of its own: give up with the rest of the fetch. */
const resolveWithin = (fetcher: Fetcher, hostname: string, signal: AbortSignal) =>
  new Promise<ResolvedAddress[]>((resolvePromise, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    fetcher
      .resolve(hostname)
      .then(resolvePromise, reject)
      .finally(() => signal.removeEventListener('abort', onAbort));
  });

async function checkedAddress(
  fetcher: Fetcher,
  url: URL,
  signal: AbortSignal,
): Promise<{ rule: OriginRule; address: ResolvedAddress }> {
  const rule = matchOrigin(fetcher.origins, url);
  if (!rule) throw refused();
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const family = isIP(hostname);
  let addresses: ResolvedAddress[];
  if (family !== 0) addresses = [{ address: hostname, family: family === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await resolveWithin(fetcher, hostname, signal);
    } catch {
      if (signal.aborted) throw failed('The document server did not answer in time');
      throw failed(`Could not find the document server ${hostname}`);
    }
  }
  const first = addresses[0];
  if (!first) throw failed(`Could not find the document server ${hostname}`);
  if (!rule.trusted && !addresses.every((candidate) => isPublicAddress(candidate.address))) {
    throw refused('This link points to a private network address');
  }
  return { rule, address: first };
}

async function get(url: URL, address: ResolvedAddress, signal: AbortSignal): Promise<IncomingMessage> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const requestOptions: RequestOptions = {
    method: 'GET',
    hostname: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port || undefined,
    path: `${url.pathname}${url.search}`,
    headers: { accept: '*/*', 'accept-encoding': 'identity', 'user-agent': 'order-tracker-document-fetcher' },
    agent: false,
    lookup: pinnedLookup(address),
    signal,
  };
  return new Promise((resolveResponse, reject) => {
    const outgoing = request(requestOptions, resolveResponse);
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length'] ?? 0);
  const tooLarge = () => failed(`The document is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
  if (declared > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      response.destroy();
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Where a redirect leads, when it may be followed. */
function redirectTarget(fetcher: Fetcher, location: string, from: URL, hop: number): URL {
  if (hop >= fetcher.maxRedirects) throw failed('The document server redirected too many times');
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw failed('The document server sent an invalid redirect');
  }
  if (!matchOrigin(fetcher.origins, next))
    throw refused('The document server redirected to an address that is not allowed');
  return next;
}

async function follow(fetcher: Fetcher, start: URL, signal: AbortSignal): Promise<FetchedDocument> {
  let url = start;
  for (let hop = 0; ; hop++) {
    const { address } = await checkedAddress(fetcher, url, signal);
    const response = await get(url, address, signal);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (REDIRECTS.has(status) && location) {
      response.resume();
      url = redirectTarget(fetcher, location, url, hop);
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw failed(`The document server answered ${status}: the link may be private or wrong`);
    }
    const body = await readCapped(response, fetcher.maxBytes);
    return { url: url.toString(), contentType: String(response.headers['content-type'] ?? ''), body };
  }
}
