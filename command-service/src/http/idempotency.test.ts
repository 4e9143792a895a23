import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { requestFingerprint } from './idempotency.ts';

/** What the idempotency store compares: a key reused for another request is a 422, the same one replays. */
const path = '/api/admin/orders/EP-0001/status';

test('the same body with its keys in another order is the same request', () => {
  const one = requestFingerprint('PATCH', path, {
    json: { trackingNumber: 'PF-1', address: { city: 'Fife', zip: 'KY' } },
  });
  const two = requestFingerprint('PATCH', path, {
    json: { address: { zip: 'KY', city: 'Fife' }, trackingNumber: 'PF-1' },
  });
  assert.is(one, two);
});

test('another value, field, method or path is another request', () => {
  const first = requestFingerprint('PATCH', path, { json: { trackingNumber: 'PF-1' } });
  assert.is.not(requestFingerprint('PATCH', path, { json: { trackingNumber: 'PF-2' } }), first);
  assert.is.not(requestFingerprint('PATCH', path, { json: { trackingNumber: 'PF-1', fitterNotes: '' } }), first);
  assert.is.not(requestFingerprint('POST', path, { json: { trackingNumber: 'PF-1' } }), first);
  assert.is.not(
    requestFingerprint('PATCH', '/api/admin/orders/EP-0002/status', { json: { trackingNumber: 'PF-1' } }),
    first,
  );
  // An array's order is meaningful (items), unlike an object's keys.
  assert.is.not(
    requestFingerprint('PATCH', path, { json: [1, 2] }),
    requestFingerprint('PATCH', path, { json: [2, 1] }),
  );
});

test('an upload is known by its media type only: the form built again with a new boundary is the same request', () => {
  const upload = '/api/admin/orders/EP-0001/document';
  assert.is(
    requestFingerprint('POST', upload, { mediaType: 'multipart/form-data' }),
    requestFingerprint('POST', upload, { mediaType: 'multipart/form-data' }),
  );
  assert.is.not(
    requestFingerprint('POST', upload, { mediaType: 'multipart/form-data' }),
    requestFingerprint('POST', upload, { json: {} }),
  );
});

test.run();
