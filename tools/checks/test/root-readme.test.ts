/**
 * The root README's commands, run as written: `npx tilekit` through the committed launcher after a
 * build, the tarball install notes in a new project, and the `tilekit opt` example.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main, memoryIO } from '@tilekit/cli';
import { renderMemoryMap } from '@tilekit/layout';
import { describe, expect, it } from 'vitest';
import { tilekitClosure } from '../../scripts/pack-closure.mjs';
import { describeReadmeExamples } from '../../vitest/readme-example-suite.ts';
import { fencedBlocks } from '../../vitest/readme-examples.ts';
import { packageDir as packageDirOf, repoRoot } from './support/workspace.js';

const packageDir = packageDirOf('@tilekit/cli');

describe("the root README's `npx tilekit` command, after a build", () => {
  const launcher = join(packageDir, 'bin', 'tilekit.js');
  const rootReadme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const command = /`(npx tilekit layout [^`]*)`/.exec(rootReadme)?.[1] ?? '';

  it('npm links the committed, executable launcher as the tilekit bin', () => {
    const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
    expect(manifest.bin).toEqual({ tilekit: './bin/tilekit.js' });
    expect(manifest.files).toContain('bin');
    // `npm ci` links what package-lock.json records, so it must name the launcher too.
    const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8'));
    expect(lock.packages['packages/cli'].bin).toEqual({ tilekit: 'bin/tilekit.js' });
    expect(statSync(launcher).mode & 0o111).toBe(0o111);
    const linked = join(repoRoot, 'node_modules', '.bin', 'tilekit');
    expect(existsSync(linked), `${linked} is missing: run npm ci (npm start does)`).toBe(true);
    expect(realpathSync(linked)).toBe(realpathSync(launcher));
  });

  it('is committed with git mode 100755, so a fresh clone gets it executable', () => {
    const listed = spawnSync('git', ['ls-files', '-s', 'bin/tilekit.js'], {
      cwd: packageDir,
      encoding: 'utf8',
    });
    expect(listed.stdout).toMatch(/^100755 /);
  });

  it('runs as written, writing the SVG the layout command renders', async () => {
    expect(command).toBe("npx tilekit layout 'f32[4,8]{1,0:T(2,4)(2,1)}' --svg /tmp/fig2.svg");
    rmSync('/tmp/fig2.svg', { force: true });
    expect(
      existsSync(join(packageDir, 'dist', 'bin.js')),
      'the README says "after a build": run npm start or npx nx run @tilekit/cli:build',
    ).toBe(true);
    // A scratch folder inside the repository: npx resolves the repository's bin from there, as
    // from its root; the README writes the picture outside the checkout.
    mkdirSync(join(repoRoot, '.tmp'), { recursive: true });
    const cwd = mkdtempSync(join(repoRoot, '.tmp', 'npx-tilekit-'));
    try {
      const run = spawnSync('sh', ['-c', command], { cwd, encoding: 'utf8', timeout: 60_000 });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const io = memoryIO();
      expect(
        await main(['layout', 'f32[4,8]{1,0:T(2,4)(2,1)}', '--svg', '/tmp/fig2.svg'], io),
      ).toBe(0);
      expect(run.stdout).toBe(io.out());
      expect(readFileSync('/tmp/fig2.svg', 'utf8')).toBe(
        renderMemoryMap('f32[4,8]{1,0:T(2,4)(2,1)}', { format: 'svg' }),
      );
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('the launcher says to build first when dist/ is missing', () => {
    const copy = mkdtempSync(join(tmpdir(), 'tilekit-launcher-'));
    try {
      mkdirSync(join(copy, 'bin'));
      cpSync(launcher, join(copy, 'bin', 'tilekit.js'));
      writeFileSync(join(copy, 'package.json'), '{"type":"module"}');
      const run = spawnSync(process.execPath, [join(copy, 'bin', 'tilekit.js'), '--version'], {
        encoding: 'utf8',
      });
      expect(run.status).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toMatch(/^tilekit: the CLI is not built yet .*\n.*'npm start'/);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

describe("the root README's install notes and examples", () => {
  const blocks = fencedBlocks(readFileSync(join(repoRoot, 'README.md'), 'utf8'));
  const block = (heading: string) => {
    const found = blocks.filter((b) => b.heading === heading && b.language === 'sh');
    expect(found, `one sh block under '${heading}'`).toHaveLength(1);
    return found[0]!.body;
  };

  it('Install: the tarball commands install a package that works in a new project', () => {
    const scratch = mkdtempSync(join(tmpdir(), 'tilekit-install-'));
    try {
      const env = {
        ...process.env,
        TARBALLS: join(scratch, 'tarballs'),
        APP: join(scratch, 'app'),
        npm_config_audit: 'false',
        npm_config_fund: 'false',
        npm_config_loglevel: 'error',
      };
      // The README creates TARBALLS itself (npm pack needs an existing destination).
      mkdirSync(env.APP);
      writeFileSync(join(env.APP, 'package.json'), '{"name":"app","private":true,"type":"module"}');
      const install = spawnSync('sh', ['-ec', block('Install')], {
        cwd: repoRoot,
        env,
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(install.status, install.stderr).toBe(0);
      // Figure 1 of the seed document: element (2,3) of f32[3,5] tiled 2x2 is at offset 17.
      const use = spawnSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          "import { linearIndex } from '@tilekit/layout'; console.log(String(linearIndex('f32[3,5]{1,0:T(2,2)}', [2, 3])));",
        ],
        { cwd: env.APP, encoding: 'utf8' },
      );
      expect(use.stderr).toBe('');
      expect(use.stdout).toBe('17\n');
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 300_000);

  it('Install: the closure table lists, per package, the @tilekit packages its manifests need', () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf('<!-- tilekit-closure-table'));
    const rows = [...table.matchAll(/^\| `(@tilekit\/[\w-]+)` \| (.*) \|$/gm)];
    const listed = new Map(
      rows.map(([, name, needs]) => [
        name!,
        needs === 'none' ? [] : needs!.split(', ').map((n) => `@tilekit/${n.replaceAll('`', '')}`),
      ]),
    );
    // The reference: a walk over the manifests written here, not the script's own walk.
    const manifests = new Map<string, Record<string, unknown>>();
    for (const dir of readdirSync(join(repoRoot, 'packages'))) {
      const manifest = JSON.parse(
        readFileSync(join(repoRoot, 'packages', dir, 'package.json'), 'utf8'),
      );
      if (!manifest.private) manifests.set(manifest.name, manifest);
    }
    const needs = (name: string, seen = new Set<string>()): Set<string> => {
      const m = manifests.get(name) as { dependencies?: object; peerDependencies?: object };
      for (const dep of Object.keys({ ...m.dependencies, ...m.peerDependencies })) {
        if (manifests.has(dep) && !seen.has(dep)) {
          seen.add(dep);
          needs(dep, seen);
        }
      }
      return seen;
    };
    expect([...listed.keys()].sort()).toEqual([...manifests.keys()].sort());
    for (const [name, listedNeeds] of listed) {
      expect(listedNeeds.sort(), name).toEqual([...needs(name)].sort());
      expect(
        tilekitClosure(name).filter((n: string) => n !== name),
        name,
      ).toEqual(listedNeeds.sort());
    }
  });

  it('pack-closure: an unknown package or a missing folder is one line and exit 2', () => {
    const script = join(repoRoot, 'tools', 'scripts', 'pack-closure.mjs');
    const unknown = spawnSync(process.execPath, [script, 'sparce', tmpdir()], { encoding: 'utf8' });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(
      /^pack-closure: no published package 'sparce'; there are @tilekit\/cli, .*@tilekit\/sparse,.*\n$/,
    );
    const folder = join(tmpdir(), 'tilekit-no-such-folder');
    const missing = spawnSync(process.execPath, [script, 'layout', folder], { encoding: 'utf8' });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toBe(
      `pack-closure: the folder '${folder}' does not exist (mkdir -p it)\n`,
    );
  });

  it('Examples: tilekit opt vectorizes examples/saxpy-sparse.mlir as documented', async () => {
    const command = block('Examples');
    expect(command).toBe(
      'npx tilekit opt examples/saxpy-sparse.mlir --sparse-vectorization="vl=8" --report',
    );
    const run = spawnSync('sh', ['-c', command], { cwd: repoRoot, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    // What the same command prints in-process, reading the file itself.
    const io = memoryIO();
    const file = 'examples/saxpy-sparse.mlir';
    io.files.set(file, readFileSync(join(repoRoot, file), 'utf8'));
    expect(await main(['opt', file, '--sparse-vectorization=vl=8', '--report'], io)).toBe(0);
    expect(run.stdout).toBe(io.out());
    expect(run.stderr).toBe('@saxpy_sparse loop 0 (depth 0): vectorized, parallel\n');
    expect(run.stdout).toContain('vector.gather');
    expect(run.stdout).toContain('vector.scatter');
    expect(run.stdout).not.toMatch(/^\s+scf\.for .* step %c1 /m);
  });
});

// The root README's opening example, run as written from the repository root.
describe('the root README', () => {
  describeReadmeExamples({ packageDir: repoRoot, headings: ['tilekit'] });

  it("'Layout of the repository' names paths that exist, and what every package holds", () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const [block] = fencedBlocks(readme).filter((b) => b.heading === 'Layout of the repository');
    const entries = (block?.body ?? '').split('\n').map((line) => line.split(/\s+/)[0] ?? '');
    expect(entries[0]).toBe('packages/<name>/');
    const packages = readdirSync(join(repoRoot, 'packages'));
    expect(packages.length).toBeGreaterThan(0);
    for (const name of packages) {
      for (const part of ['src', 'test', 'README.md', 'LICENSE']) {
        expect(existsSync(join(repoRoot, 'packages', name, part)), `packages/${name}/${part}`).toBe(
          true,
        );
      }
    }
    for (const path of entries.slice(1)) {
      expect(existsSync(join(repoRoot, path)), path).toBe(true);
    }
  });
});
