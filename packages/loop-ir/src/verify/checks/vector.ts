/** Checks of `vector` ops: broadcast shapes, positions, masks, reduction kinds. */
import type { CombiningKind } from '../../ir/attributes.js';
import { DYNAMIC_POSITION } from '../../ir/position.js';
import {
  elementTypeOf,
  isScalar,
  type Type,
  typeEquals,
  type VectorType,
  vectorOf,
} from '../../ir/types.js';
import { printType } from '../../print/types.js';
import type { VerifyContext } from '../context.js';

/** Source is a scalar of the result element type, or a vector broadcastable to the result. */
export function broadcastCompatible(ctx: VerifyContext): void {
  const src = ctx.op.operands[0]?.type;
  const dst = ctx.op.results[0]?.type;
  if (src === undefined || dst?.kind !== 'vector') return;
  const bad = () =>
    ctx.fail('broadcastCompatible', `cannot broadcast '${printType(src)}' to '${printType(dst)}'`);
  if (isScalar(src)) {
    if (!typeEquals(src, dst.element)) bad();
    return;
  }
  if (
    src.kind !== 'vector' ||
    !typeEquals(src.element, dst.element) ||
    src.shape.length > dst.shape.length
  ) {
    bad();
    return;
  }
  const offset = dst.shape.length - src.shape.length;
  const ok = src.shape.every(
    (d, i) =>
      d === 1 ||
      (d === dst.shape[i + offset] && src.scalableDims[i] === dst.scalableDims[i + offset]),
  );
  if (!ok) bad();
}

/** The type left after indexing `t` with `n` positions. */
function subType(t: VectorType, n: number): Type {
  return n >= t.shape.length
    ? t.element
    : vectorOf(t.shape.slice(n), t.element, t.scalableDims.slice(n));
}

/** vector.insert/extract: positions fit the vector and the value type is the indexed part. */
export function vectorPosition(ctx: VerifyContext): void {
  const { op } = ctx;
  const insert = op.name === 'vector.insert';
  const vec = (insert ? op.operands[1] : op.operands[0])?.type;
  const part = (insert ? op.operands[0] : op.results[0])?.type;
  const pos = op.attributes.static_position;
  if (vec?.kind !== 'vector' || part === undefined || pos?.kind !== 'denseArray') {
    ctx.fail('vectorPosition', 'requires a vector operand and a static_position');
    return;
  }
  if (pos.values.length > vec.shape.length) {
    ctx.fail(
      'vectorPosition',
      `has ${pos.values.length} positions for a rank-${vec.shape.length} vector`,
    );
    return;
  }
  const dynamic = pos.values.filter((v) => v === DYNAMIC_POSITION).length;
  const dynamicOperands = op.operands.length - (insert ? 2 : 1);
  if (dynamic !== dynamicOperands) {
    ctx.fail(
      'vectorPosition',
      `has ${dynamic} dynamic positions but ${dynamicOperands} position operands`,
    );
  }
  pos.values.forEach((v, i) => {
    const dim = vec.shape[i] as number;
    if (v !== DYNAMIC_POSITION && (v < 0n || v >= BigInt(dim))) {
      ctx.fail(
        'vectorPosition',
        `position ${v} is out of bounds for dimension ${i} of size ${dim}`,
      );
    }
  });
  const expected = subType(vec, pos.values.length);
  if (!typeEquals(part, expected)) {
    ctx.fail(
      'vectorPosition',
      `${insert ? 'inserted' : 'extracted'} type '${printType(part)}' must be '${printType(expected)}'`,
    );
  }
}

/** create_mask has one bound per dimension; constant_mask sizes fit the dimensions. */
export function maskRank(ctx: VerifyContext): void {
  const t = ctx.op.results[0]?.type;
  if (t?.kind !== 'vector') return;
  if (ctx.op.name === 'vector.create_mask') {
    if (ctx.op.operands.length !== t.shape.length) {
      ctx.fail(
        'maskRank',
        `must have ${t.shape.length} operands (one per dimension), got ${ctx.op.operands.length}`,
      );
    }
    return;
  }
  const sizes = ctx.op.attributes.mask_dim_sizes;
  if (sizes?.kind !== 'denseArray') return;
  if (sizes.values.length !== t.shape.length) {
    ctx.fail('maskRank', `must have ${t.shape.length} mask sizes, got ${sizes.values.length}`);
    return;
  }
  sizes.values.forEach((s, i) => {
    if (s < 0n || s > BigInt(t.shape[i] as number)) {
      ctx.fail(
        'maskRank',
        `mask size ${s} is out of bounds for dimension ${i} of size ${t.shape[i]}`,
      );
    }
  });
}

const INT_ONLY: ReadonlySet<CombiningKind> = new Set([
  'and',
  'or',
  'xor',
  'minui',
  'minsi',
  'maxui',
  'maxsi',
]);
const FLOAT_ONLY: ReadonlySet<CombiningKind> = new Set([
  'minnumf',
  'maxnumf',
  'minimumf',
  'maximumf',
]);

/** vector.reduction: 1-D source, result = element type, kind valid for the element type. */
export function reductionKind(ctx: VerifyContext): void {
  const src = ctx.op.operands[0]?.type;
  const dst = ctx.op.results[0]?.type;
  const kind = ctx.op.attributes.kind;
  if (src?.kind !== 'vector' || dst === undefined || kind?.kind !== 'combiningKind') return;
  if (src.shape.length !== 1)
    ctx.fail('reductionKind', `requires a 1-D vector, got '${printType(src)}'`);
  if (!typeEquals(dst, src.element)) {
    ctx.fail(
      'reductionKind',
      `result type '${printType(dst)}' must be the element type '${printType(src.element)}'`,
    );
  }
  const isFloat = elementTypeOf(src).kind === 'float';
  if ((isFloat && INT_ONLY.has(kind.value)) || (!isFloat && FLOAT_ONLY.has(kind.value))) {
    ctx.fail(
      'reductionKind',
      `combining kind '${kind.value}' is invalid for '${printType(src.element)}' elements`,
    );
  }
}
