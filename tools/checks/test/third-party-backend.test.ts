/**
 * An outside user's view: the tilekit packages are built, packed into tarballs and installed with
 * the example third-party package (fixtures/third-party-backend, TScatter/TGather on the tfjs
 * WASM backend) into an empty directory; its own `npm test` runs `kernelConformance` under
 * node:test, and every case must pass.
 */
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { kernelConformance, type TensorHandle } from '@tilekit/conformance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './support/workspace.js';

const packagesDir = join(repoRoot, 'packages');
const fixtureDir = fileURLToPath(new URL('../fixtures/third-party-backend', import.meta.url));
const tsc = join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');

/** Folder names under packages/ of the tilekit packages `name` (a folder) depends on at run time. */
const tilekitDependencies = (name: string): string[] =>
  Object.keys(
    (
      JSON.parse(readFileSync(join(packagesDir, name, 'package.json'), 'utf8')) as {
        dependencies?: Record<string, string>;
      }
    ).dependencies ?? {},
  )
    .filter((dep) => dep.startsWith('@tilekit/'))
    .map((dep) => dep.slice('@tilekit/'.length));

/**
 * The packages the fixture installs (what it names and everything they depend on), in build
 * order: each builds against its dependencies' dist, so dependencies come first.
 */
function buildOrder(roots: readonly string[]): string[] {
  const order: string[] = [];
  const visit = (name: string): void => {
    if (order.includes(name)) return;
    for (const dep of tilekitDependencies(name)) visit(dep);
    order.push(name);
  };
  for (const root of roots) visit(root);
  return order;
}

const CLOSURE = buildOrder(['tfjs-kernels', 'conformance']);

const run = (command: string, args: readonly string[], cwd: string) =>
  execFileSync(command, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 1 << 26,
  });

let work: string;
let project: string;

/**
 * Builds and packs the closure in a staging copy (sources, manifest, README), so the tarballs hold
 * what the sources say now and the repository's own dist folders are never written.
 */
function packClosure(): Map<string, string> {
  const stage = join(work, 'stage');
  const modules = join(stage, 'node_modules');
  mkdirSync(join(modules, '@tilekit'), { recursive: true });
  for (const entry of readdirSync(join(repoRoot, 'node_modules'))) {
    if (entry !== '@tilekit' && entry !== '.bin')
      symlinkSync(join(repoRoot, 'node_modules', entry), join(modules, entry));
  }
  const tarballs = new Map<string, string>();
  for (const name of CLOSURE) {
    const dir = join(stage, name);
    for (const part of ['package.json', 'README.md', 'src'])
      cpSync(join(packagesDir, name, part), join(dir, part), { recursive: true });
    const config = {
      extends: join(repoRoot, 'tsconfig.base.json'),
      compilerOptions: { rootDir: 'src', outDir: 'dist', customConditions: [] },
      include: ['src'],
    };
    writeFileSync(join(dir, 'tsconfig.build.json'), JSON.stringify(config));
    symlinkSync(dir, join(modules, '@tilekit', name));
    run(process.execPath, [tsc, '-p', 'tsconfig.build.json'], dir);
    const [packed] = JSON.parse(
      // Built just above; the packages' prepack (a repository script) has no place in the stage.
      run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], dir),
    ) as { name: string; filename: string }[];
    tarballs.set(packed!.name, join(work, packed!.filename));
  }
  return tarballs;
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'tilekit-third-party-'));
  project = join(work, 'project');
  const tarballs = packClosure();
  cpSync(fixtureDir, project, {
    recursive: true,
    filter: (path) => !path.includes('node_modules'),
  });
  const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as Record<
    string,
    Record<string, string>
  >;
  // Every @tilekit package comes from its tarball (they are not on the registry yet), the rest from npm.
  for (const field of ['dependencies', 'devDependencies']) {
    for (const name of Object.keys(manifest[field] ?? {}))
      if (tarballs.has(name)) manifest[field]![name] = `file:${tarballs.get(name)}`;
  }
  // The closure's other packages are not on the registry either: their tarballs come along.
  for (const [name, tarball] of tarballs)
    if (
      manifest.dependencies![name] === undefined &&
      manifest.devDependencies?.[name] === undefined
    )
      manifest.dependencies![name] = `file:${tarball}`;
  writeFileSync(join(project, 'package.json'), JSON.stringify(manifest, null, 2));
  run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'],
    project,
  );
}, 600_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('a third-party backend installed from tarballs', () => {
  it('passes every case of kernelConformance in its own node:test run', () => {
    const output = run('npm', ['test', '--silent'], project);
    const count = (label: string) =>
      Number(new RegExp(`^(?:#|ℹ) ${label} (\\d+)$`, 'm').exec(output)?.[1]);
    // The same cases this package builds for a target with just tscatter and tgather.
    const op = () => ({}) as TensorHandle;
    const expected = kernelConformance({
      tf: {} as never,
      backend: 'wasm',
      ops: { tscatter: op, tgather: op },
    }).cases.length;
    expect(expected).toBeGreaterThan(50);
    expect({ pass: count('pass'), fail: count('fail') }).toEqual({ pass: expected, fail: 0 });
  }, 300_000);
});
