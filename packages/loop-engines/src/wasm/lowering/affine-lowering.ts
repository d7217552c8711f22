/**
 * `affine.apply`, `affine.min`, `affine.max` on `index` (i64) operands. `floordiv`,
 * `ceildiv` and `mod` follow MLIR's affine semantics (floor toward -inf, non-negative mod).
 */
import type { AffineExpr, AffineMap } from '@tilekit/loop-ir';
import { type Push, type ScalarContext, spill } from './scalar-ops.js';

/** Pushes the value of one affine expression. */
export function pushAffineExpr(
  ctx: ScalarContext,
  e: AffineExpr,
  dims: readonly Push[],
  symbols: readonly Push[],
): void {
  const { f } = ctx;
  switch (e.kind) {
    case 'dim':
      (dims[e.position] as Push)();
      return;
    case 'symbol':
      (symbols[e.position] as Push)();
      return;
    case 'constant':
      f.constInt('i64', e.value);
      return;
    case 'binary': {
      const a = spill(ctx, () => pushAffineExpr(ctx, e.lhs, dims, symbols), 'i64');
      const b = spill(ctx, () => pushAffineExpr(ctx, e.rhs, dims, symbols), 'i64');
      const simple = { '+': 'i64.add', '-': 'i64.sub', '*': 'i64.mul' } as const;
      if (e.op === '+' || e.op === '-' || e.op === '*') {
        a();
        b();
        f.op(simple[e.op]);
        return;
      }
      // A zero divisor raises the interpreter's AffineEvalError (wasm would trap).
      b();
      f.op('i64.eqz').structured('if');
      ctx.callHost(`affine.${e.op}.byZero`, [], 'i32');
      f.op('drop').op('end');
      if (e.op === 'mod') {
        // ((a % b) + |b|) % b: never negative, whatever the divisor's sign (as the interpreter's).
        a();
        b();
        f.op('i64.rem_s');
        f.constInt('i64', 0);
        b();
        f.op('i64.sub');
        b();
        b();
        f.constInt('i64', 0).op('i64.lt_s').op('select'); // b < 0 ? -b : b
        f.op('i64.add');
        b();
        f.op('i64.rem_s');
        return;
      }
      // floordiv / ceildiv: truncating quotient adjusted by one when the remainder is non-zero
      // and its sign calls for it.
      a();
      b();
      f.op('i64.div_s');
      a();
      b();
      f.op('i64.rem_s').op('i64.eqz').op('i32.eqz');
      a();
      f.constInt('i64', 0).op('i64.lt_s');
      b();
      f.constInt('i64', 0).op('i64.lt_s');
      f.op(e.op === 'ceildiv' ? 'i32.eq' : 'i32.ne')
        .op('i32.and')
        .op('i64.extend_i32_u');
      f.op(e.op === 'ceildiv' ? 'i64.add' : 'i64.sub');
      return;
    }
  }
}

/** Pushes `affine.apply` (one result), or the min/max over all results, of the given dims and symbols. */
export function pushAffineMap(
  ctx: ScalarContext,
  kind: 'apply' | 'min' | 'max',
  map: AffineMap,
  dims: readonly Push[],
  symbols: readonly Push[],
): void {
  const [first, ...rest] = map.results;
  if (first === undefined) throw new RangeError('affine map without results');
  if (kind === 'apply') {
    pushAffineExpr(ctx, first, dims, symbols);
    return;
  }
  let acc = spill(ctx, () => pushAffineExpr(ctx, first, dims, symbols), 'i64');
  for (const e of rest) {
    const next = spill(ctx, () => pushAffineExpr(ctx, e, dims, symbols), 'i64');
    const prev = acc;
    acc = spill(
      ctx,
      () => {
        prev();
        next();
        prev();
        next();
        ctx.f.op(kind === 'min' ? 'i64.lt_s' : 'i64.gt_s').op('select');
      },
      'i64',
    );
  }
  acc();
}
