import { createHmac } from 'node:crypto';
import pg from 'pg';
import type { Logger } from '../logger.ts';
import { canConnect } from './can-connect.ts';

/** The role the services connect as (created by migration 1700000006020_app-role.sql). */
export const APP_ROLE = 'order_tracker_app';

/**
 * The services' connection: `APP_DATABASE_URL` when given, else the owner's URL with the app role as user
 * and a password derived from the owner's (so nothing new needs configuring, and every start agrees).
 */
export function appDatabaseUrl(ownerUrl: string, explicit?: string): string {
  if (explicit) return explicit;
  const url = new URL(ownerUrl);
  const secret = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  url.username = APP_ROLE;
  url.password = createHmac('sha256', secret).update(APP_ROLE).digest('hex');
  return url.toString();
}

/**
 * Makes sure the app role can sign in with the password in `appUrl` (setting it as the owner when not),
 * and answers the URL the services should use: `appUrl`, or the owner's when the role cannot be used
 * (the owner may not create roles), which is logged.
 */
export async function prepareAppRole(ownerUrl: string, appUrl: string, logger: Logger): Promise<string> {
  if (await canConnect(appUrl)) return appUrl;
  const owner = new pg.Client({ connectionString: ownerUrl });
  owner.on('error', () => {});
  try {
    await owner.connect();
    const { rows } = await owner.query('select 1 from pg_roles where rolname = $1', [APP_ROLE]);
    if (rows.length > 0) {
      const password = decodeURIComponent(new URL(appUrl).password);
      await owner.query(`alter role ${APP_ROLE} login password ${owner.escapeLiteral(password)}`);
    }
  } catch (error) {
    logger.warn({ err: error }, `could not set the password of ${APP_ROLE}`);
  } finally {
    await owner.end().catch(() => {});
  }
  if (await canConnect(appUrl)) return appUrl;
  logger.warn(`the services connect as the database owner: ${APP_ROLE} cannot sign in (see README, least privilege)`);
  return ownerUrl;
}
