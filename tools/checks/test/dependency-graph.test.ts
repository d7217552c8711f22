/**
 * The dependency graph is honest, so Nx's cache cannot replay a stale pass: every package a
 * project's files import (sources, tests, benchmarks, configs) is declared in its manifest, no
 * file reaches into another project's folder by a relative path, and Nx's resolved inputs of each
 * project's `test` task hold the sources of every tilekit package it imports. A change to
 * `@tilekit/layout`'s `physicalElementCount` (in src/sizes.ts) therefore re-runs, rather than
 * restores, every test task that could see it.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importsOf, isRelative, packageOf, target } from './support/imports.js';
import { repoRoot, type Workspace, workspaces } from './support/workspace.js';

const projects = workspaces();

const declaredBy = (w: Workspace): Set<string> =>
  new Set([
    w.manifest.name,
    ...Object.keys(w.manifest.dependencies ?? {}),
    ...Object.keys(w.manifest.devDependencies ?? {}),
    ...Object.keys(w.manifest.peerDependencies ?? {}),
  ]);

/** The project whose folder holds `path` (absolute), if any. */
const projectAt = (path: string): Workspace | undefined =>
  projects.find((p) => `${path}/`.startsWith(`${join(repoRoot, p.dir)}/`));

const nxEnv = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };

/** Runs `command` with `args` from the root and parses its JSON output. */
function runJson<T>(command: string, args: readonly string[]): T {
  const run = spawnSync(command, args, {
    cwd: repoRoot,
    encoding: 'utf8',
    env: nxEnv,
    maxBuffer: 1 << 26,
  });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as T;
}

/** The files Nx hashes for each of `taskIds`, from one project-graph computation. */
const taskInputs = (taskIds: readonly string[]): Record<string, string[]> =>
  runJson(process.execPath, [
    fileURLToPath(new URL('./support/nx-task-inputs.cjs', import.meta.url)),
    ...taskIds,
  ]);

/** The `src/` files of a project, relative to the root. */
function sourceFilesOf(w: Workspace): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : [relative(repoRoot, join(dir, e.name))],
    );
  return walk(join(repoRoot, w.dir, 'src'));
}

describe('every import is a declared dependency', () => {
  for (const project of projects) {
    it(`${project.manifest.name} declares every package its files import`, () => {
      const declared = declaredBy(project);
      const undeclared = importsOf(repoRoot, join(repoRoot, project.dir))
        .filter((i) => !isRelative(i.specifier) && !i.specifier.includes('${'))
        .flatMap((i) => {
          const name = packageOf(i.specifier);
          return name === undefined || declared.has(name) ? [] : [`${i.file}: ${name}`];
        });
      expect(undeclared).toEqual([]);
    });

    it(`${project.manifest.name} imports no other project's files by a relative path`, () => {
      const reaching = importsOf(repoRoot, join(repoRoot, project.dir))
        .filter((i) => isRelative(i.specifier))
        .flatMap((i) => {
          const other = projectAt(target(repoRoot, i.file, i.specifier));
          return other === undefined || other === project
            ? []
            : [`${i.file}: ${i.specifier} (use ${other.manifest.name})`];
        });
      expect(reaching).toEqual([]);
    });
  }

  it('the import scanner sees the imports this very file makes', () => {
    const own = importsOf(repoRoot, join(repoRoot, 'tools', 'checks')).filter((i) =>
      i.file.endsWith('dependency-graph.test.ts'),
    );
    expect(own.map((i) => i.specifier)).toEqual(
      expect.arrayContaining(['node:child_process', 'vitest', './support/imports.js']),
    );
  });
});

describe("Nx's graph holds every declared edge", () => {
  const graph = runJson<{
    graph: { dependencies: Record<string, readonly { target: string }[]> };
  }>(join(repoRoot, 'node_modules', '.bin', 'nx'), ['graph', '--file=stdout']);

  for (const project of projects) {
    it(`${project.manifest.name}: every declared workspace dependency is an Nx edge`, () => {
      const names = new Set(projects.map((p) => p.manifest.name));
      const declared = [...declaredBy(project)].filter(
        (name) => names.has(name) && name !== project.manifest.name,
      );
      const edges = (graph.graph.dependencies[project.manifest.name] ?? []).map((d) => d.target);
      expect(edges).toEqual(expect.arrayContaining(declared));
    });
  }
});

describe("every test task's inputs hold the sources of the packages it imports", () => {
  const layout = projects.find((p) => p.manifest.name === '@tilekit/layout') as Workspace;
  const byName = new Map(projects.map((p) => [p.manifest.name, p]));
  const tested = projects.filter((p) => p.manifest.name !== '@tilekit/test-support');

  const importedBy = new Map(
    tested.map((project) => [
      project,
      new Set(
        importsOf(repoRoot, join(repoRoot, project.dir)).flatMap((i) => {
          const name = isRelative(i.specifier) ? undefined : packageOf(i.specifier);
          return name !== undefined && name !== project.manifest.name && byName.has(name)
            ? [name]
            : [];
        }),
      ),
    ]),
  );
  const importing = tested.filter((p) => (importedBy.get(p)?.size ?? 0) > 0);
  const inputs = taskInputs(importing.map((p) => `${p.manifest.name}:test`));

  for (const project of importing) {
    const imported = importedBy.get(project) as Set<string>;
    it(`${project.manifest.name}:test re-runs when ${[...imported].join(', ')} change`, () => {
      const files = new Set(inputs[`${project.manifest.name}:test`]);
      const missing = [...imported].flatMap((name) =>
        sourceFilesOf(byName.get(name) as Workspace).filter((file) => !files.has(file)),
      );
      expect(missing).toEqual([]);
      if (imported.has(layout.manifest.name)) {
        expect(files.has(`${layout.dir}/src/sizes.ts`)).toBe(true);
      }
    });
  }

  it('the demonstrated mutation (physicalElementCount in layout) reaches the mutants check', () => {
    expect(inputs['@tilekit/checks:test']).toContain(`${layout.dir}/src/sizes.ts`);
  });
});

/**
 * The layers CONTRIBUTING draws ("How the packages stack"): each published package's tilekit
 * dependencies (runtime and peer), which nothing may add to without redrawing the picture. A
 * package that pulls another into every app that installs it is a decision, not a side effect.
 */
const LAYERS: Readonly<Record<string, readonly string[]>> = {
  '@tilekit/errors': [],
  '@tilekit/layout': ['errors'],
  '@tilekit/wasm-encoder': ['errors'],
  '@tilekit/loop-ir': ['errors'],
  '@tilekit/loop-engines': ['errors', 'loop-ir', 'wasm-encoder'],
  '@tilekit/sparse-vectorizer': ['errors', 'loop-ir'],
  '@tilekit/tfjs-backend-support': ['errors'],
  '@tilekit/tfjs-kernels': ['errors', 'layout', 'tfjs-backend-support', 'wasm-encoder'],
  // sparse and tfjs-kernels are siblings: both build their kernels on the backend layer, and
  // neither uses the other's ops.
  '@tilekit/sparse': [
    'errors',
    'loop-engines',
    'loop-ir',
    'sparse-vectorizer',
    'tfjs-backend-support',
  ],
  '@tilekit/conformance': ['errors'],
  '@tilekit/cli': [
    'conformance',
    'errors',
    'layout',
    'loop-engines',
    'loop-ir',
    'sparse',
    'sparse-vectorizer',
    'tfjs-kernels',
  ],
};

describe('the package layers', () => {
  const published = projects.filter((p) => !p.manifest.private);

  it('every published package has its row, and no row names a package that is gone', () => {
    expect(published.map((p) => p.manifest.name).sort()).toEqual(Object.keys(LAYERS).sort());
  });

  for (const project of published) {
    it(`${project.manifest.name} depends on exactly the tilekit packages of its layer`, () => {
      const { dependencies = {}, peerDependencies = {} } = project.manifest;
      const tilekit = Object.keys({ ...dependencies, ...peerDependencies })
        .filter((name) => name.startsWith('@tilekit/'))
        .map((name) => name.slice('@tilekit/'.length))
        .sort();
      expect(tilekit).toEqual([...(LAYERS[project.manifest.name] ?? [])].sort());
    });
  }
});
