/**
 * Turns what users pass for a layout (layout text, whole-shape text, a parsed `Layout` or a
 * parsed shape) into canonical layout text and, for shapes, the dimensions it names. Parsing,
 * validation and printing are `@tilekit/layout`'s; errors from it propagate unchanged.
 */
import {
  type ArrayShape,
  formatLayout,
  type Layout,
  parseLayout,
  parseShape,
  type Shape,
} from '@tilekit/layout';
import { describeValue } from '@tilekit/tfjs-backend-support';
import { KernelArgumentError } from '../errors.js';
import { LruCache } from '../util/lru.js';
import { PRIMITIVE_OF_DTYPE } from './shape-text.js';

/** A layout as text (`'{1,0:T(8,128)}'`) or parsed, or a whole shape (`'f32[3,5]{1,0:T(2,2)}'`). */
export type LayoutSpec = string | Layout | Shape;

/** A whole shape as text or parsed: dimensions and layout together. */
export type ShapeSpec = string | Shape;

/** Canonical layout text plus the dimensions and element type the argument named, if any. */
export interface ResolvedLayout {
  readonly layout: string;
  readonly dims: readonly number[] | null;
  /** The XLA element type a shape argument wrote (`'f32'`, `'s32'` ...); null for a bare layout. */
  readonly elementType: string | null;
}

const isLayout = (spec: Layout | Shape): spec is Layout => 'minorToMajor' in spec;

// Resolving text is a pure function of the text, and an app calls these ops with the same few
// layouts over and over: parsing and printing them again cost a call more host time than a
// 2048² pass takes on a real GPU. Only successes are kept, so a bad argument throws (naming the
// caller's op and argument) on every call.
const resolvedTexts = new LruCache<ResolvedLayout>(
  { maxEntries: 256, maxWeight: Number.POSITIVE_INFINITY },
  () => 1,
);
const layoutRanks = new LruCache<number>(
  { maxEntries: 256, maxWeight: Number.POSITIVE_INFINITY },
  () => 1,
);

/** The array shape inside `shape` (a buffer `b(...)` stands for its array). */
function arrayShapeOf(op: string, argument: string, shape: Shape): ArrayShape {
  if (shape.kind === 'array') return shape;
  if (shape.kind === 'buffer') return shape.buffer;
  throw new KernelArgumentError(op, argument, `must be an array shape, got a ${shape.kind} shape`);
}

/** Static dimension sizes of `shape`. */
function staticDims(op: string, argument: string, shape: ArrayShape): number[] {
  return shape.dimensions.map((d, axis) => {
    if (d.kind !== 'static') {
      throw new KernelArgumentError(
        op,
        argument,
        `dimension ${axis} must be static, got ${d.kind}`,
      );
    }
    return d.size;
  });
}

/**
 * Resolves a layout or shape argument.
 *
 * @param op Public op name, for errors.
 * @param argument Argument name, for errors.
 * @throws KernelArgumentError, LayoutSyntaxError, LayoutValidationError
 */
export function resolveLayoutSpec(op: string, argument: string, spec: LayoutSpec): ResolvedLayout {
  if (typeof spec === 'string') {
    return resolvedTexts.getOrCompute(spec, () =>
      spec.trimStart().startsWith('{')
        ? { layout: formatLayout(parseLayout(spec)), dims: null, elementType: null }
        : resolveLayoutSpec(op, argument, parseShape(spec)),
    );
  }
  if (typeof spec !== 'object' || spec === null || !('minorToMajor' in spec || 'kind' in spec)) {
    throw new KernelArgumentError(
      op,
      argument,
      `must be layout text ('{1,0:T(2,2)}'), shape text ('f32[3,5]{1,0}'), a parsed Layout or a parsed Shape, got ${describeValue(spec)}`,
    );
  }
  if (isLayout(spec)) return { layout: formatLayout(spec), dims: null, elementType: null };
  const shape = arrayShapeOf(op, argument, spec);
  return {
    layout: formatLayout(shape.layout),
    dims: Object.freeze(staticDims(op, argument, shape)),
    elementType: shape.elementType,
  };
}

/**
 * Checks that the element type a shape argument wrote for a buffer is the one tensors of `dtype`
 * are spelled with (`f32` float32, `s32` int32, `pred` bool): the result keeps the buffer's
 * dtype, so a different type in the text would be silently ignored.
 *
 * @throws KernelArgumentError
 */
export function assertElementTypeOf(
  op: string,
  argument: string,
  elementType: string | null,
  dtype: string,
): void {
  const expected = PRIMITIVE_OF_DTYPE[dtype];
  if (elementType !== null && expected !== undefined && elementType !== expected) {
    throw new KernelArgumentError(
      op,
      argument,
      `names element type ${elementType}, but the buffer has dtype ${dtype} (written ${expected}); tilekit never converts dtypes, so write ${expected} or cast the buffer first`,
    );
  }
}

/**
 * Resolves a layout argument that applies to a tensor of dimensions `dims`: a bare layout must
 * order as many dimensions as the tensor has, a shape argument's dimensions must equal them (its
 * element type is not used: the shape only supplies the layout).
 *
 * @throws KernelArgumentError when the layout or shape disagrees with the tensor's dimensions.
 */
export function resolveLayoutFor(
  op: string,
  argument: string,
  spec: LayoutSpec,
  dims: readonly number[],
): string {
  const resolved = resolveLayoutSpec(op, argument, spec);
  if (resolved.dims !== null && !sameDims(resolved.dims, dims)) {
    throw new KernelArgumentError(
      op,
      argument,
      `names dimensions [${resolved.dims}], but the tensor has shape [${dims}]`,
    );
  }
  const rank = layoutRanks.getOrCompute(
    resolved.layout,
    () => parseLayout(resolved.layout).minorToMajor.length,
  );
  if (rank !== dims.length) {
    // Said in the caller's terms: @tilekit/layout would quote a shape text the caller never wrote.
    throw new KernelArgumentError(
      op,
      argument,
      `orders ${rank} dimension${rank === 1 ? '' : 's'} (minor-to-major ${resolved.layout}), but the tensor has rank ${dims.length} (shape [${dims}])`,
    );
  }
  return resolved.layout;
}

/**
 * Resolves an argument that must be a whole shape (dimensions and layout).
 *
 * @throws KernelArgumentError when it is a bare layout.
 */
export function resolveShapeSpec(
  op: string,
  argument: string,
  spec: ShapeSpec,
): { readonly layout: string; readonly dims: readonly number[]; readonly elementType: string } {
  const resolved = resolveLayoutSpec(op, argument, spec);
  if (resolved.dims === null) {
    throw new KernelArgumentError(
      op,
      argument,
      `must be a whole shape with dimensions, e.g. 'f32[3,5]{1,0:T(2,2)}', got a bare layout`,
    );
  }
  return { layout: resolved.layout, dims: resolved.dims, elementType: resolved.elementType ?? '' };
}

/** Whether two dimension lists are equal. */
export function sameDims(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((size, i) => size === b[i]);
}
