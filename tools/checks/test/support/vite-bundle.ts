/**
 * The size a user's production build pays for an import: a minimal app (one `index.html`, one
 * `main.js`) built by Vite with its defaults, as `vite build` would, its JavaScript gzipped.
 * Packages resolve as an app's would (the published `dist/` of each workspace package).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';

/** What one build produced. */
export interface AppBundle {
  /** Gzipped bytes (level 9) of every JavaScript chunk. */
  readonly gzipBytes: number;
  readonly chunks: number;
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
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
