import { z } from 'zod';

/** Ids of uploaded documents: 32 url-safe characters (192 random bits), so they cannot be guessed. */
export const DOCUMENT_ID = /^[A-Za-z0-9_-]{32}$/;
export const DOCUMENTS_PATH = '/api/documents/';

/** `/api/documents/<id>` -> the id, for documents uploaded to this studio; anything else -> null. */
export function uploadedDocumentId(url: string): string | null {
  if (!url.startsWith(DOCUMENTS_PATH)) return null;
  const id = url.slice(DOCUMENTS_PATH.length);
  return DOCUMENT_ID.test(id) ? id : null;
}

export const uploadedDocumentUrl = (id: string): string => `${DOCUMENTS_PATH}${id}`;

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

const GOOGLE_ID = '([A-Za-z0-9_-]{10,200})';

/**
 * A Google Docs document (`/document/d/<id>/...`) -> its HTML export. Recognised by path, so a
 * document server standing in for Google (tests, on-premise mirrors) works the same way.
 */
export function googleDocsHtmlExportUrl(value: string): string | null {
  const url = parseUrl(value);
  const match = url && new RegExp(`^/document/d/${GOOGLE_ID}(?:/|$)`).exec(url.pathname);
  if (!url || !match) return null;
  return `${url.origin}/document/d/${match[1]}/export?format=html`;
}

/**
 * A Google Drive share link -> the link that downloads it as CSV: a Sheets document exports its
 * sheet (`gid`) as CSV; a file in Drive (`/file/d/<id>`, `open?id=`, `uc?id=`) downloads as is.
 * Other https links are taken to be direct CSV links already.
 */
export function driveCsvExportUrl(value: string): string | null {
  const url = parseUrl(value);
  if (!url) return null;
  const sheet = new RegExp(`^/spreadsheets/d/${GOOGLE_ID}(?:/|$)`).exec(url.pathname);
  if (sheet) {
    const gid = /(?:^|[#&?])gid=(\d{1,12})/.exec(`${url.search}${url.hash}`)?.[1];
    return `${url.origin}/spreadsheets/d/${sheet[1]}/export?format=csv${gid ? `&gid=${gid}` : ''}`;
  }
  const file = new RegExp(`^/file/d/${GOOGLE_ID}(?:/|$)`).exec(url.pathname)?.[1];
  const queryId = /^\/(?:open|uc)$/.test(url.pathname) ? url.searchParams.get('id') : null;
  const id = file ?? (queryId && new RegExp(`^${GOOGLE_ID}$`).test(queryId) ? queryId : null);
  if (id) return `${url.origin}/uc?export=download&id=${id}`;
  url.hash = '';
  return url.toString();
}

/** The fallback embed for a document we cannot render: a Google document's edit link with its edit path replaced by preview. */
export const googlePreviewUrl = (value: string): string => value.replace(/\/(?:edit|view)(?:[?#].*)?$/, '/preview');

const GOOGLE_EMBED_HOSTS = new Set(['docs.google.com', 'drive.google.com']);

/** The fallback embed is offered only for Google's own document hosts over https. */
export function googleFallbackPreviewUrl(value: string): string | null {
  const url = parseUrl(value);
  if (url?.protocol !== 'https:' || !GOOGLE_EMBED_HOSTS.has(url.hostname)) return null;
  return googlePreviewUrl(url.toString());
}

/** What an admin may type as a document link: https, a host, and no credentials in it. */
export function isHttpsUrl(value: string): boolean {
  const url = parseUrl(value);
  return url !== null && url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password;
}

export const googleDriveImportSchema = z.object({
  googleDriveUrl: z
    .string({ error: 'Google Drive URL is required' })
    .trim()
    .min(1, 'Google Drive URL is required')
    .max(2000, 'Google Drive URL is too long'),
});
