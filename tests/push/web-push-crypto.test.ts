import { test } from 'uvu';
import * as assert from 'uvu/assert';
import webpush from 'web-push';
import { decryptPush, newDeviceKeys, verifyVapid } from '../support/web-push-crypto.ts';

// The stand-in's checks must be able to fail: each is shown refusing what a real push service refuses.
const vapid = webpush.generateVAPIDKeys();
const origin = 'http://127.0.0.1:4100';
const header = (audience = origin, expiration?: number, keys = vapid) =>
  webpush.getVapidHeaders(
    audience,
    'mailto:orders@example.com',
    keys.publicKey,
    keys.privateKey,
    'aes128gcm',
    expiration,
  ).Authorization;

test("web-push's VAPID header verifies: ES256 over the claims, aud the push service's origin", () => {
  const claims = verifyVapid(header(), origin);
  assert.is(claims.aud, origin);
  assert.is(claims.sub, 'mailto:orders@example.com');
  assert.is(claims.key, vapid.publicKey);
});

test('a JWT for another origin, expired, expiring beyond 24 h, or signed by another key is refused', () => {
  assert.throws(() => verifyVapid(header('https://fcm.googleapis.com'), origin), /aud/);
  // web-push signs for 12 hours: read 13 hours later it has expired, read 13 hours earlier it is 25 hours away.
  const hours = (n: number) => Date.now() + n * 3600_000;
  assert.throws(() => verifyVapid(header(), origin, hours(13)), /expired/);
  assert.throws(() => verifyVapid(header(), origin, hours(-13)), /24 hours/);
  const otherKey = header().replace(/k=.*/, `k=${webpush.generateVAPIDKeys().publicKey}`);
  assert.throws(() => verifyVapid(otherKey, origin), /signature/);
  assert.throws(() => verifyVapid(undefined, origin), /vapid/);
});

test('an aes128gcm body from web-push decrypts with the device key, and with no other', () => {
  const device = newDeviceKeys();
  const subscription = { endpoint: `${origin}/push/1`, keys: { p256dh: device.p256dh, auth: device.authText } };
  const { body } = webpush.generateRequestDetails(subscription, '{"hello":"é"}', { contentEncoding: 'aes128gcm' });
  assert.is(decryptPush(body as Buffer, device), '{"hello":"é"}');
  assert.throws(() => decryptPush(body as Buffer, newDeviceKeys()));
});

test.run();
