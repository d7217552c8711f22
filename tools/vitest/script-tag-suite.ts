import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readmeScriptTagPage,
  type ScriptTagPages,
  startScriptTagPages,
  tfjsPage,
} from './script-tag-pages.ts';

/** What a package's script-tag test declares about its `<script>`-tag builds. */
export interface ScriptTagSuiteOptions {
  /** The repository root, which the page server serves. */
  readonly repoRoot: string;
  /** The package's folder under the root (`packages/sparse`). */
  readonly packageDir: string;
  /**
   * The manifest's register entries: an export key that matches is one script-tag file, for the
   * backend its first group names (`/^\.\/register-(\w+)$/`).
   */
  readonly registerEntry: RegExp;
  /** Register entries that name no backend (a gradients entry), so have no script-tag file. */
  readonly notBackends?: readonly string[];
  /** The backends there must be a file for. */
  readonly backends: readonly string[];
  /** The script-tag file of `backend`, a path under the root. */
  readonly scriptOf: (backend: string) => string;
  /** The text the README's script-tag page writes into its body. */
  readonly readmeText: string;
  /** What a backend's result is compared with, in the test's name (`what plain loops do`). */
  readonly reference: string;
  /** The program a backend's page runs with `tf.tilekit` (see `tfjsPage`) and what it returns. */
  readonly program: (backend: string) => string;
  readonly expected: (backend: string) => unknown;
}

/**
 * Registers Vitest tests of a package's script-tag builds in headless Chromium: one file per
 * register entry of the manifest, exists after the build; the README's script-tag page runs as
 * written; and each backend's page (tf-core and the backend from their min.js files, then ours)
 * registers on the global `tf` and returns what `expected` says.
 */
export function describeScriptTagBuilds(options: ScriptTagSuiteOptions): void {
  const { repoRoot, packageDir } = options;
  const manifest = JSON.parse(readFileSync(join(repoRoot, packageDir, 'package.json'), 'utf8')) as {
    exports: Record<string, unknown>;
  };
  const backends = Object.keys(manifest.exports)
    .map((key) => options.registerEntry.exec(key)?.[1])
    .filter((name): name is string => name !== undefined)
    .filter((name) => !options.notBackends?.includes(name));

  describe('script-tag builds in a plain page', () => {
    let pages: ScriptTagPages;

    beforeAll(async () => {
      pages = await startScriptTagPages(repoRoot, (path) => {
        if (path === '/readme-page.html') {
          const readme = readFileSync(join(repoRoot, packageDir, 'README.md'), 'utf8');
          return readmeScriptTagPage(readme, 'Script tags');
        }
        const backend = /^\/page-(\w+)\.html$/.exec(path)?.[1];
        return backend === undefined || !backends.includes(backend)
          ? undefined
          : tfjsPage(backend, `/${options.scriptOf(backend)}`, options.program(backend));
      });
    }, 120_000);

    afterAll(async () => {
      await pages?.close();
    });

    it('there is one per register entry', () => {
      expect([...backends].sort()).toEqual([...options.backends].sort());
      for (const backend of backends) {
        const file = join(repoRoot, options.scriptOf(backend));
        expect(existsSync(file), `${file}: run the build`).toBe(true);
      }
    });

    it("the README's page runs as written (files from node_modules)", async () => {
      const { value, errors } = await pages.text('readme-page.html');
      expect(errors).toEqual([]);
      expect(value).toBe(options.readmeText);
    }, 120_000);

    for (const backend of backends) {
      it(`${backend}: registers on the global tf and computes ${options.reference}`, async () => {
        const { value, errors } = await pages.result(`page-${backend}.html`);
        expect(errors).toEqual([]);
        expect(value).toEqual(options.expected(backend));
      }, 120_000);
    }
  });
}
