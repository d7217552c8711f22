/**
 * Named operand/result accessors: each name resolves to the value placed at that segment's
 * position when the op was created, whatever the length of the op's variadic segment, and a
 * wrong name or a malformed op is an OperandAccessError naming op and segment.
 */
import { describe, expect, it } from 'vitest';
import {
  createOperation,
  createValue,
  f32,
  i1,
  index,
  memrefOf,
  OperandAccessError,
  type Operation,
  operand,
  operands,
  optionalOperand,
  result,
  SegmentError,
  type Type,
  type Value,
  vectorOf,
} from '../../src/index.js';

const buffer = memrefOf([8, 8], f32);
const v4f32 = vectorOf([4], f32);
const v4i1 = vectorOf([4], i1);

function indices(n: number): Value[] {
  return Array.from({ length: n }, (_, k) => createValue(index, `i${k}`));
}

function op(
  name: string,
  operandValues: readonly Value[],
  resultTypes: readonly Type[] = [],
): Operation {
  return createOperation({ name, operands: operandValues, resultTypes });
}

function thrown(f: () => unknown): OperandAccessError {
  try {
    f();
  } catch (e) {
    if (e instanceof OperandAccessError) return e;
    throw e;
  }
  throw new Error('expected an OperandAccessError');
}

describe('operand / operands', () => {
  it.each([0, 1, 3])('memref.load with %i indices: memref first, the rest are indices', (n) => {
    const memref = createValue(buffer);
    const idx = indices(n);
    const load = op('memref.load', [memref, ...idx], [f32]);
    expect(operand(load, 'memref')).toBe(memref);
    expect(operands(load, 'indices')).toEqual(idx);
    expect(operands(load, 'memref')).toEqual([memref]);
  });

  it('memref.store: value, memref, then indices', () => {
    const [value, memref, ...idx] = [createValue(f32), createValue(buffer), ...indices(2)];
    const store = op('memref.store', [value as Value, memref as Value, ...idx]);
    expect(operand(store, 'value')).toBe(value);
    expect(operand(store, 'memref')).toBe(memref);
    expect(operands(store, 'indices')).toEqual(idx);
  });

  it.each([0, 2])('single segments after the variadic one count from the end (%i indices)', (n) => {
    const base = createValue(buffer);
    const idx = indices(n);
    const indexVec = createValue(vectorOf([4], index));
    const mask = createValue(v4i1);
    const passThru = createValue(v4f32);
    const gather = op('vector.gather', [base, ...idx, indexVec, mask, passThru], [v4f32]);
    expect(operand(gather, 'base')).toBe(base);
    expect(operands(gather, 'indices')).toEqual(idx);
    expect(operand(gather, 'indexVec')).toBe(indexVec);
    expect(operand(gather, 'mask')).toBe(mask);
    expect(operand(gather, 'passThru')).toBe(passThru);
  });

  it('an op name seen before with another variadic length still resolves (layout, not counts, is cached)', () => {
    const long = indices(3);
    const short = indices(1);
    const [m1, m2] = [createValue(v4i1), createValue(v4i1)];
    const p = createValue(v4f32);
    const a = op('vector.maskedload', [createValue(buffer), ...long, m1, p], [v4f32]);
    const b = op('vector.maskedload', [createValue(buffer), ...short, m2, p], [v4f32]);
    expect(operand(a, 'mask')).toBe(m1);
    expect(operand(b, 'mask')).toBe(m2);
    expect(operands(b, 'indices')).toEqual(short);
  });
});

describe('optionalOperand', () => {
  it('vector.reduction gives its accumulator when present, undefined when not', () => {
    const vector = createValue(v4f32);
    const acc = createValue(f32);
    expect(optionalOperand(op('vector.reduction', [vector, acc], [f32]), 'acc')).toBe(acc);
    expect(optionalOperand(op('vector.reduction', [vector], [f32]), 'acc')).toBeUndefined();
    expect(operands(op('vector.reduction', [vector], [f32]), 'acc')).toEqual([]);
    expect(operand(op('vector.reduction', [vector], [f32]), 'vector')).toBe(vector);
  });
});

describe('result', () => {
  it('the sole result, and by segment name', () => {
    const add = op('arith.addf', [createValue(f32), createValue(f32)], [f32]);
    expect(result(add)).toBe(add.results[0]);
    expect(result(add, 'result')).toBe(add.results[0]);
    const reduction = op('vector.reduction', [createValue(v4f32)], [f32]);
    expect(result(reduction, 'dest')).toBe(reduction.results[0]);
  });
});

describe('OperandAccessError', () => {
  const load = op('memref.load', [createValue(buffer), ...indices(2)], [f32]);

  it('names op and segment when the name is not a segment of the op', () => {
    const e = thrown(() => operand(load, 'mask'));
    expect(e).toBeInstanceOf(SegmentError);
    expect([e.opName, e.segment]).toEqual(['memref.load', 'mask']);
    expect(e.message).toContain("'memref'");
    expect(e.message).toContain("'indices'");
    expect(thrown(() => result(load, 'value')).segment).toBe('value');
  });

  it('rejects reading a variadic or optional segment as one value, and a single one as optional', () => {
    expect(thrown(() => operand(load, 'indices')).message).toContain('variadic');
    const reduction = op('vector.reduction', [createValue(v4f32)], [f32]);
    expect(thrown(() => operand(reduction, 'acc')).message).toContain('optional');
    expect(thrown(() => optionalOperand(reduction, 'vector')).message).toContain('not optional');
  });

  it('reports a missing value instead of returning undefined', () => {
    const bare = op('memref.load', [], [f32]);
    const e = thrown(() => operand(bare, 'memref'));
    expect([e.opName, e.segment]).toEqual(['memref.load', 'memref']);
    expect(e.message).toContain('0 operands');
    expect(() => operand(op('arith.addf', [createValue(f32)], [f32]), 'rhs')).toThrow(
      OperandAccessError,
    );
    expect(() => operand(op('arith.addf', indices(3), [f32]), 'lhs')).toThrow(OperandAccessError);
    const twoAccs = op(
      'vector.reduction',
      [createValue(v4f32), createValue(f32), createValue(f32)],
      [f32],
    );
    expect(() => optionalOperand(twoAccs, 'acc')).toThrow(OperandAccessError);
  });

  it('result() without a name needs exactly one result', () => {
    const store = op('memref.store', [createValue(f32), createValue(buffer)]);
    expect(thrown(() => result(store)).message).toContain('found 0');
  });

  it('names an op with no registered definition', () => {
    const e = thrown(() => operand(op('test.unknown', [createValue(f32)]), 'x'));
    expect(e.opName).toBe('test.unknown');
    expect(e.message).toContain('no op definition');
  });
});
