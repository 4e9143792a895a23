import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** Each icon's export names (aliases included) and the file that holds it, from lucide-react's own index. */
function iconFiles(): Map<string, string> {
  const require = createRequire(import.meta.url);
  const esm = join(dirname(require.resolve('lucide-react/package.json')), 'dist', 'esm', 'lucide-react.mjs');
  const files = new Map<string, string>();
  for (const match of readFileSync(esm, 'utf8').matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs';/g)) {
    const [, names = '', file = ''] = match;
    for (const alias of names.matchAll(/default as (\w+)/g)) files.set(alias[1] as string, file);
  }
  return files;
}

/**
 * `import { Sun, X as Close } from 'lucide-react'` becomes one import per icon file. Through the package's
 * index every icon is imported by that index, which the first page imports too: the chunking then counts
 * every icon any page draws as part of the first visit. Imported by file, an icon goes with the pages
 * that draw it. Names that are not icons (types, helpers) stay on the package import.
 */
export function directIconImports(): Plugin {
  const files = iconFiles();
  return {
    name: 'direct-icon-imports',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]src[\\/].*\.tsx?$/.test(id) || !code.includes("from 'lucide-react'")) return null;
      const rewritten = code.replace(/import \{([^}]*)\} from 'lucide-react';/g, (whole, list: string) => {
        const direct: string[] = [];
        const rest: string[] = [];
        for (const part of list
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)) {
          const [imported = '', local = imported] = part.split(/\s+as\s+/);
          const file = files.get(imported);
          if (file && !part.startsWith('type ')) direct.push(`import ${local} from 'lucide-react/icons/${file}';`);
          else rest.push(part);
        }
        if (direct.length === 0) return whole;
        // On as many lines as the import it replaces, so every other line keeps its number.
        const lines = '\n'.repeat(whole.split('\n').length - 1);
        return (
          [...direct, ...(rest.length ? [`import { ${rest.join(', ')} } from 'lucide-react';`] : [])].join(' ') + lines
        );
      });
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}
