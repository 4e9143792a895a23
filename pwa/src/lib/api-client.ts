import type { z } from 'zod';
import { serverAnswered, serverUnreachable } from './reachability.ts';

/**
 * Any non-OK response raises an error whose message is `<status>: <body text>`
 * (or the status text when the body is empty). `serverMessage` is the body's `message`, when it has one.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }

  /** Read by hand, not with the contracts' errorBodySchema: this module is in every first visit, zod is not. */
  get serverMessage(): string | undefined {
    try {
      const body: unknown = JSON.parse(this.bodyText);
      const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
      return typeof message === 'string' ? message : undefined;
    } catch {
      return undefined;
    }
  }
}

export const isApiError = (error: unknown, status?: number): error is ApiError =>
  error instanceof ApiError && (status === undefined || error.status === status);

/** The request never got an answer: no network, the server unreachable, or it timed out. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('The app is offline or the server cannot be reached', { cause });
    this.name = 'NetworkError';
  }
}

export const isNetworkError = (error: unknown): error is NetworkError => error instanceof NetworkError;

/** Offline, unreachable, or a server failing (5xx): worth trying again later, unlike a 4xx answer. */
export const isTransientError = (error: unknown): boolean =>
  isNetworkError(error) || (error instanceof ApiError && error.status >= 500);

/**
 * Read-your-writes: every write answers with `x-event-position`; every later read sends the highest
 * position seen as `x-min-position`, so the query side waits until the projector has applied it.
 */
let lastPosition = 0;

/**
 * A read with no answer by then counts as no answer at all (a captive portal or a dead Wi-Fi can hold a
 * request open for minutes). Writes have no such bound: an upload may take long, and the outbox sends a
 * write that got no answer again under its Idempotency-Key.
 */
const READ_TIMEOUT_MS = 20_000;

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key`: the server answers a repeat of the same write with its first answer. */
  idempotencyKey?: string;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

/** The `ot_csrf` cookie (`__Host-ot_csrf` over HTTPS), which the server sets beside the session cookie. */
function csrfToken(): string {
  const match = /(?:^|;\s*)(?:__Host-)?ot_csrf=([^;]*)/.exec(document.cookie);
  return match?.[1] ?? '';
}

/**
 * The schema an answer is parsed with, or how to load it. Code on the first visit's path (the session,
 * the config, the login) passes a loader (`() => import(...)`): zod and the contracts then arrive while
 * the request is on its way instead of in the first visit's JavaScript.
 */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

async function loadSchema<S extends z.ZodType>(source: SchemaSource<S>): Promise<S> {
  if (typeof source !== 'function') return source;
  try {
    return await source();
  } catch (error) {
    // The chunk could not be fetched: as good as no answer (offline before the app was cached).
    throw new NetworkError(error);
  }
}

export async function request<S extends z.ZodType>(
  path: string,
  source: SchemaSource<S>,
  options: RequestOptions = {},
): Promise<ApiResponse<z.infer<S>>> {
  const schema = loadSchema(source);
  // Settled here too, so a failed load is not reported as unhandled when the request fails first.
  schema.catch(() => {});
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { ...options.headers };
  let body: BodyInit | undefined;
  // Multipart forms and files (a CSV as Blob) go as they are; fetch sets their content type. The server
  // takes them only with the double-submit token from the session's CSRF cookie.
  if (options.body instanceof FormData || options.body instanceof Blob) {
    body = options.body;
    headers['x-csrf-token'] = csrfToken();
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (method === 'GET' && lastPosition > 0) headers['x-min-position'] = String(lastPosition);
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;

  const timeout = method === 'GET' ? AbortSignal.timeout(READ_TIMEOUT_MS) : undefined;
  const signal = timeout && options.signal ? AbortSignal.any([options.signal, timeout]) : (timeout ?? options.signal);
  let response = await send(path, { method, headers, body, credentials: 'include', signal });
  // The query side waited its bound and still had not applied our last write: its answer may be older than
  // what this user just saved, so ask once more rather than show it.
  if (headers['x-min-position'] && response.headers.get('x-min-position-reached') === 'false') {
    response = await send(path, { method, headers, body, credentials: 'include', signal });
  }
  const position = Number(response.headers.get('x-event-position') ?? 0);
  if (position > lastPosition) lastPosition = position;
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text, response.statusText);
  return { data: (await schema).parse(text ? JSON.parse(text) : null), headers: response.headers };
}

/** Every answer and every request that got none tells lib/reachability.ts whether the server can be reached. */
async function send(path: string, init: RequestInit): Promise<Response> {
  try {
    const response = await fetch(path, init);
    serverAnswered(response.status);
    return response;
  } catch (error) {
    // An abort by the caller stays an abort; anything else means no answer came.
    const signal = init.signal;
    if (signal?.aborted && !(signal.reason instanceof DOMException && signal.reason.name === 'TimeoutError'))
      throw error;
    serverUnreachable();
    throw new NetworkError(error);
  }
}

/** GET and parse: the default query function of every feature. */
export async function getJson<S extends z.ZodType>(
  path: string,
  schema: SchemaSource<S>,
  signal?: AbortSignal,
): Promise<z.infer<S>> {
  return (await request(path, schema, { signal })).data;
}

/** The server's reason in an error body's `error` (or `message`) field, if it sent one. */
export function serverError(error: unknown): string | undefined {
  const text = (error as { bodyText?: unknown }).bodyText;
  if (typeof text !== 'string') return undefined;
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown };
    const reason = body.error ?? body.message;
    return typeof reason === 'string' && reason ? reason : undefined;
  } catch {
    return undefined;
  }
}
