import type { RetryQueue } from '@ot/contracts/email/email-views.ts';
import { requireRole } from '@ot/infra/http/policy.ts';
import type { QueryRouter, QueryServiceDeps } from '../../deps.ts';

/** Emails waiting for an automatic retry, the soonest first. */
export function retryQueueRoute(router: QueryRouter, deps: QueryServiceDeps): void {
  router.get('/api/admin/retry-queue', requireRole('auditor'), async (ctx) => {
    const { rows } = await deps.pool.query<{
      id: string;
      order_number: string | null;
      recipient_email: string;
      retry_count: number;
      next_attempt: Date;
    }>(
      `select id, order_number, recipient_email, retry_count, next_attempt
         from rm.email_retry_queue order by next_attempt, id`,
    );
    const queue: RetryQueue = {
      queueSize: rows.length,
      emails: rows.map((row) => ({
        id: row.id,
        orderNumber: row.order_number,
        recipientEmail: row.recipient_email,
        retryCount: row.retry_count,
        nextAttempt: row.next_attempt.toISOString(),
      })),
    };
    ctx.body = queue;
  });
}
