/**
 * The size a user's production build pays for an import: a minimal app (one `index.html`, one
 * `main.js`) built by Vite with its defaults, as `vite build` would, its JavaScript gzipped.
 * Packages resolve as an app's would (the published `dist/` of each workspace package).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rollup, transformWithEsbuild } from 'vite';

/** What one build produced. */
export interface AppBundle {
  /** Gzipped bytes (level 9) of every JavaScript chunk. */
  readonly gzipBytes: number;
  readonly chunks: number;
  /** The JavaScript of every chunk, one after another. */
  readonly code: string;
  /**
   * Gzipped bytes of each package's code in the chunks (its modules minified and gzipped
   * together, apart from the rest, so the shares add up to a little more than `gzipBytes`),
   * keyed by package name; the app's own code is under `app`.
   */
  readonly byPackage: ReadonlyMap<string, number>;
}

/** The package a bundled module belongs to: a workspace package's `dist/`, or node_modules. */
export function packageOf(id: string): string {
  const workspace = /\/packages\/([^/]+)\/dist\//.exec(id);
  if (workspace !== null) return `@tilekit/${workspace[1]}`;
  const installed = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id);
  return installed === null ? 'app' : installed[1]!;
}

/** Each package's rendered code in `chunks`, minified and gzipped on its own. */
async function sizesByPackage(chunks: readonly Rollup.OutputChunk[]): Promise<Map<string, number>> {
  const code = new Map<string, string[]>();
  for (const chunk of chunks)
    for (const [id, module] of Object.entries(chunk.modules)) {
      if (module.code === null || module.code.length === 0) continue;
      const name = packageOf(id);
      code.set(name, [...(code.get(name) ?? []), module.code]);
    }
  const sizes = new Map<string, number>();
  for (const [name, parts] of code) {
    const minified = await transformWithEsbuild(parts.join('\n'), `${name}.js`, { minify: true });
    sizes.set(name, gzipSync(minified.code, { level: 9 }).length);
  }
  return sizes;
}

/**
 * Builds an app whose `main.js` is `code` inside `scratch` (a folder inside the repository, so
 * that node_modules resolve) and returns its size.
 * @param target Vite's `build.target`, when not its default.
 */
export async function buildApp(scratch: string, code: string, target?: string): Promise<AppBundle> {
  const root = mkdtempSync(join(scratch, 'app-'));
  try {
    writeFileSync(join(root, 'main.js'), code);
    writeFileSync(
      join(root, 'index.html'),
      '<!doctype html>\n<script type="module" src="./main.js"></script>\n',
    );
    const output = await build({
      configFile: false,
      logLevel: 'silent',
      root,
      build: { write: false, ...(target === undefined ? {} : { target }) },
    });
    const results = (Array.isArray(output) ? output : [output]) as Rollup.RollupOutput[];
    const chunks = results
      .flatMap((result) => result.output)
      .filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
    return {
      gzipBytes: chunks.reduce((sum, chunk) => sum + gzipSync(chunk.code, { level: 9 }).length, 0),
      chunks: chunks.length,
      code: chunks.map((chunk) => chunk.code).join('\n'),
      byPackage: await sizesByPackage(chunks),
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
