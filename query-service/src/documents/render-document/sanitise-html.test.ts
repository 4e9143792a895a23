import { JSDOM } from 'jsdom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanCss, DOCUMENT_CSP, sanitiseDocument } from './sanitise-html.ts';
import { xssCorpus } from './xss-corpus.ts';

const FORBIDDEN_ELEMENTS = new Set([
  'script',
  'iframe',
  'object',
  'embed',
  'form',
  'input',
  'button',
  'textarea',
  'base',
  'link',
  'svg',
  'math',
  'template',
  'noscript',
  'video',
  'audio',
]);
const DANGEROUS_URL = /^\s*(?:javascript|vbscript|data:text)/i;

/** Parse the output as a browser would and list whatever could run or load something. */
function hazards(html: string): string[] {
  const document = new JSDOM(html).window.document;
  const found: string[] = [];
  for (const element of document.querySelectorAll('*')) {
    const tag = element.tagName.toLowerCase();
    if (FORBIDDEN_ELEMENTS.has(tag)) found.push(`<${tag}>`);
    const ours = element.hasAttribute('charset') || element.getAttribute('http-equiv') === 'Content-Security-Policy';
    if (tag === 'meta' && !ours) found.push('<meta>');
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on')) found.push(`${tag}[${name}]`);
      if (['href', 'src', 'xlink:href', 'action', 'formaction', 'srcset', 'data'].includes(name)) {
        if (DANGEROUS_URL.test(attribute.value)) found.push(`${tag}[${name}=${attribute.value}]`);
      }
      if (name === 'style' && /url\(\s*['"]?(?!https:|data:image)|expression|binding/i.test(attribute.value)) {
        found.push(`${tag}[style=${attribute.value}]`);
      }
      if (name === 'target' && attribute.value !== '_blank') found.push(`${tag}[target=${attribute.value}]`);
    }
  }
  for (const style of document.querySelectorAll('style')) {
    if (/@import|javascript:|expression\(/i.test(style.textContent ?? '')) found.push(`style: ${style.textContent}`);
  }
  return found;
}

for (const payload of xssCorpus) {
  test(`hostile HTML comes out harmless: ${payload.slice(0, 60)}`, () => {
    const html = sanitiseDocument(`<html><head><title>x</title></head><body>${payload}</body></html>`);
    assert.equal(hazards(html), [], html);
  });
}

test('the whole corpus in one document also comes out harmless', () => {
  assert.equal(hazards(sanitiseDocument(xssCorpus.join('\n'))), []);
});

test('a Google Docs export keeps its text, classes, inline styles, tables and https images', () => {
  const html = sanitiseDocument(
    '<html><head><meta content="text/html; charset=UTF-8" http-equiv="content-type"><style type="text/css">.c1{font-weight:700}.c2{color:#333}</style></head>' +
      '<body class="c5 doc-content" style="max-width:468pt"><p class="c2"><span class="c1">Driver: 10.5°</span></p>' +
      '<table><tr><td style="border:1px solid #000">Shaft</td></tr></table>' +
      '<img src="https://lh7-us.googleusercontent.com/x.png" alt="spec"><a href="https://www.google.com/url?q=x">link</a></body></html>',
  );
  assert.match(html, /\.c1\{font-weight:700\}/);
  assert.match(html, /<body class="c5 doc-content" style="max-width:468pt">/);
  assert.match(html, /<span class="c1">Driver: 10\.5°<\/span>/);
  assert.match(html, /<td style="border:1px solid #000">Shaft<\/td>/);
  assert.match(html, /<img src="https:\/\/lh7-us\.googleusercontent\.com\/x\.png" alt="spec">/);
  assert.match(html, /<a href="https:\/\/www\.google\.com\/url\?q=x" target="_blank" rel="noopener noreferrer">/);
  assert.ok(html.includes(`content="${DOCUMENT_CSP}"`));
});

test('CSS loses imports and every url() that is not https or an inline image', () => {
  assert.is(
    cleanCss('@import "x.css"; a{background:url(http://evil.test/x)} b{background:url("data:image/png;base64,AA")}'),
    ' a{background:none} b{background:url("data:image/png;base64,AA")}',
  );
});

test.run();
