/**
 * The sparse ops work in the bundle an app ships, not only from the workspace's modules: Vite
 * builds an app for production (tree-shaken, as the bundle-size rows measure it), and the
 * built app runs with tfjs's cpu backend in Node. What a tfjs op leaves out of its bundle —
 * the host tensors' constructors and conversions, which the entries that hand out sparse
 * tensors install (packages/sparse/src/sparse-tensor/construction-hook.ts) — must arrive with
 * whatever the app builds its operands with. Results are held to plain loops over the same
 * seeded entries.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { seededRandom } from '@tilekit/conformance/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { runInNode } from './support/node-run.js';
import { buildApp } from './support/vite-bundle.js';
import { repoRoot } from './support/workspace.js';

mkdirSync(join(repoRoot, '.tmp'), { recursive: true });
const scratch = mkdtempSync(join(repoRoot, '.tmp', 'bundled-apps-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Seeded operands: a sparse matrix as coordinate tuples, dense operands, sparse vectors. */
function operands(seed: number) {
  const random = seededRandom(seed);
  const int = (n: number) => Math.floor(random() * n);
  const small = () => int(9) - 4;
  const [m, n, k] = [2 + int(6), 2 + int(6), 1 + int(4)];
  const tuples: number[][] = [];
  const values: number[] = [];
  for (let i = 0; i < m; i++)
    for (let j = 0; j < n; j++)
      if (random() < 0.35) {
        tuples.push([i, j]);
        values.push(small() || 1);
      }
  const dense = (rows: number, cols: number) =>
    Array.from({ length: rows }, () => Array.from({ length: cols }, small));
  const length = 3 + int(6);
  const vector = () => {
    const at = [...new Set(Array.from({ length: int(length) }, () => int(length)))].sort(
      (a, b) => a - b,
    );
    return { at, values: at.map(() => small() || 2) };
  };
  return {
    m,
    n,
    k,
    tuples,
    values,
    x: dense(1, n)[0]!,
    B: dense(n, k),
    P: dense(m, k),
    Q: dense(k, n),
    length,
    a: vector(),
    b: vector(),
  };
}

type Operands = ReturnType<typeof operands>;

/** The matrix's dense rows. */
function denseOf(o: Operands): number[][] {
  const A = Array.from({ length: o.m }, () => new Array<number>(o.n).fill(0));
  o.tuples.forEach(([i, j], e) => {
    A[i!]![j!] = o.values[e]!;
  });
  return A;
}

/** What each op gives, by plain loops. */
function expected(o: Operands) {
  const A = denseOf(o);
  const dot = (u: readonly number[], v: readonly number[]) =>
    u.reduce((s, x, t) => s + x * v[t]!, 0);
  const column = (M: number[][], j: number) => M.map((row) => row[j]!);
  const vectorDense = (v: { at: number[]; values: number[] }) => {
    const d = new Array<number>(o.length).fill(0);
    v.at.forEach((p, e) => {
      d[p] = v.values[e]!;
    });
    return d;
  };
  return {
    spmv: A.map((row) => dot(row, o.x)),
    spmm: A.map((row) => Array.from({ length: o.k }, (_, c) => dot(row, column(o.B, c)))),
    sddmm: A.map((row, i) => row.map((s, j) => (s === 0 ? 0 : s * dot(o.P[i]!, column(o.Q, j))))),
    sparseDot: dot(vectorDense(o.a), vectorDense(o.b)),
    sparseToDense: A,
  };
}

const SEEDS = [1, 2, 3];

/** Prints, as JSON per seed, every op's result on operands built by `build` (app code). */
function appOf(imports: string, build: string): string {
  return `import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';
import '@tilekit/sparse/tfjs/register-cpu';
${imports}
const cases = ${JSON.stringify(SEEDS.map(operands))};
async function run(o) {
${build}
  return {
    spmv: await spmv(A, o.x).array(),
    spmm: await spmm(A, tf.tensor2d(o.B, [o.n, o.k])).array(),
    sddmm: await sddmm(A, tf.tensor2d(o.P, [o.m, o.k]), tf.tensor2d(o.Q, [o.k, o.n])).array(),
    sparseDot: await sparseDot(a, b).array(),
    sparseToDense: await sparseToDense(A).array(),
  };
}
tf.setBackend('cpu')
  .then(() => Promise.all(cases.map(run)))
  .then((results) => console.log(JSON.stringify(results)));
`;
}

const OPS = 'spmv, spmm, sddmm, sparseDot, sparseToDense';

describe('a production build of an app using the sparse ops, run with the cpu backend', () => {
  it('with operands built by TfSparseTensor (the tfjs entry alone)', async () => {
    const code = appOf(
      `import { ${OPS}, TfSparseTensor } from '@tilekit/sparse/tfjs';`,
      `  const A = TfSparseTensor.fromCoordinates(o.tuples, o.values, [o.m, o.n]);
  const a = TfSparseTensor.from({ indices: o.a.at.map((p) => [p]), values: o.a.values, denseShape: [o.length] });
  const b = TfSparseTensor.fromCoordinates(o.b.at.map((p) => [p]), o.b.values, [o.length]);`,
    );
    const bundle = await buildApp(scratch, code);
    const results = JSON.parse(await runInNode(scratch, bundle));
    expect(results).toEqual(SEEDS.map((seed) => expected(operands(seed))));
  }, 300_000);

  it('with host operands from @tilekit/sparse, converted and transposed there', async () => {
    // A arrives stored by columns and transposed twice: the conversions run in the bundle.
    const code = appOf(
      `import { SparseTensor } from '@tilekit/sparse';\nimport { ${OPS} } from '@tilekit/sparse/tfjs';`,
      `  const stored = SparseTensor.from({ indices: o.tuples, values: o.values, denseShape: [o.m, o.n] }, 'csc');
  const A = stored.transpose().convert('CSR').transpose().convert('CSR');
  const a = SparseTensor.fromCoordinates(o.a.at.map((p) => [p]), o.a.values, [o.length]);
  const b = SparseTensor.fromDense(new SparseTensor({ indices: o.b.at.map((p) => [p]), values: o.b.values, denseShape: [o.length] }).toDense(), [o.length]);`,
    );
    const bundle = await buildApp(scratch, code);
    const results = JSON.parse(await runInNode(scratch, bundle));
    expect(results).toEqual(SEEDS.map((seed) => expected(operands(seed))));
  }, 300_000);
});
