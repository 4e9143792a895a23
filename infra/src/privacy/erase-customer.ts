import { randomUUID } from 'node:crypto';
import { appendFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { customerStream } from '@ot/contracts/customers/customer-events.ts';
import { type ErasureResult, NO_SUCH_CUSTOMER } from '@ot/contracts/customers/customer-privacy.ts';
import { uploadedDocumentId } from '@ot/contracts/documents/document-links.ts';
import { NotFound } from '@ot/contracts/errors/domain-errors.ts';
import type { CommandContext } from '@ot/contracts/events/event-envelope.ts';
import type pg from 'pg';
import { sleep } from '../db/backoff.ts';
import type { DocumentStore } from '../documents/document-store.ts';
import { type EventStore, reached, start } from '../event-store/event-store.ts';
import { dataDir } from '../repo-root.ts';
import { type ErasureTarget, erasureSteps } from './erasure-steps.ts';
import type { Keyring } from './keyring.ts';
import { ERASED_CHANNEL } from './scrub-storage.ts';

/** The erasure ledger outside the database (customer ids only), to apply again after restoring a backup. */
export const erasureLedgerFile = join(dataDir, 'erasure-ledger.jsonl');

export interface ErasureDeps {
  pool: pg.Pool;
  store: EventStore;
  keyring: Keyring;
  documents: DocumentStore;
  ledgerFile?: string;
  /** How long to wait for the projector to pass the erasure before blanking the read models. */
  projectorWaitMs?: number;
}

/** Where the person's data is, from the read models and the keys; null when nothing is held about them. */
export async function findErasureTarget(pool: pg.Pool, keyring: Keyring, email: string): Promise<ErasureTarget | null> {
  const { rows } = await pool.query<{ orders: string[]; emails: string[]; documents: string[]; known: boolean }>(
    `with o as (select order_number from rm.orders where lower(customer_email) = lower($1))
     select coalesce((select array_agg(order_number order by order_number) from o), '{}') as orders,
            coalesce((select array_agg(id order by id) from rm.email_events
                       where lower(recipient_email) = lower($1) or order_number in (select order_number from o)), '{}') as emails,
            coalesce((select array_agg(distinct document_url) from rm.order_items
                       where order_number in (select order_number from o) and document_url is not null), '{}') as documents,
            exists (select 1 from auth.users where not is_admin and lower(email) = lower($1))
              or exists (select 1 from rm.customers where email_lower = lower($1)) as known`,
    [email],
  );
  const row = rows[0];
  const existing = await keyring.findSubject(email);
  if (!row || (!existing && !row.known && row.orders.length === 0 && row.emails.length === 0)) return null;
  return {
    subjectId: existing ?? (await keyring.subjectForEmail(email)).id,
    email: email.trim(),
    orderNumbers: row.orders,
    notificationIds: row.emails,
    documentIds: row.documents.flatMap((url) => uploadedDocumentId(url) ?? []),
  };
}

/**
 * The right to erasure: records the erasure (who, when, why; no personal data), destroys the customer's
 * data key, so every event about them reads as erased, then removes or blanks every other copy in one
 * transaction (erasure-steps.ts) and adds the customer's id to the ledger.
 */
export async function eraseCustomer(
  deps: ErasureDeps,
  request: { email: string; reason: string; context: CommandContext },
): Promise<ErasureResult> {
  const target = await findErasureTarget(deps.pool, deps.keyring, request.email);
  if (!target) throw new NotFound(NO_SUCH_CUSTOMER, 'CUSTOMER_NOT_FOUND');
  const { context } = request;
  const appended = await deps.store.append(
    customerStream(target.email),
    [
      {
        id: randomUUID(),
        type: 'CustomerErased',
        data: { reason: request.reason, orderNumbers: target.orderNumbers, notificationIds: target.notificationIds },
        metadata: { ...context, occurredAt: context.now, causationId: null },
      },
    ],
    { expectedVersion: 'any' },
  );
  await inTransaction(deps.pool, async (tx) => {
    await deps.keyring.destroy(tx, target.subjectId);
    await tx.query(
      'insert into privacy.erasures (subject_id, erased_by, erased_at) values ($1, $2, $3) on conflict do nothing',
      [target.subjectId, context.actor.name, context.now],
    );
  });
  // Events read before the key went may still be on their way into the read models: blank after them.
  await projectorPassed(deps, appended.position);
  await inTransaction(deps.pool, async (client) => {
    for (const step of erasureSteps(deps)) await step.erase(client, target);
    await client.query(`select pg_notify('${ERASED_CHANNEL}', $1)`, [target.subjectId]);
  });
  await appendToLedger(deps.ledgerFile ?? erasureLedgerFile, target.subjectId, context);
  return {
    customerId: target.subjectId,
    orderNumbers: target.orderNumbers,
    notificationIds: target.notificationIds,
    documents: target.documentIds.length,
    erasedAt: context.now,
  };
}

async function projectorPassed(deps: ErasureDeps, position: number): Promise<void> {
  const until = Date.now() + (deps.projectorWaitMs ?? 5000);
  const place = await deps.store.locate(position);
  while (Date.now() < until) {
    const { rows } = await deps.pool.query<{ tx: string; position: string }>(
      `select tx, position from rm.checkpoints where name = 'projector'`,
    );
    const row = rows[0];
    const checkpoint = row ? { tx: Number(row.tx), position: Number(row.position) } : start;
    if (reached(checkpoint, place, { event: true, head: false })) return;
    await sleep(25);
  }
}

async function inTransaction(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<void>): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await work(client);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

async function appendToLedger(file: string, customerId: string, context: CommandContext): Promise<void> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const line = { customerId, erasedBy: context.actor.name, erasedAt: context.now };
  await appendFile(file, `${JSON.stringify(line)}\n`, { mode: 0o600 });
}
