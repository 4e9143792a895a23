import type pg from 'pg';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const isLocalHost = (host: string) =>
  host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '[::1]' || host === '0.0.0.0';

/**
 * Who push services may contact about our messages (RFC 8292's `sub`): the studio's PUBLIC_URL, or a
 * mailto: of EMAIL_FROM. Never a localhost address: Apple refuses a token naming one.
 */
export function vapidSubject(config: { PUBLIC_URL?: string | undefined; EMAIL_FROM: string }): string {
  if (config.PUBLIC_URL) {
    const url = new URL(config.PUBLIC_URL);
    if (url.protocol === 'https:' && !isLocalHost(url.hostname)) return url.origin;
  }
  const domain = config.EMAIL_FROM.split('@').pop() ?? '';
  if (config.EMAIL_FROM.includes('@') && !isLocalHost(domain.toLowerCase())) return `mailto:${config.EMAIL_FROM}`;
  throw new Error('Push needs a VAPID subject: set PUBLIC_URL to an https address or EMAIL_FROM to a real mailbox');
}

/**
 * The studio's VAPID key pair: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set, else the pair kept in the
 * database, made by whichever process asks first (the others read the same row).
 */
export async function loadVapidKeys(
  pool: pg.Pool,
  config: { VAPID_PUBLIC_KEY?: string | undefined; VAPID_PRIVATE_KEY?: string | undefined },
): Promise<VapidKeys> {
  if (config.VAPID_PUBLIC_KEY || config.VAPID_PRIVATE_KEY) {
    if (!config.VAPID_PUBLIC_KEY || !config.VAPID_PRIVATE_KEY) {
      throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
    }
    const keys = { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
    // web-push checks the keys' lengths and encoding; a typo is found at start, not at the first push.
    webpush.getVapidHeaders(
      'https://push.example',
      'mailto:check@example.com',
      keys.publicKey,
      keys.privateKey,
      'aes128gcm',
    );
    return keys;
  }
  const made = webpush.generateVAPIDKeys();
  await pool.query(
    'insert into push.vapid_keys (public_key, private_key) values ($1, $2) on conflict (id) do nothing',
    [made.publicKey, made.privateKey],
  );
  const { rows } = await pool.query<VapidKeys>(
    'select public_key as "publicKey", private_key as "privateKey" from push.vapid_keys',
  );
  if (!rows[0]) throw new Error('push.vapid_keys holds no key pair');
  return rows[0];
}

/** The public key alone, for the browser's `applicationServerKey`; null until the notifier has made the pair. */
export async function readVapidPublicKey(
  pool: pg.Pool,
  config: { VAPID_PUBLIC_KEY?: string | undefined },
): Promise<string | null> {
  if (config.VAPID_PUBLIC_KEY) return config.VAPID_PUBLIC_KEY;
  const { rows } = await pool.query<{ publicKey: string }>('select public_key as "publicKey" from push.vapid_keys');
  return rows[0]?.publicKey ?? null;
}
