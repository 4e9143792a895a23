import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { documentUrl } from '../orders/order-commands.ts';
import {
  driveCsvExportUrl,
  googleDocsHtmlExportUrl,
  googlePreviewUrl,
  isHttpsUrl,
  uploadedDocumentId,
} from './document-links.ts';

const ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz_-0123456789';

test('a Google Sheets share link becomes its CSV export, keeping the sheet', () => {
  assert.is(
    driveCsvExportUrl(`https://docs.google.com/spreadsheets/d/${ID}/edit?usp=sharing#gid=42`),
    `https://docs.google.com/spreadsheets/d/${ID}/export?format=csv&gid=42`,
  );
  assert.is(
    driveCsvExportUrl(`https://docs.google.com/spreadsheets/d/${ID}/edit`),
    `https://docs.google.com/spreadsheets/d/${ID}/export?format=csv`,
  );
});

test('a Drive file link (file/d, open?id, uc?id) becomes its download link', () => {
  const expected = `https://drive.google.com/uc?export=download&id=${ID}`;
  assert.is(driveCsvExportUrl(`https://drive.google.com/file/d/${ID}/view?usp=sharing`), expected);
  assert.is(driveCsvExportUrl(`https://drive.google.com/open?id=${ID}`), expected);
  assert.is(driveCsvExportUrl(`https://drive.google.com/uc?id=${ID}&export=download`), expected);
});

test('any other link is kept as a direct link, and nonsense is not a link', () => {
  assert.is(driveCsvExportUrl('https://example.com/customers.csv#x'), 'https://example.com/customers.csv');
  assert.is(driveCsvExportUrl('not a url'), null);
});

test('a Google Docs link becomes its HTML export; other links have none', () => {
  assert.is(
    googleDocsHtmlExportUrl(`https://docs.google.com/document/d/${ID}/edit?usp=sharing`),
    `https://docs.google.com/document/d/${ID}/export?format=html`,
  );
  assert.is(googleDocsHtmlExportUrl('https://example.com/spec.pdf'), null);
});

test('the fallback preview replaces the edit path with preview', () => {
  assert.is(
    googlePreviewUrl(`https://docs.google.com/document/d/${ID}/edit?usp=sharing`),
    `https://docs.google.com/document/d/${ID}/preview`,
  );
  assert.is(
    googlePreviewUrl(`https://drive.google.com/file/d/${ID}/view`),
    `https://drive.google.com/file/d/${ID}/preview`,
  );
});

test('uploaded document links carry a 32-character id and nothing else', () => {
  const id = 'a'.repeat(32);
  assert.is(uploadedDocumentId(`/api/documents/${id}`), id);
  assert.is(uploadedDocumentId('/api/documents/render?url=x'), null);
  assert.is(uploadedDocumentId(`/api/documents/../${id}`), null);
  assert.is(uploadedDocumentId(`https://x/api/documents/${id}`), null);
});

test('a document URL typed by an admin must be https, without credentials', () => {
  assert.ok(isHttpsUrl('https://docs.google.com/document/d/x/edit'));
  for (const bad of [
    'http://docs.google.com/x',
    'javascript:alert(1)',
    'https://user:pw@docs.google.com/',
    'https://',
    '//x',
  ]) {
    assert.not.ok(isHttpsUrl(bad), bad);
  }
  assert.ok(documentUrl.safeParse(`/api/documents/${'b'.repeat(32)}`).success);
  const refused = documentUrl.safeParse('javascript:alert(1)');
  assert.is(refused.success, false);
  assert.is(refused.error?.issues[0]?.message, 'Document URL must be an https URL');
});

test.run();
