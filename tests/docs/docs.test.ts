import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { repoRoot } from '@ot/infra/repo-root.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

// The documentation a newcomer reads: short enough to read in minutes, and every link lands somewhere.
const README_MAX_LINES = 200;
const SENTENCE_MAX_WORDS = 40;
const PARAGRAPH_MAX_WORDS = 120;

const docsDir = join(repoRoot, 'docs');
const files = [
  join(repoRoot, 'README.md'),
  join(repoRoot, 'ARCHITECTURE.md'),
  ...readdirSync(docsDir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => join(docsDir, name)),
];
const name = (file: string) => relative(repoRoot, file);
const read = (file: string) => readFileSync(file, 'utf8');

/** The lines outside fenced code blocks, with their 1-based numbers. */
function linesOutsideCode(text: string): { line: string; number: number }[] {
  const kept: { line: string; number: number }[] = [];
  let fenced = false;
  text.split('\n').forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    else if (!fenced) kept.push({ line, number: index + 1 });
  });
  return kept;
}

/** Running prose: headings, tables, HTML and code are left out; each list item is a paragraph of its own. */
function paragraphs(text: string): { text: string; line: number }[] {
  const found: { text: string; line: number }[] = [];
  let current: string[] = [];
  let start = 0;
  const end = () => {
    if (current.length) found.push({ text: current.join(' '), line: start });
    current = [];
  };
  for (const { line, number } of linesOutsideCode(text)) {
    const trimmed = line.trim();
    const skipped = trimmed === '' || /^(#|\||<|>\s*\[!)/.test(trimmed);
    if (skipped || /^([-*+]|\d+\.)\s/.test(trimmed)) end();
    if (skipped) continue;
    if (!current.length) start = number;
    current.push(trimmed);
  }
  end();
  return found;
}

// Inside inline code, spaces and full stops are swapped for look-alikes that neither split words nor end sentences.
const JOINER = '\u2060';
const DOT = '\u2024';
const shown = (text: string) => text.replaceAll(JOINER, ' ').replaceAll(DOT, '.');

/** Each inline code span counts as one word and a link as its text, as a reader takes them in. */
function plain(text: string): string {
  return text
    .replace(/`[^`]*`/g, (code) => code.replace(/\s+/g, JOINER).replace(/[.!?]/g, DOT))
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^([-*+]|\d+\.)\s+/, '');
}

const words = (text: string) => text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));

/** Sentences end at . ! or ? before a space; "e.g." and "i.e." do not end one. */
function sentences(text: string): string[] {
  return plain(text)
    .replace(/\b(e\.g|i\.e|etc|vs)\./g, '$1')
    .split(/(?<=[.!?])\s+/);
}

/** Relative link and image targets of a Markdown file (web addresses and mail links are not ours to check). */
function relativeTargets(text: string): string[] {
  const prose = linesOutsideCode(text)
    .map(({ line }) => line.replace(/`[^`]*`/g, ''))
    .join('\n');
  const targets = [...prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] ?? '');
  targets.push(...[...prose.matchAll(/<img\s[^>]*src="([^"]+)"/g)].map((m) => m[1] ?? ''));
  return targets.filter((target) => !/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(target));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

const anchorsOf = (file: string) =>
  new Set(
    linesOutsideCode(read(file))
      .map(({ line }) => /^#{1,6}\s+(.*)$/.exec(line)?.[1])
      .filter((heading): heading is string => heading !== undefined)
      .map(anchorOf),
  );

test(`README.md has at most ${README_MAX_LINES} lines`, () => {
  const lines = read(join(repoRoot, 'README.md')).trimEnd().split('\n').length;
  assert.ok(
    lines <= README_MAX_LINES,
    `README.md has ${lines} lines (at most ${README_MAX_LINES}): move the detail into docs/<topic>.md and link it`,
  );
});

test('README.md names every npm script, one line each', () => {
  const readme = read(join(repoRoot, 'README.md'));
  const scripts = Object.keys((JSON.parse(read(join(repoRoot, 'package.json'))) as { scripts: object }).scripts);
  const command = (script: string) => (script === 'start' || script === 'test' ? `npm ${script}` : `npm run ${script}`);
  const missing = scripts.filter((script) => !new RegExp(`\`${command(script)}[\` ]`).test(readme));
  assert.ok(missing.length === 0, `README.md's commands lack a line for: ${missing.map(command).join(', ')}`);
});

test('every relative link and image in README.md, ARCHITECTURE.md and docs/*.md resolves', () => {
  const broken: string[] = [];
  for (const file of files) {
    for (const target of relativeTargets(read(file))) {
      const [path, anchor] = decodeURI(target).split('#');
      const resolved = path ? join(dirname(file), path) : file;
      if (!existsSync(resolved)) broken.push(`${name(file)}: ${target} (no file ${name(resolved)})`);
      else if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor))
        broken.push(`${name(file)}: ${target} (no heading #${anchor} in ${name(resolved)})`);
    }
  }
  assert.ok(broken.length === 0, `links that lead nowhere:\n${broken.join('\n')}`);
});

/** Every file in the repository, as a path from its root (build output, state and dependencies left out). */
function repoFiles(dir = repoRoot): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (['node_modules', 'dist', '.data', '.git', 'test-results'].includes(entry.name)) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? repoFiles(path) : [relative(repoRoot, path)];
  });
}

/**
 * Source paths the docs name in inline code, such as `infra/src/db/change-signal.ts` or `kept.ts`. Patterns
 * with placeholders (`<area>`, `*`), absolute paths and build output are not files to find.
 */
function namedPaths(text: string): string[] {
  const code = linesOutsideCode(text).flatMap(({ line }) => [...line.matchAll(/`([^`\s]+)`/g)].map((m) => m[1] ?? ''));
  return code
    .map((token) => token.replace(/:\d+$/, ''))
    .filter((token) => /\.(ts|tsx|mjs|html|sql|md|json)$/.test(token) && !/[<>*{}]|^(\/|dist\/|\.data\/)/.test(token));
}

// The worked example in adding-a-feature.md names the files its reader creates.
const CREATED_BY_THE_GUIDE = /assign-fitter/;

test('every source file the docs name in inline code exists', () => {
  const all = repoFiles();
  const exists = (path: string) => {
    const bare = path.replace(/^(\.\.?\/)+/, '');
    return existsSync(join(repoRoot, bare)) || all.some((file) => file === bare || file.endsWith(`/${bare}`));
  };
  const missing = files.flatMap((file) =>
    namedPaths(read(file))
      .filter((path) => !exists(path) && !(file.endsWith('adding-a-feature.md') && CREATED_BY_THE_GUIDE.test(path)))
      .map((path) => `${name(file)}: \`${path}\``),
  );
  assert.ok(
    missing.length === 0,
    `the docs name files that do not exist (renamed or removed?):\n${missing.join('\n')}`,
  );
});

test(`no sentence in the docs has more than ${SENTENCE_MAX_WORDS} words`, () => {
  const long: string[] = [];
  for (const file of files) {
    for (const paragraph of paragraphs(read(file))) {
      for (const sentence of sentences(paragraph.text)) {
        const count = words(sentence).length;
        if (count > SENTENCE_MAX_WORDS)
          long.push(`${name(file)}:${paragraph.line} (${count} words): ${shown(sentence).slice(0, 100)}...`);
      }
    }
  }
  assert.ok(long.length === 0, `split these sentences (at most ${SENTENCE_MAX_WORDS} words):\n${long.join('\n')}`);
});

test(`no paragraph in the docs has more than ${PARAGRAPH_MAX_WORDS} words`, () => {
  const long: string[] = [];
  for (const file of files) {
    for (const paragraph of paragraphs(read(file))) {
      const count = words(plain(paragraph.text)).length;
      if (count > PARAGRAPH_MAX_WORDS)
        long.push(`${name(file)}:${paragraph.line} (${count} words): ${paragraph.text.slice(0, 80)}...`);
    }
  }
  assert.ok(long.length === 0, `break these paragraphs up (at most ${PARAGRAPH_MAX_WORDS} words):\n${long.join('\n')}`);
});

test('the checks see prose: a long sentence is caught, code and tables are not prose', () => {
  const long = `${'word '.repeat(45).trim()}.`;
  const text = ['# Title', '', long, '', '```sh', long, '```', '', `| ${long} |`, '', '- short item.'].join('\n');
  const found = paragraphs(text).flatMap((paragraph) => sentences(paragraph.text));
  assert.equal(found.length, 2);
  assert.equal(words(found[0] ?? '').length, 45);
  assert.equal(relativeTargets('[a](docs/x.md) [b](https://example.com) `[c](nope.md)` ![i](img.png)'), [
    'docs/x.md',
    'img.png',
  ]);
  assert.equal(anchorOf('The path of a `query` (read)'), 'the-path-of-a-query-read');
  assert.equal(
    namedPaths('See `infra/src/db/pool.ts:12`, `docs/<topic>.md`, `dist/server/x.js`, `kept.ts` and `npm test`.'),
    ['infra/src/db/pool.ts', 'kept.ts'],
  );
});

test.run();
