/**
 * Zero-fill loops (`m[.., i] = 0` over a step-1 loop) compile to one `memory.fill` on the wasm
 * engine. Random nests over memrefs of every element width and rank 1-3, random bounds
 * (empty, reversed, partial, whole rows) and outer indices, over memrefs pre-filled with junk,
 * leave byte-identical memrefs on the interpreter, js and wasm; stores of constants that are
 * not all-zero bits (`-0.0`, `1`) take the element-by-element path and agree as well.
 */
import { parseModule } from '@tilekit/loop-ir';
import { snapshot } from '@tilekit/test-support';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, type EngineName } from '../src/index.js';
import { buildWasm } from '../src/wasm/wasm-engine.js';

const ENGINES: readonly EngineName[] = ['interpreter', 'js', 'wasm'];

const ELEMENTS = ['f64', 'f32', 'i64', 'i32', 'i16', 'i8', 'index'] as const;
type Element = (typeof ELEMENTS)[number];

/** The constant stored: all-zero bits, or a value whose bits are not all zero. */
const CONSTANTS: Readonly<Record<Element, readonly string[]>> = {
  f64: ['0.0', '-0.0', '1.0'],
  f32: ['0.0', '-0.0'],
  i64: ['0', '1'],
  i32: ['0', '-1'],
  i16: ['0'],
  i8: ['0', '3'],
  index: ['0'],
};

/**
 * `@fill(%m: memref<d0 x .. x T>, %lo, %hi, %o0, ..)`: for i in [lo, hi) `m[o.., i] = c`, the
 * outer indices either arguments or (rank 2, `nested`) an enclosing loop over all rows.
 */
function fillKernel(element: Element, constant: string, rank: number, nested: boolean): string {
  const memref = `memref<${Array(rank).fill('?').join('x')}x${element}>`;
  const outer = Array.from({ length: rank - 1 }, (_, k) => `%o${k}`);
  const inner = (indices: string[]) => `scf.for %i = %lo to %hi step %c1 {
      memref.store %c, %m[${[...indices, '%i'].join(', ')}] : ${memref}
    }`;
  const body =
    nested && rank === 2
      ? `%rows = memref.dim %m, %c0 : ${memref}
    scf.for %r = %c0 to %rows step %c1 {
      ${inner(['%r'])}
    }`
      : inner(outer);
  return `func.func @fill(%m: ${memref}, %lo: index, %hi: index${outer.map((o) => `, ${o}: index`).join('')}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c = arith.constant ${constant} : ${element}
    ${body}
    return
  }`;
}

/** A memref of `shape` full of junk bytes (from `bytes`). */
function junkMemref(element: Element, shape: readonly number[], bytes: readonly number[]) {
  const count = shape.reduce((a, b) => a * b, 1);
  const width = { f64: 8, f32: 4, i64: 8, i32: 4, i16: 2, i8: 1, index: 8 }[element];
  const raw = new Uint8Array(count * width).map((_, k) => bytes[k % bytes.length] as number);
  const buffer = raw.buffer;
  const data =
    element === 'f64'
      ? new Float64Array(buffer)
      : element === 'f32'
        ? new Float32Array(buffer)
        : element === 'i32'
          ? new Int32Array(buffer)
          : element === 'i16'
            ? new Int16Array(buffer)
            : element === 'i8'
              ? new Int8Array(buffer)
              : new BigInt64Array(buffer);
  return { data, shape: [...shape] };
}

describe('zero-fill loops on every engine', () => {
  it('random fills leave the same bytes on the interpreter, js and wasm', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ELEMENTS),
        fc.nat(),
        fc.integer({ min: 1, max: 3 }),
        fc.boolean(),
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 3, maxLength: 3 }),
        fc.array(fc.integer({ min: 0, max: 11 }), { minLength: 2, maxLength: 2 }),
        fc.array(fc.nat(), { minLength: 2, maxLength: 2 }),
        fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 7, maxLength: 13 }),
        (element, pick, rank, nested, dims, [lo, hi], outerPicks, junk) => {
          const constants = CONSTANTS[element];
          const constant = constants[pick % constants.length] as string;
          const shape = dims.slice(0, rank);
          const last = shape[rank - 1] as number;
          // Bounds inside the innermost dimension (a store past it is out of bounds).
          const [from, to] = [Math.min(lo as number, last), Math.min(hi as number, last)];
          const outer = outerPicks
            .slice(0, rank - 1)
            .map((p, k) => BigInt(p % (shape[k] as number)));
          const module = parseModule(fillKernel(element, constant, rank, nested));
          const results = ENGINES.map((engine) => {
            const m = junkMemref(element, shape, junk);
            const args = [m, BigInt(from), BigInt(to), ...outer];
            return snapshot(args, compile(module, 'fill', { engine })(...args));
          });
          expect(results[1]).toBe(results[0]);
          expect(results[2]).toBe(results[0]);
        },
      ),
      { seed: 3502, numRuns: 300 },
    );
  });

  it('emits memory.fill exactly for constants whose bits are all zero', () => {
    const fills = (text: string) => {
      const { bytes } = buildWasm(parseModule(text), 'fill');
      // memory.fill is 0xFC 0x0B followed by memory index 0.
      return bytes.some((b, k) => b === 0xfc && bytes[k + 1] === 0x0b && bytes[k + 2] === 0);
    };
    expect(fills(fillKernel('f64', '0.0', 2, true))).toBe(true);
    expect(fills(fillKernel('i8', '0', 1, false))).toBe(true);
    expect(fills(fillKernel('f64', '-0.0', 2, true))).toBe(false);
    expect(fills(fillKernel('i32', '-1', 1, false))).toBe(false);
  });
});
