/**
 * A caller's memref argument read and checked against its type: the one rule the interpreter
 * and the compiled engines (`@tilekit/loop-engines`) share, so that every engine takes and
 * refuses the same calls. A typed array, or `{data, shape, strides?, offset?}` with `shape`
 * the memref's rank of non-negative safe integers (the type's static sizes where it has them),
 * `strides` the rank of safe integers (row-major for an identity layout; needed where the
 * layout's are dynamic), `offset` a non-negative safe integer (0 for an identity layout;
 * needed where the layout's is dynamic). Lengths are checked before anything is iterated,
 * and each field is read once (a getter is not asked twice).
 */
import { describeValue, rowMajorStrides } from '@tilekit/errors';
import type { MemRefType } from '../ir/types.js';
import type { MemRefData } from './memory.js';

/** A memref argument's buffer and the view of it the call reads and writes. */
export interface MemRefView {
  readonly data: MemRefData;
  readonly shape: number[];
  readonly strides: number[];
  readonly offset: number;
}

/** The object form of a memref argument (any field may be junk). */
interface ViewObject {
  readonly data?: unknown;
  readonly shape?: unknown;
  readonly strides?: unknown;
  readonly offset?: unknown;
}

/** Builds the caller's error for a `detail` of what is wrong. */
type Fail = (detail: string) => Error;

/**
 * `arg` read as a memref of `type` (see the module comment); `fail(detail)` makes the error
 * thrown for an argument that does not fit. The element type of `data` and whether the view
 * stays inside it are the caller's to check (see {@link viewBounds}).
 */
export function readMemRefView(arg: unknown, type: MemRefType, fail: Fail): MemRefView {
  const rank = type.shape.length;
  const plain = ArrayBuffer.isView(arg);
  if (!plain && (typeof arg !== 'object' || arg === null))
    throw fail(`expected a typed array or {data, shape}, got ${describeValue(arg)}`);
  const view = plain ? undefined : (arg as ViewObject);
  const data = (plain ? arg : view?.data) as MemRefData;
  if (!ArrayBuffer.isView(data) || data instanceof DataView)
    throw fail(`expected a typed array or {data, shape}, got data ${describeValue(data)}`);
  const givenShape = view?.shape;
  if (givenShape === undefined && rank !== 1)
    throw fail(`a rank-${rank} memref needs {data, shape}`);
  const shape =
    givenShape === undefined
      ? [data.length]
      : rankList(
          givenShape,
          rank,
          'shape',
          (d) => Number.isSafeInteger(d) && (d as number) >= 0,
          fail,
        );
  type.shape.forEach((d, k) => {
    if (d !== '?' && d !== shape[k])
      throw fail(`dimension ${k} is ${shape[k]} but the type requires ${d}`);
  });
  const givenStrides =
    view?.strides === undefined
      ? undefined
      : rankList(view.strides, rank, 'strides', Number.isSafeInteger, fail);
  const givenOffset = view?.offset;
  if (
    givenOffset !== undefined &&
    !(Number.isSafeInteger(givenOffset) && (givenOffset as number) >= 0)
  )
    throw fail(`offset must be a non-negative safe integer, got ${describeValue(givenOffset)}`);
  const rowMajor = rowMajorStrides(shape);
  const layout = type.layout;
  if (layout === undefined) {
    if (givenOffset !== undefined && givenOffset !== 0)
      throw fail('an identity-layout memref needs offset 0');
    if (givenStrides?.some((s, k) => s !== rowMajor[k]))
      throw fail('an identity-layout memref needs row-major strides');
    return { data, shape, strides: [...rowMajor], offset: 0 };
  }
  const strides = layout.strides.map((s, k) => {
    const given = givenStrides?.[k];
    if (s === '?' && given === undefined) throw fail(`dynamic stride ${k} needs {strides}`);
    return s === '?' ? (given as number) : (given ?? s);
  });
  if (layout.offset === '?' && givenOffset === undefined)
    throw fail('a dynamic offset needs {offset}');
  const offset =
    layout.offset === '?' ? (givenOffset as number) : ((givenOffset as number) ?? layout.offset);
  return { data, shape, strides, offset };
}

/**
 * Where `view` leaves its buffer: `undefined` when every element it addresses lies inside (or
 * it has none), else the indices of the element that lies furthest out, past the end
 * (`high`) or before the start.
 */
export function viewBounds(view: MemRefView): { indices: number[]; high: boolean } | undefined {
  const { data, shape, strides, offset } = view;
  let lo = offset;
  let hi = offset;
  for (let k = 0; k < shape.length; k++) {
    const span = ((shape[k] as number) - 1) * (strides[k] as number);
    if (span < 0) lo += span;
    else hi += span;
  }
  if (!shape.every((d) => d > 0) || (hi < data.length && lo >= 0)) return undefined;
  const high = hi >= data.length;
  return { indices: shape.map((d, k) => ((strides[k] as number) > 0 === high ? d - 1 : 0)), high };
}

/** A caller's list as an error shows it: a short one entry by entry, a long one described. */
function listText(values: readonly unknown[]): string {
  return values.length <= 16
    ? `[${Array.from(values, (v) => describeValue(v)).join(', ')}]`
    : describeValue(values);
}

/** `given` checked as a list of `rank` entries (length first: nothing is iterated before). */
function rankList(
  given: unknown,
  rank: number,
  what: 'shape' | 'strides',
  entry: (v: unknown) => boolean,
  fail: Fail,
): number[] {
  const entries = what === 'shape' ? 'non-negative safe integers' : 'safe integers';
  if (!Array.isArray(given))
    throw fail(`${what} must be an array of ${rank} ${entries}, got ${describeValue(given)}`);
  if (given.length !== rank)
    throw fail(`${what} ${listText(given)} has rank ${given.length}, expected ${rank}`);
  const list = Array.from(given as unknown[]);
  if (!list.every(entry)) throw fail(`${what} ${listText(list)} must be ${rank} ${entries}`);
  return list as number[];
}
