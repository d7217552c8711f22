/**
 * What npm shows about each published package, and what a release writes into its changelog:
 * repository, homepage, bugs, keywords, the Node range that can load ESM-only packages from
 * CommonJS, a description naming what the package covers, the changelog in the tarball, a build
 * before every pack, and changesets that only name published packages.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const REPOSITORY = 'https://github.com/tilekit/tilekit';
/** Node versions with `require(esm)` unflagged: CommonJS apps can require these ESM packages. */
const REQUIRE_ESM_NODE = '>=20.19.0 <21 || >=22.12.0';

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  description: string;
  keywords?: string[];
  homepage?: string;
  bugs?: { url: string };
  repository?: { type: string; url: string; directory: string };
  engines?: { node: string };
  files: string[];
  scripts: Record<string, string>;
  exports: Record<string, unknown>;
}

const workspaces = ['packages', 'apps'].flatMap((group) =>
  readdirSync(join(repoRoot, group)).map((name) => {
    const dir = `${group}/${name}`;
    const manifest = JSON.parse(readFileSync(join(repoRoot, dir, 'package.json'), 'utf8'));
    return { dir, manifest: manifest as Manifest };
  }),
);
const published = workspaces.filter(({ manifest }) => !manifest.private);

describe('published package metadata', () => {
  it('covers every package under packages/', () => {
    expect(published.map(({ dir }) => dir).sort()).toEqual(
      readdirSync(join(repoRoot, 'packages'))
        .map((name) => `packages/${name}`)
        .sort(),
    );
  });

  for (const { dir, manifest } of published) {
    it(`${manifest.name}: repository, homepage, bugs, keywords, engines`, () => {
      expect(manifest.repository).toEqual({
        type: 'git',
        url: `git+${REPOSITORY}.git`,
        directory: dir,
      });
      expect(manifest.homepage).toBe(`${REPOSITORY}/tree/main/${dir}#readme`);
      expect(manifest.bugs).toEqual({ url: `${REPOSITORY}/issues` });
      expect(manifest.keywords).toEqual(expect.arrayContaining(['tensorflow', 'tfjs', 'tilekit']));
      expect(manifest.engines).toEqual({ node: REQUIRE_ESM_NODE });
    });

    it(`${manifest.name}: the description names every backend it registers kernels for`, () => {
      const backends = Object.keys(manifest.exports)
        .map((key) => /^\.\/register-(\w+)$/.exec(key)?.[1])
        .filter((backend) => backend !== undefined);
      for (const backend of backends) expect(manifest.description).toContain(backend);
      expect(manifest.description.length).toBeGreaterThan(40);
    });

    it(`${manifest.name}: packing builds first and ships README, LICENSE and CHANGELOG`, () => {
      expect(manifest.scripts.prepack).toBe('node ../../tools/scripts/prepack.mjs');
      const [packed] = JSON.parse(
        execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
          cwd: join(repoRoot, dir),
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        }),
      );
      const paths = (packed.files as { path: string }[]).map((file) => file.path);
      expect(paths).toEqual(expect.arrayContaining(['README.md', 'LICENSE', 'CHANGELOG.md']));
    });

    it(`${manifest.name}: the changelog has a section for the current version`, () => {
      const changelog = readFileSync(join(repoRoot, dir, 'CHANGELOG.md'), 'utf8');
      expect(changelog.startsWith(`# ${manifest.name}\n\n## `)).toBe(true);
      const versions = [...changelog.matchAll(/^## (\S+)$/gm)].map((match) => match[1]);
      expect(versions[0]).toBe(manifest.version);
      // The first release says so instead of listing the development history.
      expect(changelog).toMatch(/## 0\.1\.0\n\nFirst release[:.]/);
    });
  }
});

describe('changesets', () => {
  const changesetDir = join(repoRoot, '.changeset');
  const changesets = readdirSync(changesetDir).filter(
    (file) => file.endsWith('.md') && file !== 'README.md',
  );

  it('name only published packages (the private playground is never released)', () => {
    const names = new Set(published.map(({ manifest }) => manifest.name));
    for (const file of changesets) {
      const text = readFileSync(join(changesetDir, file), 'utf8');
      const front = /^---\n([\s\S]*?)\n---\n/.exec(text);
      expect(front, `${file} has a front matter block`).not.toBeNull();
      for (const line of front![1]!.split('\n').filter((l) => l.trim() !== '')) {
        const named = /^"([^"]+)": (major|minor|patch)$/.exec(line.trim());
        expect(named, `${file}: '${line}'`).not.toBeNull();
        expect(names.has(named![1]!), `${file} names ${named![1]}`).toBe(true);
      }
    }
  });

  it('private packages are left out of versioning', () => {
    const config = JSON.parse(readFileSync(join(changesetDir, 'config.json'), 'utf8'));
    expect(config.privatePackages).toEqual({ version: false, tag: false });
  });
});
