import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { repoRoot } from '@ot/infra/repo-root.ts';
import type { Node, SourceFile } from 'typescript/unstable/ast';
import * as is from 'typescript/unstable/ast/is';
import { forEachLeadingCommentRange } from 'typescript/unstable/ast/scanner';
import { API } from 'typescript/unstable/sync';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

// Small files and short functions are what let a newcomer read a module in one sitting. A function's
// nested functions count within it, so a factory stays short by delegating to named top-level functions.
const FILE_MAX_LINES = 300;
const FUNCTION_MAX_LINES = 80;

const PRODUCTION_ROOTS = [
  'contracts',
  'infra',
  'command-service',
  'query-service',
  'projector',
  'pwa/src',
  'pwa/scripts',
  'scripts',
];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.data', 'tests', 'e2e', 'bench', 'testing', 'test-results']);
const SOURCE = /\.(ts|tsx|mjs)$/;

/** Every file under `dir` whose name matches, skipping build output and (unless asked) test folders. */
function walk(dir: string, name: RegExp, skip: Set<string>): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skip.has(entry.name) && !entry.name.startsWith('.')) found.push(...walk(path, name, skip));
    } else if (name.test(entry.name)) found.push(path);
  }
  return found;
}

const productionFiles = () =>
  PRODUCTION_ROOTS.flatMap((root) => walk(join(repoRoot, root), SOURCE, SKIPPED_FOLDERS))
    .filter((file) => !/\.test\.tsx?$/.test(file))
    .sort();

const lineCount = (text: string) => text.replace(/\n$/, '').split('\n').length;

/**
 * Parses files with the TypeScript compiler (its native API, run as one child process): a throwaway
 * project lists exactly these files and resolves no imports, so each parse is of that file alone.
 */
function parseAll(files: string[]): Map<string, SourceFile> {
  const dir = mkdtempSync(join(tmpdir(), 'sizes-'));
  const config = join(dir, 'tsconfig.json');
  const compilerOptions = { allowJs: true, noResolve: true, noEmit: true, jsx: 'preserve', types: [] };
  writeFileSync(config, JSON.stringify({ compilerOptions, files }));
  const api = new API({ cwd: repoRoot });
  try {
    const program = api.updateSnapshot({ openProject: config }).getProject(config)?.program;
    const parsed = new Map<string, SourceFile>();
    for (const file of files) {
      const source = program?.getSourceFile(file);
      if (!source) throw new Error(`the compiler did not parse ${file}`);
      parsed.set(file, source);
    }
    return parsed;
  } finally {
    api.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const isFunction = (node: Node) =>
  is.isFunctionDeclaration(node) ||
  is.isFunctionExpression(node) ||
  is.isArrowFunction(node) ||
  is.isMethodDeclaration(node) ||
  is.isConstructorDeclaration(node) ||
  is.isGetAccessorDeclaration(node) ||
  is.isSetAccessorDeclaration(node);

/** The name a reader would search for: the declaration's own, or the variable or property it is assigned to. */
function functionName(node: Node, source: SourceFile): string {
  const text = (part: Node) => source.text.slice(part.getStart(source), part.end);
  if (is.isConstructorDeclaration(node)) return 'constructor';
  const own = (node as { name?: Node }).name;
  if (own) return text(own);
  const parent = node.parent;
  if (parent && (is.isVariableDeclaration(parent) || is.isPropertyAssignment(parent))) return text(parent.name);
  if (parent && is.isCallExpression(parent)) return `(callback of ${text(parent.expression).slice(0, 40)})`;
  return '(anonymous)';
}

interface LongFunction {
  name: string;
  line: number;
  lines: number;
}

/** Functions longer than `max` lines, outermost first; nested ones are counted inside their parent, not again. */
function longFunctions(source: SourceFile, max: number): LongFunction[] {
  const long: LongFunction[] = [];
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line;
  const visit = (node: Node): undefined => {
    if (isFunction(node)) {
      const start = lineOf(node.getStart(source));
      const lines = lineOf(node.end) - start + 1;
      if (lines > max) {
        long.push({ name: functionName(node, source), line: start + 1, lines });
        return;
      }
    }
    node.forEachChild(visit);
  };
  source.forEachChild(visit);
  return long;
}

const name = (file: string) => relative(repoRoot, file);

// The issues and the spec are not in the repository, so a comment citing them points nowhere: it states the rule instead.
const CITATION = /\bissues?\s+#?\d+|\bspec(ification)?\s+section\s+\d+|§\s*\d+/i;

/** Every comment of a parsed file, with the line it starts on: the trivia before and after each node. */
function comments(source: SourceFile): { text: string; line: number }[] {
  const found = new Map<number, { text: string; line: number }>();
  const collect = (position: number) =>
    forEachLeadingCommentRange(source.text, position, (pos, end) => {
      found.set(pos, { text: source.text.slice(pos, end), line: source.getLineAndCharacterOfPosition(pos).line + 1 });
    });
  const visit = (node: Node): undefined => {
    collect(node.pos);
    collect(node.end);
    // A JSX comment, `{/* ... */}`, is trivia inside braces that hold no expression.
    if (is.isJsxExpression(node) && !node.expression) {
      const start = node.getStart(source);
      found.set(start, {
        text: source.text.slice(start, node.end),
        line: source.getLineAndCharacterOfPosition(start).line + 1,
      });
    }
    node.forEachChild(visit);
  };
  collect(0);
  source.forEachChild(visit);
  return [...found.values()];
}

/** HTML has its own comments, and scripts inside it have theirs; a plain scan finds both. */
const htmlComments = (text: string) =>
  [...text.matchAll(/<!--[\s\S]*?-->|\/\/[^\n]*|\/\*[\s\S]*?\*\//g)].map((m) => ({
    text: m[0],
    line: lineCount(text.slice(0, (m.index ?? 0) + 1)),
  }));

const citations = (found: { text: string; line: number }[]) =>
  found.flatMap((comment) => {
    const match = CITATION.exec(comment.text);
    return match ? [{ line: comment.line, text: match[0] }] : [];
  });

const production = productionFiles();
const everySource = walk(
  repoRoot,
  /\.(ts|tsx|mjs)$/,
  new Set(['node_modules', 'dist', '.data', 'test-results', 'playwright-report']),
).sort();
const fixtures = mkdtempSync(join(tmpdir(), 'sizes-fixtures-'));
const fixture = (file: string, text: string) => {
  writeFileSync(join(fixtures, file), text);
  return join(fixtures, file);
};
const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
const fixtureFiles = [
  fixture(
    'factory.ts',
    `export function createThing() {\n  const inner = () => {\n${body(85)}\n  };\n  return inner;\n}\n`,
  ),
  fixture('method.ts', `class A {\n  run() {\n${body(81)}\n  }\n}\nconst f = function () {};\n`),
  fixture('short.ts', `const ok = () => {\n${body(78)}\n};\n`),
  fixture(
    'cited.tsx',
    "// see issue 12\nconst s = 'issue 12';\n/* per spec section 4 */\nconst r = /\\/\\/ issue 9/;\nfunction f() {\n  return 1;\n  // §3.2 says\n}\nconst e = <p>issue 7{/* issues #3 */}</p>;\n",
  ),
];
const parsed = parseAll([...new Set([...production, ...everySource, ...fixtureFiles])]);
rmSync(fixtures, { recursive: true, force: true });
const sourceOf = (file: string) => parsed.get(file) as SourceFile;

test(`no production source file has more than ${FILE_MAX_LINES} lines`, () => {
  const long = production
    .map((file) => ({ file, lines: lineCount(readFileSync(file, 'utf8')) }))
    .filter(({ lines }) => lines > FILE_MAX_LINES)
    .map(({ file, lines }) => `${name(file)}: ${lines} lines`);
  assert.ok(long.length === 0, `split these files (at most ${FILE_MAX_LINES} lines):\n${long.join('\n')}`);
});

test(`no production function has more than ${FUNCTION_MAX_LINES} lines, nested functions included`, () => {
  const long = production.flatMap((file) =>
    longFunctions(sourceOf(file), FUNCTION_MAX_LINES).map(
      (fn) => `${name(file)}:${fn.line} ${fn.name}: ${fn.lines} lines`,
    ),
  );
  assert.ok(
    long.length === 0,
    `split these functions into named top-level ones (at most ${FUNCTION_MAX_LINES} lines):\n${long.join('\n')}`,
  );
});

test('no comment cites an issue number or a spec section (tests and e2e included)', () => {
  const html = walk(
    repoRoot,
    /\.html$/,
    new Set(['node_modules', 'dist', '.data', 'test-results', 'playwright-report']),
  );
  const cited = [
    ...everySource.map((file) => ({ file, found: citations(comments(sourceOf(file))) })),
    ...html.map((file) => ({ file, found: citations(htmlComments(readFileSync(file, 'utf8'))) })),
  ].flatMap(({ file, found }) => found.map((c) => `${name(file)}:${c.line} "${c.text}"`));
  assert.ok(cited.length === 0, `state the rule in words instead of citing it:\n${cited.join('\n')}`);
});

test('the checks see what they should: nested functions count in their parent, citations only in comments', () => {
  const [factory, method, short, cited] = fixtureFiles.map(sourceOf) as SourceFile[];
  assert.equal(longFunctions(factory as SourceFile, FUNCTION_MAX_LINES), [{ name: 'createThing', line: 1, lines: 90 }]);
  assert.equal(longFunctions(method as SourceFile, FUNCTION_MAX_LINES), [{ name: 'run', line: 2, lines: 83 }]);
  assert.equal(longFunctions(short as SourceFile, FUNCTION_MAX_LINES), []);
  assert.equal(
    citations(comments(cited as SourceFile)).map((c) => c.line),
    [1, 3, 7, 9],
  );
  assert.equal(citations(htmlComments('<p>issue 4</p>\n<!-- issue 5 -->')), [{ line: 2, text: 'issue 5' }]);
});

test.run();
