/**
 * `halfWidthShortReductions`: a reduction loop of at most vl iterations (one masked step of the
 * full-width code) runs as the scalar loop itself. Its results must be those of the
 * full-width code bit for bit (signed zeros, NaN, infinities, integer wrap-around included),
 * but for the sign and payload of a NaN result, which IEEE 754 leaves open: for every
 * combining kind, element type, coordinate width, vector length and start value, on rows of
 * every length: empty, short, exactly half, one short of vl, exactly vl, just over, and long
 * skewed ones.
 */

import { seededRandom } from '@tilekit/conformance/testing';
import { interpret, type Module, parseModule, printModule } from '@tilekit/loop-ir';
import {
  type CsrRowReduction,
  csrRowReductionText,
  type ReductionElement,
  type RowDriver,
} from '@tilekit/test-support/csr-row-reduction';
import { describe, expect, it } from 'vitest';
import { VectorizeOptionsError, vectorize } from '../../src/index.js';
import { INT_COMBINING_OPS, opsNamed } from './helpers.js';

const FLOAT_COMBINES = ['arith.addf', 'arith.subf', 'arith.mulf'];

const FLOAT_SPECIALS = [0, -0, 1, -1, 0.5, Number.NaN, Number.POSITIVE_INFINITY, -2.5e-310];

/** Row lengths around the half and full widths, empty rows, and a few long skewed rows. */
function rowLengths(next: () => number, vl: number, rows: number): number[] {
  const h = Math.floor(vl / 2);
  const around = [0, 0, 1, h - 1, h, h + 1, vl - 1, vl, vl + 1, 2 * vl + 3].filter((n) => n >= 0);
  return Array.from({ length: rows }, (_, k) =>
    k < around.length
      ? (around[k] as number)
      : next() < 0.15
        ? Math.floor(next() * 6 * vl)
        : Math.floor(next() * (vl + 2)),
  );
}

/** Arguments for `c` with `rows` rows (fresh arrays on every call, from `seed`). */
function argumentsFor(c: CsrRowReduction, vl: number, seed: number) {
  const next = seededRandom(seed);
  const lengths = rowLengths(next, vl, 40);
  const nnz = lengths.reduce((a, b) => a + b, 0);
  const columns = 300;
  const float = c.element === 'f32' || c.element === 'f64';
  const value = (): number | bigint => {
    if (float) {
      return next() < 0.3
        ? (FLOAT_SPECIALS[Math.floor(next() * FLOAT_SPECIALS.length)] as number)
        : (next() * 2 - 1) * 2 ** Math.floor(next() * 40 - 20);
    }
    const small = Math.floor(next() * 2001) - 1000;
    return c.element === 'i64' ? BigInt(small) * 3_000_000_007n : small;
  };
  const values = (n: number) => {
    const out =
      c.element === 'f32'
        ? new Float32Array(n)
        : c.element === 'f64'
          ? new Float64Array(n)
          : c.element === 'i32'
            ? new Int32Array(n)
            : new BigInt64Array(n);
    for (let k = 0; k < n; k++) (out as { [k: number]: number | bigint })[k] = value();
    return out;
  };
  const pos =
    c.pos === 'i32' ? new Int32Array(lengths.length + 1) : new BigInt64Array(lengths.length + 1);
  let at = 0;
  lengths.forEach((n, k) => {
    at += n;
    (pos as { [k: number]: number | bigint })[k + 1] = c.pos === 'i32' ? at : BigInt(at);
  });
  const crd =
    c.crd === 'i16'
      ? new Int16Array(nnz)
      : c.crd === 'i32'
        ? new Int32Array(nnz)
        : new BigInt64Array(nnz);
  for (let k = 0; k < nnz; k++) {
    const col = Math.floor(next() * columns);
    (crd as { [k: number]: number | bigint })[k] = c.crd === 'i64' ? BigInt(col) : col;
  }
  const r0 = value();
  return [
    pos,
    crd,
    values(nnz),
    values(columns),
    values(lengths.length),
    r0,
    BigInt(lengths.length),
  ];
}

/**
 * The output array's bytes after running `module` (byte equality: -0 and infinities too), every
 * NaN written as the one quiet NaN: IEEE 754 specifies neither the sign nor the payload of a
 * NaN that arithmetic returns, and the two paths combine the terms in different ops.
 */
function outputBytes(module: Module, c: CsrRowReduction, vl: number, seed: number): string {
  const args = argumentsFor(c, vl, seed);
  interpret(module, 'k', args);
  const y = args[4] as ArrayBufferView;
  if (y instanceof Float32Array || y instanceof Float64Array) {
    y.forEach((v, k) => {
      if (Number.isNaN(v)) y[k] = Number.NaN;
    });
  }
  return Buffer.from(y.buffer, y.byteOffset, y.byteLength).toString('hex');
}

/** Random kernel cases from `seed`: every combine op of every element type, random widths. */
function cases(seed: number, count: number): CsrRowReduction[] {
  const next = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  return Array.from({ length: count }, (_, k) => {
    const element = (['f32', 'f64', 'i32', 'i64'] as const)[k % 4] as ReductionElement;
    const float = element.startsWith('f');
    const combines = float ? FLOAT_COMBINES : INT_COMBINING_OPS;
    const combine = combines[Math.floor(k / 4) % combines.length] as string;
    const constants = float ? ['0.0', '-0.0', '3.0', '1.0'] : ['0', '7', '-1'];
    return {
      element,
      combine,
      term: float ? pick(['arith.mulf', 'arith.addf']) : pick(['arith.muli', 'arith.xori']),
      crd: pick(['i16', 'i32', 'i64'] as const),
      pos: pick(['i32', 'i64'] as const),
      init: next() < 0.5 ? 'argument' : pick(constants),
    };
  });
}

describe('halfWidthShortReductions', () => {
  const VLS = [2, 3, 4, 8, 16];

  it('gives the full-width results bit for bit: every kind, type, width, vl and row length', () => {
    for (const [k, c] of cases(3501, 48).entries()) {
      const scalar = parseModule(csrRowReductionText(c));
      for (const vl of VLS) {
        for (const enableSIMDIndex32 of [false, true]) {
          const options = { vectorLength: vl, enableSIMDIndex32 };
          const full = vectorize(scalar, options);
          const short = vectorize(scalar, { ...options, halfWidthShortReductions: true });
          expect(full.report.loops[1], csrRowReductionText(c)).toMatchObject({ vectorized: true });
          // The short path's one guard.
          expect(opsNamed(short.module, 'scf.if'), `vl=${vl}`).toHaveLength(1);
          for (const seed of [k, k + 1000]) {
            expect(outputBytes(short.module, c, vl, seed), `${JSON.stringify(c)} vl=${vl}`).toBe(
              outputBytes(full.module, c, vl, seed),
            );
          }
        }
      }
    }
  });

  it('runs rows of at most vl entries as the scalar loop and longer ones as the full-width loop', () => {
    const c: CsrRowReduction = {
      element: 'f64',
      combine: 'arith.addf',
      term: 'arith.mulf',
      crd: 'i32',
      pos: 'i32',
      init: '0.0',
    };
    const { module, report } = vectorize(parseModule(csrRowReductionText(c)), {
      vectorLength: 8,
      enableSIMDIndex32: true,
      halfWidthShortReductions: true,
    });
    expect(report.loops[1]).toMatchObject({ vectorized: true, form: 'reduction', kind: 'add' });
    const text = printModule(module);
    expect(text).toMatch(/arith\.cmpi sle, %\w+, %c8 : index/);
    // The full-width loop's vectors alone: no narrower step.
    expect(text).not.toMatch(/vector<4x/);
    expect(text).toMatch(/vector\.gather .* into vector<8xf64>/);
    expect(text).toMatch(/scf\.for .* -> \(vector<8xf64>\)/);
    // The scalar loop, unmarked (no later rewrite takes it again).
    const scalarLoops = opsNamed(module, 'scf.for').filter((op) =>
      op.results.some((r) => r.type.kind === 'float'),
    );
    expect(scalarLoops).toHaveLength(1);
    expect(scalarLoops[0]?.attributes).toEqual({});
    // The short branch: that loop, then the `+ 0.0` tail; the other: the vector loop and its fold.
    const [guard] = opsNamed(module, 'scf.if');
    const [short, full] = guard?.regions.map((r) => r.blocks[0]?.operations ?? []) ?? [];
    expect(short?.map((op) => op.name)).toEqual(['scf.for', 'arith.addf', 'scf.yield']);
    expect(full?.map((op) => op.name)).toEqual(['scf.for', 'vector.reduction', 'scf.yield']);
  });

  it('gives a NaN wherever the full-width code does when NaNs of any sign and payload meet in a row', () => {
    // IEEE 754 specifies neither the sign nor the payload of a NaN that arithmetic returns, and
    // the two paths combine the terms in different ops, so a NaN result is all they share.
    // Rows of 2 to vl terms, two or more of them NaNs: one payload throughout, or a mix of
    // payloads and signs (with infinities beside them, whose sums make NaNs of their own).
    const next = seededRandom(4242);
    const payload = new Float64Array(new BigUint64Array([0xfff8_0000_0000_0123n]).buffer)[0];
    const nans = [Number.NaN, -Number.NaN, payload as number];
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
    for (const element of ['f32', 'f64'] as const) {
      const array = element === 'f32' ? Float32Array : Float64Array;
      for (const combine of FLOAT_COMBINES) {
        const c: CsrRowReduction = {
          element,
          combine,
          term: 'arith.mulf',
          crd: 'i32',
          pos: 'i32',
          init: 'argument',
        };
        const scalar = parseModule(csrRowReductionText(c));
        for (const vl of [2, 4, 8]) {
          const options = { vectorLength: vl, enableSIMDIndex32: true };
          const full = vectorize(scalar, options).module;
          const short = vectorize(scalar, { ...options, halfWidthShortReductions: true }).module;
          for (let row = 0; row < 40; row++) {
            const mixed = row % 2 === 1;
            const shared = pick(nans);
            const n = 2 + Math.floor(next() * (vl - 1));
            const terms = Array.from({ length: n }, (_, k) =>
              k < 2 || next() < 0.3
                ? mixed
                  ? pick(nans)
                  : shared
                : pick(
                    mixed ? [1.5, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY] : [1.5, -2],
                  ),
            );
            const resultOf = (module: Module) => {
              const y = new array(1);
              const args = [new Int32Array([0, n]), new Int32Array(n), array.from(terms)];
              interpret(module, 'k', [...args, new array([1]), y, 0.25, 1n]);
              return y[0];
            };
            const where = `${element} ${combine} vl=${vl} [${terms.join(', ')}]`;
            expect(resultOf(short), where).toBeNaN();
            expect(resultOf(full), where).toBeNaN();
          }
        }
      }
    }
  });

  it('takes the short path only for a reduction a loop runs repeatedly, not for one run once per call', () => {
    const drivers: readonly [RowDriver, boolean][] = [
      ['scf.for', true],
      ['scf.while', true],
      ['once', false],
      ['scf.if', false],
    ];
    for (const [k, c] of cases(3777, 16).entries()) {
      for (const [driver, repeated] of drivers) {
        const scalar = parseModule(csrRowReductionText(c, driver));
        for (const vl of [4, 8]) {
          const options = { vectorLength: vl, enableSIMDIndex32: true };
          const full = vectorize(scalar, options);
          const short = vectorize(scalar, { ...options, halfWidthShortReductions: true });
          const where = `${driver} vl=${vl} ${JSON.stringify(c)}`;
          const reduction = full.report.loops.find(
            (loop) => loop.vectorized && loop.form === 'reduction',
          );
          expect(reduction, where).toMatchObject({ vectorized: true });
          const guards = (m: Module) =>
            opsNamed(m, 'scf.if').length - (driver === 'scf.if' ? 1 : 0);
          expect(guards(full.module), where).toBe(0);
          expect(guards(short.module), where).toBe(repeated ? 1 : 0);
          if (!repeated) expect(printModule(short.module), where).toBe(printModule(full.module));
          for (const seed of [k, k + 500])
            expect(outputBytes(short.module, c, vl, seed), where).toBe(
              outputBytes(full.module, c, vl, seed),
            );
        }
      }
    }
  });

  it('changes nothing when off (the MLIR pass), under VLA, or at vl=1', () => {
    const scalar = parseModule(
      csrRowReductionText({
        element: 'f32',
        combine: 'arith.addf',
        term: 'arith.mulf',
        crd: 'i32',
        pos: 'i32',
        init: 'argument',
      }),
    );
    const off = printModule(vectorize(scalar, { vectorLength: 8 }).module);
    expect(
      printModule(vectorize(scalar, { vectorLength: 8, halfWidthShortReductions: false }).module),
    ).toBe(off);
    for (const options of [
      { vectorLength: 8, enableVLAVectorization: true },
      { vectorLength: 1 },
    ]) {
      expect(
        printModule(vectorize(scalar, { ...options, halfWidthShortReductions: true }).module),
      ).toBe(printModule(vectorize(scalar, options).module));
    }
  });

  it('rejects a non-boolean value with a VectorizeOptionsError naming the option', () => {
    const module = parseModule('func.func @k() { return }');
    for (const bad of [1, 'yes', null]) {
      const call = () =>
        vectorize(module, { vectorLength: 4, halfWidthShortReductions: bad as never });
      expect(call).toThrow(VectorizeOptionsError);
      expect(call).toThrow(/options\.halfWidthShortReductions must be a boolean/);
      expect(call).toThrowError(
        expect.objectContaining({ argument: 'options.halfWidthShortReductions' }),
      );
    }
  });
});
