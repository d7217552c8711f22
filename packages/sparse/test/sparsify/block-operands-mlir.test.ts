/**
 * Block (BSR) and 2:4 operands against MLIR's sparsifier bit for bit: MLIR is given the kernel in
 * dimension form, a `linalg.generic` over `A` with the block encoding (`sparse_block_matmul.mlir`'s
 * BSR map, `sparse_ds.mlir`'s `j mod 4 : structured[2, 4]`), and `mlir-opt-22
 * --sparse-reinterpret-map --sparsification` plans it in level space itself; its function, run on
 * the interpreter with `A`'s level storage and the dense operands as they are, writes the same
 * output bits as `sparsify`'s kernel called in dimension form. Fails (does not skip) without
 * mlir-opt-22.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { compile } from '@tilekit/loop-engines';
import { type InterpretArg, parseModule } from '@tilekit/loop-ir';
import { type ChunkResult, runChunks } from '@tilekit/test-support';
import { describe, expect, it } from 'vitest';
import {
  blockSparseFormat,
  type FormatSpec,
  levelMapText,
  runKernel,
  SparseTensor,
  sparsify,
  structuredFormat,
} from '../../src/index.js';
import { pruned } from '../support/dense-references.js';

interface Case {
  readonly label: string;
  readonly format: FormatSpec;
  readonly rows: number;
  readonly cols: number;
  /** Columns of B; 0 for a matrix-vector product. */
  readonly p: number;
  /** n:m: the random matrix keeps at most n entries per group of m columns. */
  readonly groups?: readonly [number, number];
}

const CASES: readonly Case[] = [
  { label: 'SpMM, BSR 2x3', format: blockSparseFormat([2, 3]), rows: 8, cols: 9, p: 5 },
  {
    label: 'SpMM, BSR 2x2 with compressed block rows (sparse_block_matmul.mlir)',
    format: blockSparseFormat([2, 2], { blockRows: 'compressed' }),
    rows: 10,
    cols: 6,
    p: 3,
  },
  { label: 'SpMV, BSR 3x2', format: blockSparseFormat([3, 2]), rows: 9, cols: 10, p: 0 },
  {
    label: 'SpMM, 2:4 (sparse_ds.mlir)',
    format: structuredFormat(2, 4),
    rows: 7,
    cols: 12,
    p: 4,
    groups: [2, 4],
  },
  { label: 'SpMV, 2:4', format: structuredFormat(2, 4), rows: 5, cols: 16, p: 0, groups: [2, 4] },
];

/** `X(i,k) += A(i,j) * B(j,k)` (or `x(i) += A(i,j) * b(j)`) in dimension form, for mlir-opt. */
function linalgOf(c: Case, map: string): string {
  const enc = `#A = #sparse_tensor.encoding<{ map = ${map}, posWidth = 32, crdWidth = 32 }>`;
  const matrix = c.p > 0;
  const maps = matrix
    ? ['(d0, d1, d2) -> (d0, d1)', '(d0, d1, d2) -> (d1, d2)', '(d0, d1, d2) -> (d0, d2)']
    : ['(d0, d1) -> (d0, d1)', '(d0, d1) -> (d1)', '(d0, d1) -> (d0)'];
  const iterators = matrix ? '"parallel", "reduction", "parallel"' : '"parallel", "reduction"';
  const [bType, xType] = matrix
    ? ['tensor<?x?xf32>', 'tensor<?x?xf32>']
    : ['tensor<?xf32>', 'tensor<?xf32>'];
  return `${enc}
func.func @k(%A: tensor<?x?xf32, #A>, %B: ${bType}, %X: ${xType}) -> ${xType} {
  %r = linalg.generic {indexing_maps = [${maps.map((m) => `affine_map<${m}>`).join(', ')}], iterator_types = [${iterators}]}
      ins(%A, %B : tensor<?x?xf32, #A>, ${bType}) outs(%X : ${xType}) {
    ^bb0(%a: f32, %b: f32, %out: f32):
      %t = arith.mulf %a, %b : f32
      %acc = arith.addf %out, %t : f32
      linalg.yield %acc : f32
  } -> ${xType}
  return %r : ${xType}
}`;
}

/** What one argument of MLIR's rewritten function reads. */
type Source =
  | { readonly kind: 'values' | 'positions' | 'coordinates'; readonly level: number }
  | { readonly kind: 'buffer'; readonly arg: number }
  | { readonly kind: 'lvl'; readonly level: number }
  | { readonly kind: 'dim'; readonly arg: number; readonly dim: number };

/**
 * MLIR's sparsified function as a plain memref function: every storage, buffer and size it
 * reads off its tensor arguments becomes an argument (in order of appearance), and the tensor
 * result goes.
 */
function memrefFunction(out: ChunkResult | undefined): { text: string; sources: Source[] } {
  if (out === undefined || !out.ok) {
    throw new Error(`mlir-opt-22 failed: ${out?.ok === false ? out.error : 'no output'}`);
  }
  const params: string[] = [];
  const sources: Source[] = [];
  const kept: string[] = [];
  for (const line of out.text.split('\n')) {
    if (
      /^#|^\s*module \{$|^\}$|^\s*func\.func|sparse_tensor\.reinterpret_map|to_tensor/.test(line)
    ) {
      continue;
    }
    const storage =
      /^\s*(%\w+) = sparse_tensor\.(values|positions|coordinates) %\w+(?: \{level = (\d+) : index\})? : .* to (memref<[^>]+>)/.exec(
        line,
      );
    const buffer = /^\s*(%\w+) = bufferization\.to_buffer %arg(\d+) : .* to (memref<[^>]+>)/.exec(
      line,
    );
    const lvl = /^\s*(%\w+) = sparse_tensor\.lvl %\w+, %c(\d+) :/.exec(line);
    const dim = /^\s*(%\w+) = tensor\.dim %arg(\d+), %c(\d+) :/.exec(line);
    let name: string | undefined;
    if (storage !== null) {
      const kind = storage[2] as 'values' | 'positions' | 'coordinates';
      name = storage[1];
      sources.push({ kind, level: Number(storage[3] ?? 0) });
      params.push(`${name}: ${storage[4]}`);
    } else if (buffer !== null) {
      name = buffer[1];
      sources.push({ kind: 'buffer', arg: Number(buffer[2]) });
      params.push(`${name}: ${buffer[3]}`);
    } else if (lvl !== null) {
      name = lvl[1];
      sources.push({ kind: 'lvl', level: Number(lvl[2]) });
      params.push(`${name}: index`);
    } else if (dim !== null) {
      name = dim[1];
      sources.push({ kind: 'dim', arg: Number(dim[2]), dim: Number(dim[3]) });
      params.push(`${name}: index`);
    }
    if (name === undefined) kept.push(line.replace(/^\s*return .*$/, '    return'));
  }
  return { text: `func.func @k(${params.join(', ')}) {\n${kept.join('\n').trimEnd()}\n`, sources };
}

describe("block operands match MLIR's sparsifier given the dimension form", () => {
  const outputs = runChunks(
    CASES.map((c) => {
      const spec = SparseTensor.fromDense(
        new Float32Array(c.rows * c.cols),
        [c.rows, c.cols],
        c.format,
      );
      return linalgOf(c, levelMapText(spec.format));
    }),
    ['--sparse-reinterpret-map', '--sparsification'],
  );

  it.each(CASES.map((c, n) => ({ ...c, n })))('$label', ({ n, format, rows, cols, p, groups }) => {
    const { text, sources } = memrefFunction(outputs[n]);
    const theirs = compile(parseModule(text), 'k', { engine: 'interpreter' });
    const next = seededRandom(4301 + n);
    const random = Float32Array.from({ length: rows * cols }, () =>
      next() < 0.4 ? Math.fround((next() - 0.5) * 3.7) : 0,
    );
    const dense = groups === undefined ? random : pruned(random, rows, cols, ...groups);
    // Whole empty block rows (and groups) in the first rows.
    dense.fill(0, 0, 2 * cols);
    const A = SparseTensor.fromDense(dense, [rows, cols], format);
    const levels = A.toLevelTensor();
    const bShape = p > 0 ? [cols, p] : [cols];
    const B = Float32Array.from({ length: cols * Math.max(p, 1) }, () =>
      Math.fround(next() * 2.3 - 1),
    );
    const xShape = p > 0 ? [rows, p] : [rows];
    const start = Float32Array.from({ length: rows * Math.max(p, 1) }, () => Math.fround(next()));
    const X = start.slice();
    const shapes = [[rows, cols], bShape, xShape];
    const args = sources.map((s): InterpretArg => {
      switch (s.kind) {
        case 'values':
          return levels.values;
        case 'positions':
          return levels.positions[s.level] as InterpretArg;
        case 'coordinates':
          return levels.coordinates[s.level] as InterpretArg;
        case 'lvl':
          return levels.shape[s.level] as number;
        case 'dim':
          return (shapes[s.arg] as number[])[s.dim] as number;
        default: {
          const data = s.arg === 1 ? B : X;
          const shape = shapes[s.arg] as number[];
          return shape.length === 1 ? data : { data, shape };
        }
      }
    });
    theirs(...args);
    const expr = p > 0 ? 'X(i,k) += A(i,j) * B(j,k)' : 'X(i) += A(i,j) * B(j)';
    const kernel = sparsify(expr, { A: format });
    const ours = compile(kernel.module, kernel.functionName, { engine: 'interpreter' });
    const got = runKernel(kernel, ours, { A, B: { data: B, shape: bShape } }, start.slice());
    expect(Array.from(got as Float32Array)).toEqual(Array.from(X));
    // Not a vacuous comparison: the product changed the output.
    expect(Array.from(X)).not.toEqual(Array.from(start));
  });
});
