/**
 * `runKernel`'s `output` for a dense output: a kernel of each value type, on every engine,
 * takes exactly an array of its type and length (writes it and returns it), and refuses any
 * other with a `SparsifyError` naming `output`, the array type (or length) it expects and what
 * it got, before the engine runs: the refused array is left as it was. The engines' own refusals name only
 * the argument's position (`argument #4`).
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { compile, type EngineName } from '@tilekit/loop-engines';
import { describe, expect, it } from 'vitest';
import { runKernel, SparseTensor, SparsifyError, sparsify } from '../../src/index.js';

const ENGINES: readonly EngineName[] = ['interpreter', 'js', 'wasm'];

/** Each value type's array and the dtype its sparse operand is built with. */
const VALUE_TYPES = {
  f32: { array: Float32Array, dtype: 'float32' },
  f64: { array: Float64Array, dtype: 'float64' },
  i32: { array: Int32Array, dtype: 'int32' },
  i64: { array: BigInt64Array, dtype: 'int64' },
} as const;
type ValueTypeName = keyof typeof VALUE_TYPES;

/** Typed arrays a caller may hand as the output, of value types and of none. */
const ARRAY_TYPES = [
  Float32Array,
  Float64Array,
  Int32Array,
  BigInt64Array,
  Int16Array,
  Uint32Array,
  Uint8Array,
  BigUint64Array,
] as const;

/** A filled array of `type` and `length` whose elements are all `fill`. */
function filled(type: (typeof ARRAY_TYPES)[number], length: number, fill: number) {
  const a = new type(length);
  if (a instanceof BigInt64Array || a instanceof BigUint64Array) a.fill(BigInt(fill));
  else a.fill(fill);
  return a;
}

/** A random `rows` x `cols` matrix of small integers (exact in every value type). */
function operands(random: () => number, valueType: ValueTypeName, rows: number, cols: number) {
  const tuples: [number, number][] = [];
  const values: number[] = [];
  for (let i = 0; i < rows; i++)
    for (let j = 0; j < cols; j++)
      if (random() < 0.4) {
        tuples.push([i, j]);
        values.push(Math.floor(random() * 9) - 4);
      }
  const { array, dtype } = VALUE_TYPES[valueType];
  const A = SparseTensor.fromCoordinates(tuples, values, [rows, cols], 'CSR', { dtype });
  const xs = Array.from({ length: cols }, () => Math.floor(random() * 7) - 3);
  const x =
    array === BigInt64Array
      ? BigInt64Array.from(xs, (v) => BigInt(v))
      : new (array as Float64ArrayConstructor)(xs);
  // y(i) = sum_j A(i,j) x(j), by hand.
  const y = new Array<number>(rows).fill(0);
  tuples.forEach(([i, j], k) => {
    y[i] = (y[i] as number) + (values[k] as number) * (xs[j] as number);
  });
  return { A, x: { data: x, shape: [cols] }, y };
}

describe('runKernel output of a dense-output kernel', () => {
  const random = seededRandom(3531);
  for (const valueType of Object.keys(VALUE_TYPES) as ValueTypeName[]) {
    const kernel = sparsify('y(i) = A(i,j) * x(j)', { A: 'CSR' }, { valueType });
    const expected = VALUE_TYPES[valueType].array.name;
    for (const engine of ENGINES) {
      it(`${valueType} on ${engine}: takes its own array, refuses every other`, () => {
        const fn = compile(kernel.module, kernel.functionName, { engine });
        const rows = 2 + Math.floor(random() * 6);
        const { A, x, y } = operands(random, valueType, rows, 1 + Math.floor(random() * 6));
        const right = filled(VALUE_TYPES[valueType].array, rows, 7);
        expect(runKernel(kernel, fn, { A, x }, right as Float32Array)).toBe(right);
        expect(Array.from(right, Number)).toEqual(y);
        const wrong: { value: unknown; got: string }[] = [];
        for (const type of ARRAY_TYPES) {
          for (const length of [rows - 1, rows, rows + 1]) {
            if (type === VALUE_TYPES[valueType].array && length === rows) continue;
            const article = /^[AEIOU]/.test(type.name) ? 'an' : 'a';
            wrong.push({
              value: filled(type, length, 7),
              got: `${article} ${type.name} of ${length} elements`,
            });
          }
        }
        wrong.push(
          { value: Array.from({ length: rows }, () => 0), got: `an array of length ${rows}` },
          { value: 'y', got: "'y'" },
          { value: rows, got: String(rows) },
          { value: { data: right, shape: [rows] }, got: 'an object' },
          { value: new DataView(new ArrayBuffer(8 * rows)), got: 'a DataView' },
        );
        for (const { value, got } of wrong) {
          const before = ArrayBuffer.isView(value) ? new Uint8Array(value.buffer).slice() : value;
          let thrown: unknown;
          try {
            runKernel(kernel, fn, { A, x }, value as unknown as Float32Array);
          } catch (error) {
            thrown = error;
          }
          expect(thrown, got).toBeInstanceOf(SparsifyError);
          expect((thrown as SparsifyError).argument).toBe('output');
          // A wrong array is refused for its type, one of the right type for its length.
          const rightType = value instanceof VALUE_TYPES[valueType].array;
          expect((thrown as Error).message).toBe(
            rightType
              ? `Invalid output: expected ${rows} elements, got ${(value as Float32Array).length}`
              : `Invalid output: expected a ${expected}, got ${got}`,
          );
          if (ArrayBuffer.isView(value))
            expect(new Uint8Array(value.buffer), `${got} left as it was`).toEqual(before);
        }
      });
    }
  }
});
