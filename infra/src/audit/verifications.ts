import type pg from 'pg';

/** 'events': the hash chains (`npm run audit:verify`); 'read-models': `npm run projections:verify`. */
export type VerificationKind = 'events' | 'read-models';

export interface Verification {
  kind: VerificationKind;
  ok: boolean;
  checkedAt: string;
  details: Record<string, unknown>;
}

/** Keep the outcome of a check with its time, for `GET /api/audit/verify`. */
export async function recordVerification(
  pool: pg.Pool | pg.PoolClient,
  result: { kind: VerificationKind; ok: boolean; details: Record<string, unknown> },
): Promise<Verification> {
  const { rows } = await pool.query<{ checked_at: Date }>(
    'insert into audit.verifications (kind, ok, details) values ($1, $2, $3) returning checked_at',
    [result.kind, result.ok, JSON.stringify(result.details)],
  );
  return { ...result, checkedAt: (rows[0]?.checked_at ?? new Date()).toISOString() };
}

/** The latest outcome of each kind of check (none for a kind never run). */
export async function latestVerifications(pool: pg.Pool): Promise<Verification[]> {
  const { rows } = await pool.query<{
    kind: VerificationKind;
    ok: boolean;
    checked_at: Date;
    details: Record<string, unknown>;
  }>(
    `select distinct on (kind) kind, ok, checked_at, details
       from audit.verifications order by kind, checked_at desc, id desc`,
  );
  return rows.map((row) => ({
    kind: row.kind,
    ok: row.ok,
    checkedAt: row.checked_at.toISOString(),
    details: row.details,
  }));
}
