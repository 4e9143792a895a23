import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isAllowedPushEndpoint, parsePushServiceOrigins } from './push-origins.ts';

const browsers = parsePushServiceOrigins(undefined);

test("the browsers' push services are allowed over https", () => {
  for (const endpoint of [
    'https://fcm.googleapis.com/fcm/send/abc:def',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://web.push.apple.com/QGZx',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
  ]) {
    assert.ok(isAllowedPushEndpoint(browsers, endpoint), endpoint);
  }
});

test('anything else is refused: other hosts, look-alikes, http, other ports, credentials, non-URLs', () => {
  for (const endpoint of [
    'https://attacker.example/push',
    'https://fcm.googleapis.com.attacker.example/x',
    'https://push.apple.com.evil.example/x',
    'https://evilpush.apple.com/x',
    'http://fcm.googleapis.com/fcm/send/x',
    'https://fcm.googleapis.com:8443/fcm/send/x',
    'https://user:pw@fcm.googleapis.com/fcm/send/x',
    'http://127.0.0.1:8080/push/1',
    'http://169.254.169.254/latest/meta-data',
    'not a url',
  ]) {
    assert.not.ok(isAllowedPushEndpoint(browsers, endpoint), endpoint);
  }
});

test('PUSH_SERVICE_ORIGINS adds origins, exactly as listed (a test or self-hosted service on http or loopback)', () => {
  const rules = parsePushServiceOrigins('http://127.0.0.1:4100, https://push.studio.example');
  assert.ok(isAllowedPushEndpoint(rules, 'http://127.0.0.1:4100/push/1'));
  assert.ok(isAllowedPushEndpoint(rules, 'https://push.studio.example/p/1'));
  assert.ok(isAllowedPushEndpoint(rules, 'https://fcm.googleapis.com/fcm/send/x'), 'the browsers stay allowed');
  assert.not.ok(isAllowedPushEndpoint(rules, 'http://127.0.0.1:4101/push/1'));
  assert.not.ok(isAllowedPushEndpoint(rules, 'https://other.studio.example/p/1'));
  assert.throws(() => parsePushServiceOrigins('ftp://push.example'), /PUSH_SERVICE_ORIGINS/);
  assert.throws(() => parsePushServiceOrigins('https://push.example/path'), /scheme:\/\/host/);
});

test.run();
