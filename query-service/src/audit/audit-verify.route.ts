import { latestVerifications } from '@ot/infra/audit/verifications.ts';
import { requireRole } from '@ot/infra/http/policy.ts';
import type { QueryRouter, QueryServiceDeps } from '../deps.ts';

/**
 * GET /api/audit/verify: the latest result of each check (`events`: the hash chains, `npm run
 * audit:verify`; `read-models`: `npm run projections:verify`) with its time. `ok` only when every
 * kind of check has run and the latest of each passed.
 */
export function auditVerifyRoute(router: QueryRouter, deps: QueryServiceDeps): void {
  router.get('/api/audit/verify', requireRole('auditor'), async (ctx) => {
    const checks = await latestVerifications(deps.pool);
    const kinds = new Set(checks.map((check) => check.kind));
    ctx.body = {
      ok: kinds.has('events') && kinds.has('read-models') && checks.every((check) => check.ok),
      checkedAt:
        checks
          .map((check) => check.checkedAt)
          .sort()
          .at(-1) ?? null,
      checks,
    };
  });
}
