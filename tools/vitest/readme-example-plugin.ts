/**
 * Serves a README's code blocks to browser-mode tests as modules, so an example that needs a
 * browser (WebGL, WebGPU) runs as written: `import('virtual:readme-example/<heading>')` loads
 * the one fenced `js`/`ts` block under that heading of the package README, with Vite resolving its
 * imports as it does for the tests. The names in `exports` (top-level bindings of the example)
 * are exported at its end, so the test can check what the example computed.
 */
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { EXAMPLE_LANGUAGES, fencedBlocks } from './readme-examples.ts';

const PREFIX = 'virtual:readme-example/';

/** The plugin for `readmePath`; `exports` maps a heading to the bindings its example exports. */
export function readmeExamplePlugin(
  readmePath: string,
  exports: Readonly<Record<string, readonly string[]>>,
): Plugin {
  return {
    name: 'tilekit-readme-example',
    resolveId(id) {
      // The `.ts` suffix makes Vite transform it as TypeScript (a superset of the js examples).
      return id.startsWith(PREFIX) ? `\0${id}.ts` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const heading = decodeURIComponent(id.slice(PREFIX.length + 1, -'.ts'.length));
      const blocks = fencedBlocks(readFileSync(readmePath, 'utf8')).filter(
        (block) => block.heading === heading && EXAMPLE_LANGUAGES.includes(block.language),
      );
      if (blocks.length !== 1) {
        throw new Error(
          `${readmePath}: expected one code block under '${heading}', found ${blocks.length}`,
        );
      }
      const names = exports[heading] ?? [];
      return `${blocks[0]!.body}\n${names.length > 0 ? `export { ${names.join(', ')} };\n` : ''}`;
    },
  };
}
