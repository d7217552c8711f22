/**
 * `min`/`max` reductions against MLIR's own sparsifier: the `min2` kernel of
 * `sparse_reductions_min.mlir` (a `linalg.generic` reducing with `arith.minimumf`/`minsi`, or
 * the max ops, into a scalar) through `mlir-opt-22 --pre-sparsification-rewrite
 * --sparse-reinterpret-map --sparsification` (whose `GenSemiRingReduction` makes the implicit
 * zeros take part), rewritten to plain memref arguments and run on our interpreter from the
 * identity, gives the same bits as the emitter's kernel. Fails (does not skip) without
 * mlir-opt-22.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { runChunks } from '@tilekit/test-support';
import { describe, expect, it } from 'vitest';
import { type FormatSpec, type SparseKernel, SparseTensor, sparsify } from '../../src/index.js';
import { interpretKernel, mlirModuleOf } from './linalg.js';

interface Case {
  readonly label: string;
  readonly reducer: 'min' | 'max';
  readonly valueType: 'f32' | 'i32';
  readonly format: FormatSpec;
  readonly shape: readonly number[];
  readonly density: number;
}

const ENCODINGS: Readonly<Record<string, string>> = {
  'sparse-vector': '(d0) -> (d0 : compressed)',
  CSR: '(d0, d1) -> (d0 : dense, d1 : compressed)',
  DCSR: '(d0, d1) -> (d0 : compressed, d1 : compressed)',
};

const CASES: readonly Case[] = (['min', 'max'] as const).flatMap((reducer) =>
  (['f32', 'i32'] as const).flatMap((valueType) =>
    (
      [
        { format: 'sparse-vector', shape: [40] },
        { format: 'CSR', shape: [9, 7] },
        { format: 'DCSR', shape: [9, 7] },
      ] as const
    ).flatMap(({ format, shape }) =>
      [0.3, 1].map((density) => ({
        label: `${reducer} ${valueType} ${format} density ${density}`,
        reducer,
        valueType,
        format,
        shape,
        density,
      })),
    ),
  ),
);

const expressionOf = (c: Case): string =>
  c.shape.length === 1 ? `x = ${c.reducer}(a(i))` : `x = ${c.reducer}(a(i,j))`;

/** The `min2` kernel of `sparse_reductions_min.mlir`, for `c`'s reducer, type and format. */
function linalgOf(c: Case, kernel: SparseKernel): string {
  const rank = c.shape.length;
  const dims = ['d0', 'd1'].slice(0, rank);
  const op =
    c.valueType === 'f32'
      ? { min: 'arith.minimumf', max: 'arith.maximumf' }[c.reducer]
      : { min: 'arith.minsi', max: 'arith.maxsi' }[c.reducer];
  const t = c.valueType;
  const a = `tensor<${dims.map(() => '?').join('x')}x${t}, #enc>`;
  return `#enc = #sparse_tensor.encoding<{ map = ${ENCODINGS[c.format as string]}, posWidth = 32, crdWidth = 32 }>
func.func @${kernel.functionName}(%a: ${a}, %x: tensor<${t}>) -> tensor<${t}> {
  %r = linalg.generic {indexing_maps = [affine_map<(${dims.join(', ')}) -> (${dims.join(', ')})>, affine_map<(${dims.join(', ')}) -> ()>], iterator_types = [${dims.map(() => '"reduction"').join(', ')}]}
      ins(%a : ${a}) outs(%x : tensor<${t}>) {
    ^bb0(%in: ${t}, %out: ${t}):
      %m = ${op} %in, %out : ${t}
      linalg.yield %m : ${t}
  } -> tensor<${t}>
  return %r : tensor<${t}>
}`;
}

describe("min/max reductions match MLIR's sparsifier (sparse_reductions_min.mlir, min2)", () => {
  const kernels = CASES.map((c) =>
    sparsify(expressionOf(c), { a: c.format }, { valueType: c.valueType }),
  );
  const outputs = runChunks(
    CASES.map((c, n) => linalgOf(c, kernels[n] as SparseKernel)),
    ['--pre-sparsification-rewrite', '--sparse-reinterpret-map', '--sparsification'],
  );

  it.each(CASES.map((c, n) => ({ ...c, n })))('$label', (c) => {
    const kernel = kernels[c.n] as SparseKernel;
    // MLIR reads the output's start value as a tensor; ours passes the output memref.
    const theirs = mlirModuleOf(outputs[c.n], kernel, (out) => {
      const text = out.replace(
        /tensor\.extract (%arg1)\[\] : tensor<(\w+)>/,
        (_, arg: string, t: string) => `memref.load ${arg}_buffer[] : memref<${t}>`,
      );
      const buffer = /(%\w+) = bufferization\.to_buffer %arg1 /.exec(text)?.[1];
      if (buffer === undefined) throw new Error('no output buffer in the sparsified kernel');
      return text.replace(/%arg1_buffer\[\]/, `${buffer}[]`);
    });
    for (const seed of [1, 2, 3]) {
      const next = seededRandom(seed);
      const size = c.shape.reduce((x, y) => x * y, 1);
      const values = Array.from({ length: size }, () =>
        next() < c.density ? (next() < 0.5 ? -1 : 1) * (1 + Math.floor(next() * 50)) : 0,
      );
      const data = c.valueType === 'f32' ? Float32Array.from(values) : Int32Array.from(values);
      const a = SparseTensor.fromDense(data, [...c.shape], c.format);
      const identity =
        c.valueType === 'f32'
          ? c.reducer === 'min'
            ? Number.POSITIVE_INFINITY
            : Number.NEGATIVE_INFINITY
          : c.reducer === 'min'
            ? 2 ** 31 - 1
            : -(2 ** 31);
      const run = (module: typeof kernel.module): number => {
        const start = c.valueType === 'f32' ? Float32Array.of(identity) : Int32Array.of(identity);
        return Number(interpretKernel(module, kernel, { a }, start)[0]);
      };
      const mlir = run(theirs);
      expect(run(kernel.module), `seed ${seed}`).toBe(mlir);
      // And both are the plain loop's answer.
      const plain = values.reduce(
        (m, v) => (c.reducer === 'min' ? Math.min(m, v) : Math.max(m, v)),
        identity,
      );
      expect(mlir).toBe(plain);
    }
  });
});
