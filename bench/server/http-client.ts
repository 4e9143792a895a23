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
