/**
 * A plain typed array for a rank-1 memref of identity layout is accepted without the general
 * checks (signature.ts). It must give what the same array as `{data, shape}` gives through
 * them: the same view, or the same error. Every element type against every typed-array
 * constructor, dynamic and static sizes (matching and not), empty arrays included.
 */
import { type MemRefType, parseModule } from '@tilekit/loop-ir';
import { thrownBy } from '@tilekit/test-support/thrown-by';
import { describe, expect, it } from 'vitest';
import { memrefView, readSignature } from '../src/signature.js';
import { TYPED_ARRAY_TYPES } from './support/typed-array-types.js';

const ELEMENTS = ['f16', 'f32', 'f64', 'i8', 'i16', 'i32', 'i64', 'index'] as const;
const ARRAYS = TYPED_ARRAY_TYPES;

/** The memref type of `memref<${size}x${element}>`, as the engines read it off a signature. */
function memrefType(size: string, element: string): MemRefType {
  const text = `func.func @k(%a: memref<${size}x${element}>) { return }`;
  return readSignature(parseModule(text), 'k').inputs[0] as MemRefType;
}

/** The view, or the thrown error's class and message. */
function outcome(view: () => unknown): unknown {
  const error = thrownBy(view);
  return error === undefined
    ? view()
    : { error: (error as Error).constructor.name, message: (error as Error).message };
}

describe('memrefView of a plain typed array', () => {
  it('equals the general path for every element type, array type and size', () => {
    let accepted = 0;
    for (const element of ELEMENTS) {
      for (const ArrayType of ARRAYS) {
        for (const length of [0, 3]) {
          for (const size of ['?', '3', '4']) {
            const t = memrefType(size, element);
            const data = new ArrayType(length);
            const fast = outcome(() => memrefView(data, t, '#0'));
            const general = outcome(() => memrefView({ data, shape: [length] }, t, '#0'));
            const where = `${ArrayType.name}(${length}) as memref<${size}x${element}>`;
            expect(fast, where).toEqual(general);
            if (!(typeof fast === 'object' && fast !== null && 'error' in fast)) accepted++;
          }
        }
      }
    }
    // 14 (element, array) pairs take (f32 and f64 one array each, i8 to i64 two, index four;
    // f16 none), each at '?' for both lengths and at size 3 for length 3.
    expect(accepted).toBe(14 * 3);
  });
});
