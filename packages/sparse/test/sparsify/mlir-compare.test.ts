/**
 * The emitter against MLIR's sparsifier (`mlir-opt-22 --sparse-reinterpret-map
 * --sparsification` on the equivalent linalg.generic): the same loop structure (nest depth,
 * which loops are scf.for and which scf.while, which memrefs are loaded and stored) and, once
 * MLIR's output is rewritten to plain memref arguments, bit-identical results on the
 * interpreter. For COO, MLIR additionally peels the first segment search out of its loop, so
 * loop kinds are compared per depth as sets. Fails (does not skip) without mlir-opt-22.
 */

import type { Block, Module, Operation, Value } from '@tilekit/loop-ir';
import { runChunks } from '@tilekit/test-support';
import { describe, expect, it } from 'vitest';
import { type FormatSpec, type SparseKernel, SparseTensor, sparsify } from '../../src/index.js';
import { randomDense } from './fixtures.js';
import { interpretKernel, linalgFor, mlirModuleOf } from './linalg.js';

interface Case {
  readonly label: string;
  readonly expr: string;
  readonly formats: Readonly<Record<string, FormatSpec>>;
  readonly shapes: Readonly<Record<string, readonly number[]>>;
}

const M = [23, 17];
const CASES: readonly Case[] = [
  ...(['CSR', 'CSC', 'DCSR', 'COO'] as const).map((f) => ({
    label: `SpMV ${f}`,
    expr: 'x(i) += A(i,j) * b(j)',
    formats: { A: f },
    shapes: { A: M, b: [17] },
  })),
  ...(['CSR', 'DCSR'] as const).map((f) => ({
    label: `SpMM ${f}`,
    expr: 'X(i,k) += A(i,j) * B(j,k)',
    formats: { A: f },
    shapes: { A: M, B: [17, 5] },
  })),
  {
    label: 'SDDMM CSR',
    expr: 'X(i,j) += S(i,j) * (A(i,k) * B(k,j))',
    formats: { S: 'CSR' },
    shapes: { S: M, A: [23, 4], B: [4, 17] },
  },
  // MLIR's loose_compressed (sparse_loose.mlir): a lo/hi position pair per parent.
  ...(
    [
      ['CSR', ['dense', 'loose_compressed']],
      ['DCSR', ['loose_compressed', 'loose_compressed']],
      ['COO', ['loose_compressed(nonunique)', 'singleton']],
    ] as const
  ).map(([name, levels]) => ({
    label: `SpMV ${name} with loose_compressed levels`,
    expr: 'x(i) += A(i,j) * b(j)',
    formats: { A: levels },
    shapes: { A: M, b: [17] },
  })),
  {
    label: 'SpMM CSR with a loose_compressed level',
    expr: 'X(i,k) += A(i,j) * B(j,k)',
    formats: { A: ['dense', 'loose_compressed'] },
    shapes: { A: M, B: [17, 5] },
  },
  // BSR over its levels (MLIR's sparse_block_matmul.mlir after --sparse-reinterpret-map).
  {
    label: 'SpMM BSR over its levels',
    expr: 'X(ib,ii,k) += A(ib,jb,ii,jj) * B(jb,jj,k)',
    formats: { A: ['dense', 'compressed', 'dense', 'dense'] },
    shapes: { A: [6, 4, 2, 3], B: [4, 3, 5] },
  },
  {
    label: 'sparse dot',
    expr: 'x += a(i) * b(i)',
    formats: { a: 'sparse-vector', b: 'sparse-vector' },
    shapes: { a: [60], b: [60] },
  },
];

/** Loop kinds per nesting depth, and every (op, argument role) memory access. */
function structure(module: Module, kernel: SparseKernel) {
  const func = module.operations[0] as Operation;
  const entry = func.regions[0]?.blocks[0] as Block;
  const args = entry.arguments;
  const role = (v: Value): string => {
    const p = kernel.parameters[args.indexOf(v)];
    if (p === undefined) return '?';
    return p.kind === 'positions' || p.kind === 'coordinates'
      ? `${p.kind} ${p.tensor}[${p.level}]`
      : `${p.kind} ${'tensor' in p ? p.tensor : p.index}`;
  };
  const loops = new Set<string>();
  const accesses = new Set<string>();
  let maxDepth = 0;
  const visit = (ops: readonly Operation[], depth: number): void => {
    for (const op of ops) {
      const isLoop = op.name === 'scf.for' || op.name === 'scf.while';
      if (isLoop) {
        loops.add(`${depth}: ${op.name}`);
        maxDepth = Math.max(maxDepth, depth + 1);
      }
      if (op.name === 'memref.load') accesses.add(`load ${role(op.operands[0] as Value)}`);
      if (op.name === 'memref.store') accesses.add(`store ${role(op.operands[1] as Value)}`);
      for (const r of op.regions)
        for (const b of r.blocks) visit(b.operations, isLoop ? depth + 1 : depth);
    }
  };
  visit(entry.operations, 0);
  return { depth: maxDepth, loops: [...loops].sort(), accesses: [...accesses].sort() };
}

describe("the emitter matches MLIR's sparsifier", () => {
  const kernels = CASES.map((c) => sparsify(c.expr, c.formats));
  const outputs = runChunks(kernels.map(linalgFor), [
    '--sparse-reinterpret-map',
    '--sparsification',
  ]);

  it.each(CASES.map((c, n) => ({ ...c, n })))('$label', ({ n, formats, shapes }) => {
    const kernel = kernels[n] as SparseKernel;
    const theirs = mlirModuleOf(outputs[n], kernel);
    const ours = structure(kernel.module, kernel);
    expect(ours).toEqual(structure(theirs, kernel));

    const operands = Object.fromEntries(
      Object.entries(shapes).map(([name, shape], k) => {
        const data = Float32Array.from(
          randomDense(shape, { density: name in formats ? 0.3 : 1, seed: 3 + k }),
          (x) => x * 1.37,
        );
        const format = formats[name];
        return [
          name,
          format === undefined ? { data, shape } : SparseTensor.fromDense(data, shape, format),
        ];
      }),
    );
    const run = (module: Module) => Array.from(interpretKernel(module, kernel, operands), Number);
    expect(run(kernel.module)).toEqual(run(theirs));
  });
});
