import http from 'node:http';
import { sleep } from '@ot/infra/db/backoff.ts';
import { request } from './http-client.ts';

export interface SteadyRun {
  /** Per request, from the moment it was sent (it was due, or just after) to its whole answer (ms). */
  latenciesMs: number[];
  /** Answers other than 2xx, and requests that failed. */
  refused: number;
  requestsPerSecond: number;
}

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
    if (due > performance.now()) await sleep(due - performance.now());
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
