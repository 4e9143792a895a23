import http from 'node:http';

/**
 * The bench's HTTP client: `node:http` with kept-alive connections, as autocannon uses for the full-speed
 * GET load. `fetch` costs several times more CPU per request, taken from the same two cores as the
 * services measured.
 */
export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export function request(
  agent: http.Agent,
  url: string,
  options: { method?: string; headers: Record<string, string>; body?: string },
): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const sent = http.request(url, { method: options.method ?? 'GET', headers: options.headers, agent }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () =>
        resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: Buffer.concat(chunks).toString() }),
      );
      answer.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(options.body);
  });
}

export interface SteadyRun {
  /** Per request, from the moment it was sent (it was due, or just after) to its whole answer (ms). */
  latenciesMs: number[];
  /** Answers other than 2xx, and requests that failed. */
  refused: number;
  requestsPerSecond: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * GETs at a steady rate: request i is due at start + i / rate, over at most `connections` kept-alive
 * connections (a request due while all are busy waits for one). Open loop: requests go when due, whatever
 * the answers before them, and each latency runs from the moment it was sent, not from when a connection
 * took it, so a slow answer that holds later requests back counts in theirs too (no coordinated omission).
 *
 * autocannon's `overallRate` is not this: each connection sends its share of a second back to back at
 * the start of every second and then waits, so "500 req/s" over 10 connections is full-speed bursts of
 * 500 requests, and its percentiles are those of the bursts.
 */
export async function steadyLoad(
  url: string,
  headers: Record<string, string>,
  { ratePerSecond, seconds, connections }: { ratePerSecond: number; seconds: number; connections: number },
): Promise<SteadyRun> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latenciesMs: number[] = [];
  let refused = 0;
  const total = Math.round(ratePerSecond * seconds);
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / ratePerSecond;
    // Only a request not due yet waits (a timer takes a millisecond at least): those due meanwhile go at once.
    if (due > performance.now()) await pause(due - performance.now());
    const sent = performance.now();
    inFlight.push(
      request(agent, url, { headers }).then(
        (answer) => {
          if (answer.status < 200 || answer.status > 299) refused++;
          else latenciesMs.push(performance.now() - sent);
        },
        () => {
          refused++;
        },
      ),
    );
  }
  await Promise.all(inFlight);
  const elapsed = performance.now() - started;
  agent.destroy();
  return { latenciesMs, refused, requestsPerSecond: (total / elapsed) * 1000 };
}
