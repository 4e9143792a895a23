import type { SessionUser } from '@ot/contracts/auth/auth-schemas.ts';
import { SESSION_COOKIE } from '@ot/infra/auth/sessions.ts';
import { announcedCheckpoint } from '@ot/infra/db/notify.ts';
import { preparedQuery } from '@ot/infra/db/prepared.ts';
import { type Checkpoint, type LogPlace, reached, reaches } from '@ot/infra/event-store/event-store.ts';
import { type AppContext, loadSession, readCookie, resumeSession } from '@ot/infra/http/session.ts';
import type { Next } from 'koa';
import type { QueryServiceDeps } from '../deps.ts';
import { keptAnswers } from './kept.ts';
import { liveTables } from './watch-changes.ts';

const WAIT_LIMIT_MS = 2000;
const IMPLICIT_WAIT_LIMIT_MS = 1000;
const HEAD_MARGIN = 10_000;
/** How often a waiting read looks at the checkpoint when no wake-up came (a replica's copy moves without one). */
const POLL_MS = 10;

type Deps = Pick<QueryServiceDeps, 'pool' | 'store' | 'sessions' | 'projected' | 'changes' | 'checkpointAnnounced'>;
/** Sessions kept in memory at most (the least recently used is forgotten first). */
const KEPT_SESSIONS = 10_000;

/**
 * The projector's checkpoint as last read from the read models' own database, kept: it only moves
 * forward (a rebuild's swap sets it to where the new tables are, past the old one), so a request whose
 * targets it already reaches needs no read of it. Read again only when it does not reach them yet.
 */
function projectorCheckpoint(pool: Deps['pool']) {
  let furthest: Checkpoint | null = null;
  // Requests waiting at the same moment share one read.
  let reading: Promise<Checkpoint | null> | null = null;
  const read = async (): Promise<Checkpoint | null> => {
    const { rows } = await preparedQuery<{ tx: string; position: string }>(
      pool,
      `select tx, position from rm.checkpoints where name = 'projector'`,
      [],
    );
    const row = rows[0];
    const found = row ? { tx: Number(row.tx), position: Number(row.position) } : null;
    if (found && (furthest === null || !reaches(furthest, found))) furthest = found;
    return furthest;
  };
  return {
    known: () => furthest,
    /** A checkpoint the projector announced it committed: kept as if read. */
    offer(found: Checkpoint): Checkpoint {
      if (furthest === null || !reaches(furthest, found)) furthest = found;
      return furthest;
    },
    read(): Promise<Checkpoint | null> {
      reading ??= read().finally(() => {
        reading = null;
      });
      return reading;
    },
  };
}

/**
 * The session, then read-your-writes: with `x-min-position: N` (from a write's `x-event-position`),
 * wait (bounded) until the projector has applied event N before answering. We also wait until it has
 * applied everything committed before the request arrived, so a client that knows nothing of positions
 * (a script, a second tab), or whose position is older than other people's writes, still reads what was
 * written before it asked. Past the bound we answer anyway and say so in `x-min-position-reached: false`.
 *
 * Where the log stands is read in the session's own statement when the event store offers it as
 * columns (`locateColumns`: Postgres, whose database holds the sessions), else asked while the session
 * is loaded (two queries in flight) in one look (`locate`); either way it is compared with the
 * projector's checkpoint kept in memory: a read of everything already applied costs no further query.
 */
export function loadSessionAndHonourMinPosition(deps: Deps) {
  const load = loadSession(deps.sessions);
  const honour = honourMinPosition(deps);
  const columns = deps.store.locateColumns;
  if (columns) {
    const changes = deps.changes;
    const kept = changes ? keptAnswers<SessionUser>(changes, KEPT_SESSIONS) : null;
    // The store's database holds the sessions too: the session row and where the log stands in one statement.
    return async (ctx: AppContext, next: Next) => {
      const asked = askedPosition(ctx);
      // Without x-min-position, a session kept in memory serves once `changes.pass()` resolved: every change
      // committed before this request is heard by then, and its statement read the log's head.
      let tables: string | null = null;
      if (changes && kept && asked === 0) {
        const token = readCookie(ctx, SESSION_COOKIE);
        if (!token) return loadSignedOut(ctx, next);
        const passed = await changes.pass();
        tables = passed ? liveTables(passed) : null;
        const user = passed ? kept.get(token) : undefined;
        if (passed && user) {
          ctx.state.sessionToken = token;
          ctx.state.user = user;
          await honour(ctx, 0, columns.read(passed, 0), tables);
          return next();
        }
      }
      const readUnder = changes?.generation() ?? 0;
      const sentAt = performance.now();
      const session = await resumeSession(ctx, deps.sessions, { columns: columns.columns('$2'), values: [asked] });
      if (!session) return next(); // nothing to read without a session
      const token = ctx.state.sessionToken;
      if (kept && token && !session.renewed) kept.keep(token, session.user, sentAt + session.freshForMs, readUnder);
      await honour(ctx, asked, columns.read(session.also, asked), tables);
      await next();
    };
  }
  return async (ctx: AppContext, next: Next) => {
    const asked = askedPosition(ctx);
    // Only a signed-in request waits: without a session cookie there is nothing to look up.
    const looking = ctx.get('cookie') ? deps.store.locate(asked) : null;
    looking?.catch(() => {}); // awaited below when signed in; a signed-out request leaves it
    await load(ctx, async () => {
      if (!ctx.state.user || !looking) return next(); // nothing to read without a session
      await honour(ctx, asked, await looking);
      await next();
    });
  };
}

function loadSignedOut(ctx: AppContext, next: Next) {
  ctx.state.sessionToken = null;
  ctx.state.user = null;
  return next();
}

const askedPosition = (ctx: AppContext) => {
  const header = ctx.get('x-min-position');
  return /^\d{1,15}$/.test(header) ? Number(header) : 0;
};

/** Waits (bounded) until the projector's checkpoint reaches the asked event and the log's head as located. */
function honourMinPosition(deps: Deps) {
  const checkpoint = projectorCheckpoint(deps.pool);
  /**
   * `tables`: the live read-model tables as read by a `changes.pass()` after this request arrived (null: none
   * passed), so answers kept in memory may serve it (`ctx.state.readsAt`, set once the targets are reached).
   */
  return async (ctx: AppContext, asked: number, place: LogPlace, tables: string | null = null) => {
    const head = place.head?.position ?? 0;
    // A position far beyond the log's head was never written: waiting for it would only hold the request.
    // (The head is the last event in commit order; concurrent appends can leave a real position a little
    // above it, hence the margin.)
    const beyond = asked > head + HEAD_MARGIN;
    const explicit = beyond ? 0 : asked;
    if (beyond) ctx.set('x-min-position-reached', 'false');
    if (explicit > 0 || head > 0) {
      const deadline = Date.now() + (explicit > 0 ? WAIT_LIMIT_MS : IMPLICIT_WAIT_LIMIT_MS);
      const reachedBy = (at: Checkpoint | null) =>
        at !== null && reached(at, place, { event: explicit > 0, head: head > 0 });
      // The checkpoint the projector's wake-ups carry, when they can be trusted: then no read of it. The last
      // one heard counts too (its batch may have committed between the write's answer and this read).
      const announced = deps.checkpointAnnounced && deps.projected ? deps.projected : null;
      const lastHeard = announcedCheckpoint(announced?.latest());
      let at = lastHeard ? checkpoint.offer(lastHeard) : checkpoint.known();
      let done = reachedBy(at);
      let heard: Checkpoint | null = null;
      // While the wake-ups are heard (one was, on the connection listening now), the batch that reaches the
      // targets announces itself: wait for it rather than read the checkpoint first. A wake-up that does not
      // come within POLL_MS is made up for by a read, as when none is heard at all.
      let waitFirst = lastHeard !== null;
      while (!done) {
        if (heard) at = checkpoint.offer(heard);
        else if (!waitFirst) at = await checkpoint.read();
        waitFirst = false;
        done = reachedBy(at);
        if (done || Date.now() > deadline) break;
        const payload = await (deps.projected?.next(POLL_MS) ??
          new Promise<undefined>((resolve) => setTimeout(resolve, POLL_MS)));
        heard = deps.checkpointAnnounced ? announcedCheckpoint(payload) : null;
      }
      ctx.set('x-min-position-reached', String(done && !beyond));
      if (tables !== null && done && at) ctx.state.readsAt = { checkpoint: at, tables };
    }
  };
}
