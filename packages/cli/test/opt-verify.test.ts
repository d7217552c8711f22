/**
 * `tilekit opt` reports typed errors as one message and never prints IR that fails the verifier:
 * input verified after parsing, output before printing.
 */
import {
  MAX_VECTOR_LENGTH,
  type Module,
  parseModule,
  verificationDiagnostics,
} from '@tilekit/loop-ir';
import { describe, expect, it } from 'vitest';
import { main } from '../src/main.js';
import { captureIO } from './capture-io.js';
import { corpus } from './corpus.js';

const absi = corpus('absi_i16');

/** Parses without verifying (the IR under test is invalid on purpose). */
const unverified = (text: string): Module => parseModule(text);

// A load with two subscripts into a rank-1 memref: parses, but breaks the subscripts rule.
const TWO_SUBSCRIPTS = `func.func @f(%a: memref<?xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) {
    %x = memref.load %a[%i, %i] : memref<?xf32>
    scf.yield %x : f32
  }
  return %r : f32
}
`;

// A func.func inside a function body: MLIR only allows functions at module level.
const NESTED_FUNC = `func.func @outer(%a: memref<?xf32>) {
  func.func @inner(%b: memref<?xf32>) {
    return
  }
  return
}
`;

/** Each one-line error of `tilekit opt` on `text`, or the module it printed. */
async function opt(text: string, ...args: string[]) {
  const io = captureIO(text);
  const code = await main(['opt', ...args], io);
  return { code, out: io.out(), err: io.err() };
}

describe('tilekit opt verifies its input', () => {
  it('rejects IR the verifier rejects with its message, printing no IR', async () => {
    const [expected] = verificationDiagnostics(unverified(TWO_SUBSCRIPTS));
    expect(expected?.rule).toBe('subscripts');
    for (const args of [[], ['--sparse-vectorization=vl=8']]) {
      const run = await opt(TWO_SUBSCRIPTS, ...args);
      expect(run.code).toBe(1);
      expect(run.out).toBe('');
      expect(run.err).toBe(`tilekit opt: <stdin>: ${expected!.message}\n`);
    }
  });

  it('rejects a func.func nested in a function body (the verifier symbolTable rule)', async () => {
    const [expected] = verificationDiagnostics(unverified(NESTED_FUNC));
    expect(expected?.rule).toBe('symbolTable');
    const run = await opt(NESTED_FUNC);
    expect(run.code).toBe(1);
    expect(run.out).toBe('');
    expect(run.err).toBe(`tilekit opt: <stdin>: ${expected!.message}\n`);
  });
});

describe('tilekit opt on vector lengths the rewriter refuses', () => {
  it(`vl above ${MAX_VECTOR_LENGTH} is one usage error carrying the rewriter's bound`, async () => {
    for (const vl of [MAX_VECTOR_LENGTH + 1, 1_000_000_000]) {
      const run = await opt(absi, `--sparse-vectorization=vl=${vl}`);
      expect(run.code).toBe(2);
      expect(run.out).toBe('');
      const [first, ...rest] = run.err.trimEnd().split('\n');
      expect(first).toMatch(
        new RegExp(
          `^tilekit opt: sparse-vectorization: option 'vl' takes an integer in \\[1, ${MAX_VECTOR_LENGTH}\\].*, got ${vl}$`,
        ),
      );
      expect(
        rest.filter(
          (line) => !line.startsWith('Usage:') && !line.startsWith('Run ') && line !== '',
        ),
      ).toEqual([]);
    }
  });

  it('vl=1e9 (not an integer literal, as MLIR would say too) is a usage error', async () => {
    const run = await opt(absi, '--sparse-vectorization=vl=1e9');
    expect(run.code).toBe(2);
    expect(run.err).toMatch(
      /^tilekit opt: sparse-vectorization: option 'vl' takes a non-negative integer, got '1e9'\n/,
    );
  });

  it(`vl=${MAX_VECTOR_LENGTH} is accepted`, async () => {
    const run = await opt(absi, `--sparse-vectorization=vl=${MAX_VECTOR_LENGTH}`);
    expect(run.code).toBe(0);
    expect(run.out).toContain(`vector<${MAX_VECTOR_LENGTH}xi16>`);
  });
});
