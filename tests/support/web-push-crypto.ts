import { createDecipheriv, createECDH, createPublicKey, type ECDH, hkdfSync, randomBytes, verify } from 'node:crypto';

/**
 * The receiving side of Web Push, written from the RFCs (not from the library that sends), so a test
 * proves what the sender puts on the wire: RFC 8291 message encryption (aes128gcm, RFC 8188) and
 * RFC 8292 VAPID.
 */

/** A browser's side of a subscription: its ECDH key pair and auth secret. */
export interface DeviceKeys {
  ecdh: ECDH;
  auth: Buffer;
  /** As PushSubscription.toJSON() gives them. */
  p256dh: string;
  authText: string;
}

export function newDeviceKeys(): DeviceKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, p256dh: ecdh.getPublicKey('base64url'), authText: auth.toString('base64url') };
}

/** Decrypt an aes128gcm push body (RFC 8291 section 3.4, RFC 8188 section 2) for this device. */
export function decryptPush(body: Buffer, device: DeviceKeys): string {
  if (body.length < 21 + 65 + 17) throw new Error('body too short for an aes128gcm header and one record');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20] ?? 0;
  if (keyIdLength !== 65) throw new Error(`keyid must be the sender's 65-byte public key, not ${keyIdLength} bytes`);
  const senderPublic = body.subarray(21, 21 + keyIdLength);
  const records = body.subarray(21 + keyIdLength);
  if (records.length > recordSize) throw new Error('a push message must be one record');

  const ecdhSecret = device.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the last record must end with the 0x02 padding delimiter');
  return padded.subarray(0, end).toString('utf8');
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/**
 * Check `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292): an ES256 JWT signed by `k`, for this push
 * service's origin, expiring within 24 hours. Throws with the reason a push service would give.
 */
export function verifyVapid(
  authorization: string | undefined,
  origin: string,
  now = Date.now(),
): VapidClaims & { key: string } {
  const match = /^vapid\s+t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`Authorization is not "vapid t=..., k=...": ${authorization ?? '(none)'}`);
  const [, token = '', key = ''] = match;
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) throw new Error('t is not a JWT');
  const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string };
  if (head.alg !== 'ES256') throw new Error(`JWT alg must be ES256, not ${head.alg}`);
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k must be an uncompressed P-256 public key');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = Buffer.from(`${header}.${payload}`);
  const ok = verify(
    'sha256',
    signed,
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('the JWT signature does not match k');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as VapidClaims;
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not this push service's origin ${origin}`);
  const seconds = Math.floor(now / 1000);
  if (!(claims.exp > seconds)) throw new Error('the JWT has expired');
  if (claims.exp > seconds + 24 * 60 * 60) throw new Error('exp is more than 24 hours away');
  if (!/^(mailto:|https:)/.test(claims.sub ?? ''))
    throw new Error(`sub must be a mailto: or https: URI, not ${claims.sub}`);
  return { ...claims, key };
}
