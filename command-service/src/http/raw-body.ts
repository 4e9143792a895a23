import { HttpError } from '@ot/infra/http/errors.ts';
import type { AppContext } from '@ot/infra/http/session.ts';

/** The request body as bytes, for bodies the JSON parser leaves alone (CSV); refused past `maxBytes`. */
export async function readRawBody(ctx: AppContext, maxBytes: number): Promise<Buffer> {
  const tooLarge = () =>
    new HttpError(413, `The file is larger than ${maxBytes / 1024 / 1024} MB`, 'PAYLOAD_TOO_LARGE');
  if (Number(ctx.get('content-length') || 0) > maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
