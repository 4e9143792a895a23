import { customerStreamPrefix } from '@ot/contracts/customers/customer-events.ts';
import pg from 'pg';
import { eventHash } from '../event-store/event-hash.ts';
import type { NewEvent } from '../event-store/event-store.ts';
import { sealStreamEvents } from './encrypting-event-store.ts';
import { createKeyring, type Keyring } from './keyring.ts';

interface StoredRow {
  position: string;
  version: number;
  type: string;
  data: unknown;
  metadata: NewEvent['metadata'];
  hash: Buffer;
}

/**
 * Seals the personal fields of the history written before encryption, once, as the owner (es.events
 * refuses UPDATE to everyone else, and to the owner too while its trigger is on): each stream's events
 * rewritten, its chain computed again, and its old and new heads recorded (the migration recorded what
 * all the old chains ended with before anything changed). One transaction: all of it, or none.
 * Returns how many events were rewritten; null when there was nothing left to convert.
 */
export async function convertPlaintextHistory(databaseUrl: string, masterKey: () => Buffer): Promise<number | null> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query<{ converted_at: Date | null }>(
      'select converted_at from privacy.history_conversions where id = 1 for update',
    );
    if (!rows[0] || rows[0].converted_at) {
      await client.query('rollback');
      return null;
    }
    await client.query('lock table es.events in exclusive mode');
    await client.query('alter table es.events disable trigger events_append_only');
    const keyring = createKeyring(client, masterKey());
    const { rows: streams } = await client.query<{ stream: string }>(
      'select distinct stream from es.events order by stream',
    );
    let rewritten = 0;
    for (const { stream } of streams) rewritten += await convertStream(client, keyring, stream);
    await client.query('alter table es.events enable trigger events_append_only');
    await client.query('update privacy.history_conversions set converted_at = now() where id = 1');
    await client.query('commit');
    return rewritten;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

async function convertStream(client: pg.Client, keyring: Keyring, stream: string): Promise<number> {
  const { rows } = await client.query<StoredRow>(
    'select position, version, type, data, metadata, hash from es.events where stream = $1 order by version',
    [stream],
  );
  const email = stream.startsWith(customerStreamPrefix) ? stream.slice(customerStreamPrefix.length) : '';
  const name = email.includes('@') ? `${customerStreamPrefix}${(await keyring.subjectForEmail(email)).id}` : stream;
  const { events } = await sealStreamEvents(keyring, rows, async () => null);
  const changed = name !== stream || events.some((event, i) => JSON.stringify(event) !== JSON.stringify(rows[i]));
  if (!changed) return 0;
  let previous: Buffer | null = null;
  for (const event of events) {
    previous = eventHash(previous, { stream: name, ...event });
    await client.query('update es.events set stream = $2, data = $3, metadata = $4, hash = $5 where position = $1', [
      event.position,
      name,
      JSON.stringify(event.data),
      JSON.stringify(event.metadata),
      previous,
    ]);
  }
  await client.query('insert into privacy.resealed_streams (stream, old_head, new_head) values ($1, $2, $3)', [
    name,
    rows[rows.length - 1]?.hash,
    previous,
  ]);
  return events.length;
}
