import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What the fake serves: one Google Doc (with hostile markup inside) and one shared Sheet. */
export const FAKE_DOC_ID = 'e2eDocument1234567890';
export const FAKE_SHEET_ID = 'e2eSheet12345678901234';
export const FAKE_DOC_TEXT = 'Driver: 10.5° loft, stiff shaft';
export const FAKE_SHEET_EMAILS = ['drive.one@example.com', 'drive.two@example.com'];

const DOC_HTML = `<html><head><style>.c1{font-weight:700}</style></head><body class="doc-content">
<p class="c1">${FAKE_DOC_TEXT}</p>
<script>window.parent.document.title = 'pwned';</script>
<img src="x" onerror="window.parent.document.title = 'pwned'">
<a href="javascript:window.parent.document.title = 'pwned'">click me</a>
<svg onload="window.parent.document.title = 'pwned'"></svg>
</body></html>`;

const SHEET_CSV = `\uFEFFFirst Name,Last Name,Email,Phone\r\nDrive,One,${FAKE_SHEET_EMAILS[0]},01234\r\nDrive,Two,${FAKE_SHEET_EMAILS[1]},\r\n`;

/**
 * Google Docs and Drive, played by a local https server (a third party we cannot reach from here):
 * a throwaway self-signed certificate for 127.0.0.1, which the app is told to trust (NODE_EXTRA_CA_CERTS).
 */
export async function startFakeGoogle(): Promise<{ origin: string; caFile: string; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'ot-fake-google-'));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    if (req.url === `/document/d/${FAKE_DOC_ID}/export?format=html`) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(DOC_HTML);
    } else if (req.url?.startsWith(`/spreadsheets/d/${FAKE_SHEET_ID}/export?format=csv`)) {
      res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
      res.end(SHEET_CSV);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    caFile: cert,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
