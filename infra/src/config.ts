import { isTimeZone } from '@ot/contracts/insights/studio-dates.ts';
import { z } from 'zod';

const intFrom = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      const parsed = Number(value);
      if (!Number.isInteger(parsed) || parsed < 0) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number, got "${value}"` });
        return z.NEVER;
      }
      return parsed;
    });

const optional = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const envSchema = z.object({
  PORT: intFrom(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: optional,
  /** A streaming replica of DATABASE_URL: the query service reads from it (writes stay on the primary). */
  READ_DATABASE_URL: optional,
  /** The services' connection (role order_tracker_app); unset: derived from DATABASE_URL. */
  APP_DATABASE_URL: optional,
  EVENT_STORE: z.enum(['postgres', 'eventstoredb']).default('postgres'),
  EVENTSTOREDB_URL: optional,
  ADMIN_USERNAME: optional,
  ADMIN_PASSWORD: optional,
  SESSION_SECRET: optional,
  /** Wraps every customer's data key (64 hex characters or base64 of 32 bytes); unset: `.data/master.key`, made on first start. */
  MASTER_KEY: optional,
  /** Where erasures are also recorded, by customer id (docs/privacy.md); unset: `.data/erasure-ledger.jsonl`. */
  ERASURE_LEDGER: optional,
  /** Customers whose last order activity is older than this many years are erased by `npm run privacy -- retention`. */
  RETENTION_YEARS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return undefined;
      const years = Number(value);
      if (!Number.isFinite(years) || years <= 0) {
        ctx.addIssue({ code: 'custom', message: `must be a positive number of years, got "${value}"` });
        return z.NEVER;
      }
      return years;
    }),
  SENDGRID_API_KEY: optional,
  SENDGRID_API_BASE_URL: optional,
  EMAIL_FROM: z.string().default('orders@example.com'),
  EMAIL_RETRY_BASE_MS: intFrom(60_000),
  EMAIL_SEND_TIMEOUT_MS: intFrom(10_000),
  STUDIO_NAME: z.string().default('Elite Performance Golf'),
  ORDER_NUMBER_PREFIX: z.string().max(20).default('EP-'),
  DEMO_DATA: optional,
  DOCUMENT_FETCH_ORIGINS: optional,
  /** Where an earlier version kept uploaded spec documents as files (moved into the database at start); unset: `.data/documents`. */
  DOCUMENT_STORE_DIR: optional,
  PUBLIC_URL: optional,
  /** Push services besides the browsers' own that subscriptions may name (comma-separated origins). */
  PUSH_SERVICE_ORIGINS: optional,
  /** The studio's VAPID key pair (base64url); unset: one made at first start and kept in the database. */
  VAPID_PUBLIC_KEY: optional,
  VAPID_PRIVATE_KEY: optional,
  PUSH_RETRY_BASE_MS: intFrom(2_000),
  PUSH_SEND_TIMEOUT_MS: intFrom(10_000),
  /** Origins besides the app's own whose pages may send writes (comma-separated). */
  ALLOWED_ORIGINS: optional,
  /** `1`: the gateway trusts X-Forwarded-For/-Proto from the proxy in front of it. */
  TRUST_PROXY: optional,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: intFrom(10),
  LOGIN_MAX_FAILURES_PER_CLIENT: intFrom(100),
  LOGIN_FAILURE_WINDOW_SECONDS: intFrom(15 * 60),
  /** `1`: a customer signing in from a browser without a device cookie for the account must enter an emailed code. */
  CUSTOMER_LOGIN_CODE: z
    .string()
    .optional()
    .transform((value) => value === '1' || value === 'true'),
  /** Sessions end after this long unused (idle) and this long after sign-in however busy (lifetime). */
  ADMIN_SESSION_IDLE_SECONDS: intFrom(30 * 60).pipe(z.number().min(60)),
  ADMIN_SESSION_LIFETIME_SECONDS: intFrom(12 * 60 * 60).pipe(z.number().min(60)),
  CUSTOMER_SESSION_IDLE_SECONDS: intFrom(7 * 24 * 60 * 60).pipe(z.number().min(60)),
  CUSTOMER_SESSION_LIFETIME_SECONDS: intFrom(30 * 24 * 60 * 60).pipe(z.number().min(60)),
  // Wiring between the processes of `npm start` (the launcher sets these; defaults suit a manual start).
  COMMAND_SERVICE_PORT: intFrom(3001),
  QUERY_SERVICE_PORT: intFrom(3002),
  /** Where the services listen: loopback, behind the gateway. */
  SERVICE_HOST: z.string().default('127.0.0.1'),
  /** How many command and query service processes `npm start` runs behind the gateway. */
  COMMAND_INSTANCES: intFrom(1).pipe(z.number().min(1).max(16)),
  QUERY_INSTANCES: intFrom(1).pipe(z.number().min(1).max(16)),
  /** One URL, or several separated by commas (the gateway takes turns). */
  COMMAND_SERVICE_URL: z.string().default('http://127.0.0.1:3001'),
  QUERY_SERVICE_URL: z.string().default('http://127.0.0.1:3002'),
  /** The built PWA the gateway serves; unset: `pwa/dist`. */
  STATIC_DIR: optional,
  /** 0: no health server. */
  PROJECTOR_HEALTH_PORT: intFrom(0),
  NOTIFIER_HEALTH_PORT: intFrom(0),
  /** The studio's own calendar: "today", days in a stage and predicted dates are counted in it. */
  STUDIO_TIME_ZONE: z
    .string()
    .default('Europe/London')
    .refine(isTimeZone, { message: 'must be an IANA time zone such as Europe/London' }),
  /** An open item with no change for this many days is flagged stuck. */
  STUCK_AFTER_DAYS: intFrom(14).pipe(z.number().min(1)),
  /** "Taking longer than usual" emails: sent by staff (manual), once per item when it first trends late (auto), or never. */
  DELAY_NOTICES: z.enum(['manual', 'auto', 'off']).default('manual'),
  /** Where the daily digest of the attention list goes (comma-separated); unset: no digest. */
  DIGEST_EMAILS: optional,
  /** The studio-local hour (0-23) the digest is sent in. */
  DIGEST_HOUR: intFrom(7).pipe(z.number().max(23)),
  /** Set by the launcher: the child ends when the launcher is gone. */
  OT_LAUNCHED: z
    .string()
    .optional()
    .transform((value) => value === '1'),
  /** The process name, shown as the Postgres application_name. */
  OT_PROCESS_NAME: z.string().default('order-tracker'),
});

export type Config = z.infer<typeof envSchema>;

/** The only reader of the environment: each `main.ts` calls it once and hands the Config on. Nothing is required. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return result.data;
}
