import { Invalid } from '@ot/contracts/errors/domain-errors.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkUpload, MAX_DOCUMENT_BYTES, type UploadForm } from './upload-document.ts';

const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
const form = (overrides: Partial<UploadForm> & { fileName?: string; bytes?: Buffer; truncated?: boolean } = {}) => ({
  orderNumber: 'EP-0001',
  extraFiles: false,
  file: {
    fileName: overrides.fileName ?? 'spec.pdf',
    size: (overrides.bytes ?? pdf).length,
    head: (overrides.bytes ?? pdf).subarray(0, 8),
    truncated: overrides.truncated ?? false,
  },
  ...overrides,
});

function refusal(input: UploadForm): Invalid {
  try {
    checkUpload(input);
  } catch (error) {
    assert.instance(error, Invalid);
    return error as Invalid;
  }
  throw new Error('expected a refusal');
}

test('a PDF with an order number is accepted as it is', () => {
  assert.equal(checkUpload(form()), { fileName: 'spec.pdf', size: pdf.length, orderNumber: 'EP-0001' });
});

test('a file renamed to .pdf that is not a PDF is refused by its content', () => {
  for (const bytes of [
    Buffer.from('<html><script>alert(1)</script>'),
    Buffer.from('PK\u0003\u0004zip'),
    Buffer.from(' %PDF-'),
  ]) {
    const error = refusal(form({ bytes }));
    assert.is(error.code, 'NOT_A_PDF');
    assert.match(error.message, /not a PDF/);
  }
});

test('a PDF under another name is refused too', () => {
  assert.is(refusal(form({ fileName: 'spec.html' })).code, 'NOT_A_PDF');
});

test('a file over 10 MB is refused', () => {
  assert.is(refusal(form({ truncated: true })).code, 'PAYLOAD_TOO_LARGE');
  assert.is(refusal(form({ bytes: Buffer.concat([pdf, Buffer.alloc(MAX_DOCUMENT_BYTES)]) })).code, 'PAYLOAD_TOO_LARGE');
});

test('a file name with a path in it is refused', () => {
  for (const fileName of [
    '../../etc/passwd.pdf',
    '..\\..\\boot.pdf',
    '/etc/spec.pdf',
    'a/b.pdf',
    'spec\u0000.pdf',
    '.hidden.pdf',
  ]) {
    const error = refusal(form({ fileName }));
    assert.is(error.code, 'INVALID_FILE_NAME', fileName);
    assert.is(error.message, 'Invalid file name');
  }
});

test('a missing order number or file is refused', () => {
  assert.is(refusal(form({ orderNumber: null })).message, 'Order number is required');
  assert.is(refusal(form({ orderNumber: '   ' })).message, 'Order number is required');
  assert.is(refusal({ orderNumber: 'EP-1', extraFiles: false, file: null }).message, 'A PDF file is required');
});

test('an order number with control characters in it is refused', () => {
  for (const orderNumber of ['EP\u00000001', 'EP-0001\r\nX', 'EP\u007f1']) {
    const error = refusal(form({ orderNumber }));
    assert.is(error.code, 'INVALID_ORDER_NUMBER', JSON.stringify(orderNumber));
    assert.is(error.message, 'Invalid order number');
  }
});

test.run();
