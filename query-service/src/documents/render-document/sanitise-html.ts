import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

/**
 * Hostile HTML -> HTML a browser can show without running anything: DOMPurify (in jsdom, which
 * loads no resources and runs no scripts) with the HTML profile only (no SVG or MathML), no forms,
 * frames, embeds or meta tags, links and images limited to safe schemes, and CSS that cannot load
 * anything but https and inline images.
 */
const purify = createDOMPurify(new JSDOM('').window);

const FORBID_TAGS = [
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'base',
  'link',
  'meta',
  'video',
  'audio',
  'source',
  'track',
  'canvas',
  'template',
  'dialog',
  'noscript',
  'title',
];
const FORBID_ATTR = ['srcset', 'action', 'formaction', 'ping', 'background', 'poster', 'xmlns', 'target'];

const SAFE_LINK = /^(?:https?:|mailto:|#)/i;
const SAFE_IMAGE = /^(?:https:|data:image\/(?:png|jpe?g|gif|webp);base64,)/i;

/**
 * CSS escapes (`u\\72l(`, `@im\\port`) and comments written out, so the checks below see what a browser
 * reads. An escaped quote or backslash stays escaped, so strings keep their ends.
 */
function plainCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '')
    .replace(/\\(?:([0-9a-f]{1,6})[ \t\r\n\f]?|([^\r\n\f0-9a-f]))/gi, (sequence, hex?: string, char?: string) => {
      const code = hex === undefined ? ((char ?? '').codePointAt(0) ?? 0) : Number.parseInt(hex, 16);
      if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\uFFFD';
      const plain = String.fromCodePoint(code);
      return plain === '"' || plain === "'" || plain === '\\' ? sequence : plain;
    });
}

/**
 * CSS with every way to load or run something removed (imports, foreign url()s, image-set(), old IE
 * hooks), whatever escapes or comments it is written with; a declaration with image-set() or one that
 * would run script goes whole.
 */
export function cleanCss(css: string): string {
  return (
    plainCss(css)
      .replace(/@import[^;]*;?/gi, '')
      .replace(/[^;{}]*(?:expression\s*\(|-moz-binding\s*:|behavior\s*:|image-set\s*\()[^;{}]*;?/gi, '')
      .replace(/url\s*\(\s*(['"]?)(.*?)\1\s*\)/gi, (whole, _quote, target: string) =>
        SAFE_IMAGE.test(target.trim()) ? whole : 'none',
      )
      // No `<` is needed in CSS (strings take the escape): none can end the style element or start a tag.
      .replaceAll('<', '\\3c ')
  );
}

purify.addHook('afterSanitizeAttributes', (node) => {
  const element = node as Element;
  if (element.hasAttribute('style')) element.setAttribute('style', cleanCss(element.getAttribute('style') ?? ''));
  if (element.tagName === 'A') {
    const href = element.getAttribute('href');
    if (href !== null && !SAFE_LINK.test(href.trim())) element.removeAttribute('href');
    element.setAttribute('target', '_blank');
    element.setAttribute('rel', 'noopener noreferrer');
  }
  if (element.tagName === 'IMG') {
    const src = element.getAttribute('src');
    if (src !== null && !SAFE_IMAGE.test(src.trim())) element.removeAttribute('src');
  }
});

export const DOCUMENT_CSP =
  "default-src 'none'; img-src https: data:; style-src 'unsafe-inline'; font-src https: data:; base-uri 'none'; form-action 'none'";

/** A whole document, sanitised, as one self-contained page with its own Content-Security-Policy. */
export function sanitiseDocument(html: string): string {
  const document = purify.sanitize(html, {
    WHOLE_DOCUMENT: true,
    RETURN_DOM: true,
    USE_PROFILES: { html: true },
    FORBID_TAGS,
    FORBID_ATTR,
    ALLOW_DATA_ATTR: false,
    // The DOM API (not the markup) adds target/rel above, after this check.
    ADD_ATTR: [],
  }) as unknown as HTMLElement;
  const root = document.ownerDocument;
  const styles = [...root.querySelectorAll('style')].map((style) => cleanCss(style.textContent ?? ''));
  for (const style of root.querySelectorAll('style')) style.remove();
  const body = root.body;
  const bodyClass = (body?.getAttribute('class') ?? '').replace(/[^\w -]/g, '');
  const bodyStyle = cleanCss(body?.getAttribute('style') ?? '')
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;');
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${DOCUMENT_CSP}">`,
    `<style>${styles.join('\n')}</style>`,
    `</head><body class="${bodyClass}" style="${bodyStyle}">`,
    body?.innerHTML ?? '',
    '</body></html>',
  ].join('');
}
