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

test('CSS escapes and comments cannot smuggle an import, a url() or script past the checks', () => {
  const smuggled = [
    'body{background:u\\72l(http://127.0.0.1/x)}',
    'b{background-image:u\\rl(http://127.0.0.1/z)}',
    '@\\69mport url(http://127.0.0.1/y);',
    '@im\\port "http://127.0.0.1/y.css";',
    'i{background:image-set("http://127.0.0.1/i" 1x)}',
    'i{background:-webkit-image-set("http://127.0.0.1/i" 1x)}',
    'e{width:expr/**/ession(alert(1));color:red}',
    'e{width:\\65xpression(alert(1))}',
    'm{-moz-binding:url(x.xml#y);color:blue}',
  ];
  for (const css of smuggled) {
    const clean = cleanCss(css);
    assert.not.match(clean, /127\.0\.0\.1|@import|expression|binding|alert/i, `${css} -> ${clean}`);
  }
});

test('no < comes out of CSS, so a style element cannot be closed from inside (not even by escapes)', () => {
  for (const css of ['</style><script>alert(1)</script>', '\\3c /style>\\3c script>alert(1)\\3c /script>']) {
    const html = sanitiseDocument(`<html><head><style>${css}</style></head><body><p>x</p></body></html>`);
    assert.not.match(html, /<\/?script/i, html);
  }
});

test("a Google Docs export's escaped list bullets and quoted fonts survive", () => {
  assert.is(
    cleanCss('.lst-kix_list_1-0>li:before{content:"\\0025cf  "} .q{content:"\\""} .f{font-family:"Arial"}'),
    '.lst-kix_list_1-0>li:before{content:"\u25cf "} .q{content:"\\""} .f{font-family:"Arial"}',
  );
});

test.run();
