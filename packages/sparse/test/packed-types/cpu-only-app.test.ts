/**
 * A cpu-only TypeScript app type-checks against the built declarations with `skipLibCheck:
 * false`, as a user's strict project would: the app's project holds @tilekit/sparse and
 * @tilekit/tfjs-kernels (an app using both packages' ops), their @tilekit dependencies,
 * tfjs-core and tfjs-backend-cpu, and none of the optional peers
 * (tfjs-backend-wasm, -webgl, -webgpu), so any declaration of the entries a cpu-only app imports
 * (@tilekit/sparse's main, tfjs and register-cpu; @tilekit/tfjs-kernels's main and register-cpu)
 * that imports one of them fails with TS2307. Needs the build (run by `pack-check`).
 */
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(fileURLToPath(new URL('../../../..', import.meta.url)));
const modules = join(root, 'node_modules');

/** A package's directory in the monorepo (its node_modules link resolved). */
const packageDir = (name: string): string => realpathSync(join(modules, name));

/** `name` and every @tilekit package it depends on, transitively (what npm installs). */
function tilekitClosure(name: string, seen = new Set<string>()): Set<string> {
  if (seen.has(name)) return seen;
  seen.add(name);
  const manifest = JSON.parse(readFileSync(join(packageDir(name), 'package.json'), 'utf8'));
  for (const dep of Object.keys(manifest.dependencies ?? {}))
    if (dep.startsWith('@tilekit/')) tilekitClosure(dep, seen);
  return seen;
}

const TILEKIT = [...tilekitClosure('@tilekit/sparse', tilekitClosure('@tilekit/tfjs-kernels'))];

/** The optional peers a cpu-only app does not install. */
const OPTIONAL_PEERS = ['tfjs-backend-wasm', 'tfjs-backend-webgl', 'tfjs-backend-webgpu'];

const APP = `import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import { SparseTensor } from '@tilekit/sparse';
import { sparseToDense, spmm, spmv, TfSparseTensor, lastSparseKernelRun } from '@tilekit/sparse/tfjs';
import '@tilekit/sparse/tfjs/register-cpu';
import * as kernels from '@tilekit/tfjs-kernels';
import '@tilekit/tfjs-kernels/register-cpu';

const A = TfSparseTensor.fromDense(tf.tensor2d([1, 0, 2, 0, 0, 3], [2, 3]), 'CSR');
const y: tf.Tensor1D = spmv(A, [1, 2, 3]);
const C: tf.Tensor3D = spmm(A, tf.zeros([4, 3, 2]) as tf.Tensor3D);
const D: tf.Tensor = A.toDense();
const H = SparseTensor.fromDense(Float32Array.from([1, 0, 0, 2]), [2, 2], 'CSR');
const T: tf.Tensor = kernels.relayout(tf.zeros([8, 128]), '{1,0:T(8,128)}');
export const results = [y, C, D, sparseToDense(H), lastSparseKernelRun()?.reason, T];
export const kernelExports = Object.keys(kernels);
`;

const work = mkdtempSync(join(tmpdir(), 'tilekit-cpu-only-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * The app's node_modules: links to the monorepo's packages except the optional peers. The
 * compiler keeps the linked paths (preserveSymlinks), so the declarations resolve their imports
 * from the app's node_modules, as they would from an installed copy.
 */
function installApp(): void {
  const nm = join(work, 'node_modules');
  mkdirSync(join(nm, '@tensorflow'), { recursive: true });
  mkdirSync(join(nm, '@tilekit'), { recursive: true });
  for (const entry of readdirSync(modules))
    if (entry !== '@tensorflow' && entry !== '@tilekit' && entry !== '.bin')
      symlinkSync(join(modules, entry), join(nm, entry));
  for (const entry of readdirSync(join(modules, '@tensorflow')))
    if (!OPTIONAL_PEERS.includes(entry))
      symlinkSync(join(modules, '@tensorflow', entry), join(nm, '@tensorflow', entry));
  for (const name of TILEKIT) symlinkSync(packageDir(name), join(nm, name));
  writeFileSync(
    join(work, 'package.json'),
    JSON.stringify({ name: 'app', private: true, type: 'module' }),
  );
  writeFileSync(join(work, 'app.ts'), APP);
  writeFileSync(
    join(work, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'es2022',
        lib: ['es2022', 'dom'],
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        preserveSymlinks: true,
      },
      files: ['app.ts'],
    }),
  );
}

describe('a cpu-only TypeScript app (skipLibCheck: false)', () => {
  it('has the optional peers absent and every declaration it needs built', () => {
    const missing = TILEKIT.filter(
      (name) => !existsSync(join(packageDir(name), 'dist', 'index.d.ts')),
    );
    expect(missing, 'build first: npx nx run-many -t build --projects=@tilekit/sparse').toEqual([]);
    installApp();
    for (const peer of OPTIONAL_PEERS)
      expect(existsSync(join(work, 'node_modules', '@tensorflow', peer))).toBe(false);
  });

  it('type-checks with no error (no import of an optional peer in the declarations)', () => {
    let output = '';
    try {
      execFileSync(process.execPath, [join(modules, 'typescript', 'bin', 'tsc'), '-p', work], {
        cwd: work,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (e) {
      const error = e as { stdout?: string; stderr?: string };
      output = `${error.stdout ?? ''}${error.stderr ?? ''}`;
    }
    expect(output).toBe('');
  }, 120_000);

  it('would see an optional peer imported by a declaration (the check can fail)', () => {
    // The WebGPU pass helpers' entry (sparse's WebGPU kernels are built on it) names that peer.
    const probe = join(work, 'probe.ts');
    writeFileSync(
      probe,
      "import { runFlat } from '@tilekit/tfjs-backend-support/webgpu-passes';\nexport const run = runFlat;\n",
    );
    let output = '';
    try {
      execFileSync(
        process.execPath,
        [
          join(modules, 'typescript', 'bin', 'tsc'),
          '--noEmit',
          '--module',
          'nodenext',
          '--moduleResolution',
          'nodenext',
          '--preserveSymlinks',
          probe,
        ],
        { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
      );
    } catch (e) {
      output = `${(e as { stdout?: string }).stdout ?? ''}`;
    }
    expect(output).toContain('TS2307');
    expect(output).toContain("'@tensorflow/tfjs-backend-webgpu'");
  }, 120_000);
});
