import { uploadedDocumentUrl } from '@ot/contracts/documents/document-links.ts';

/** The spec sheet markup for an uploaded PDF: the PDF embedded, with a link when the browser cannot embed it. */
export function pdfEmbedHtml(id: string): string {
  const url = uploadedDocumentUrl(id);
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; object-src 'self'; frame-src 'self'; style-src 'unsafe-inline'; base-uri 'none'">`,
    '<style>html,body{margin:0;height:100%}object{display:block;width:100%;height:100%;border:0}</style>',
    '</head><body>',
    `<object data="${url}" type="application/pdf" title="Custom Fit Specification">`,
    `<p><a href="${url}" target="_blank" rel="noopener noreferrer">Open the custom fit specification (PDF)</a></p>`,
    '</object></body></html>',
  ].join('');
}
