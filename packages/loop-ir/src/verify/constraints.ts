/** Interprets the declarative {@link Constraint}s of op definitions. */
import type { Constraint, ElementKind, TypeKind } from '../ir/op-def.js';
import type { Value } from '../ir/operation.js';
import {
  bitWidth,
  boolLike,
  elementTypeOf,
  isScalar,
  type ScalarType,
  type Type,
  typeEquals,
} from '../ir/types.js';
import { printType } from '../print/types.js';
import { CHECKS } from './checks/index.js';
import { type VerifyContext, valuesOf } from './context.js';

/** Whether an element type is of each element kind. */
const ELEMENT_KINDS: Readonly<Record<ElementKind, (e: Type) => boolean>> = {
  float: (e) => e.kind === 'float',
  int: (e) => e.kind === 'integer',
  index: (e) => e.kind === 'index',
  intOrIndex: (e) => e.kind === 'integer' || e.kind === 'index',
  i1: (e) => e.kind === 'integer' && e.width === 1,
  any: (e) => isScalar(e),
};

/** Whether a type is of each type kind. */
const TYPE_KINDS: Readonly<Record<TypeKind, (t: Type) => boolean>> = {
  scalar: (t) => isScalar(t),
  vector: (t) => t.kind === 'vector',
  memref: (t) => t.kind === 'memref',
  index: (t) => t.kind === 'index',
  scalarOrVector: (t) => isScalar(t) || t.kind === 'vector',
};

function shapeKey(t: Type): string {
  return t.kind === 'vector' ? printType(boolLike(t)) : 'scalar';
}

function describe(values: readonly Value[]): string {
  return values.map((v) => `'${printType(v.type)}'`).join(', ');
}

/** Runs one constraint, reporting failures through `ctx.fail`. */
export function checkConstraint(ctx: VerifyContext, c: Constraint): void {
  const all = (refs: readonly string[]): readonly Value[] => {
    if (refs.length === 1) return valuesOf(ctx, refs[0] as string);
    const values: Value[] = [];
    for (const r of refs) values.push(...valuesOf(ctx, r));
    return values;
  };
  switch (c.rule) {
    case 'sameType': {
      const vs = all(c.refs);
      const first = vs[0];
      if (first !== undefined && !vs.every((v) => typeEquals(v.type, first.type))) {
        ctx.fail(
          'sameType',
          `requires ${c.refs.join(', ')} to have the same type, got ${describe(vs)}`,
        );
      }
      return;
    }
    case 'elementKind':
    case 'typeKind': {
      const [tests, wanted] =
        c.rule === 'elementKind'
          ? [
              c.kinds.map((k) => (t: Type) => ELEMENT_KINDS[k](elementTypeOf(t))),
              `to have ${c.kinds.join(' or ')} elements`,
            ]
          : [c.kinds.map((k) => TYPE_KINDS[k]), `to be ${c.kinds.join(' or ')}`];
      for (const v of all(c.refs)) {
        if (!tests.some((test) => test(v.type))) {
          ctx.fail(c.rule, `requires ${c.refs.join(', ')} ${wanted}, got '${printType(v.type)}'`);
        }
      }
      return;
    }
    case 'boolLike': {
      const [v] = valuesOf(ctx, c.ref);
      const [like] = valuesOf(ctx, c.like);
      if (v !== undefined && like !== undefined && !typeEquals(v.type, boolLike(like.type))) {
        ctx.fail(
          'boolLike',
          `requires ${c.ref} to be '${printType(boolLike(like.type))}', got '${printType(v.type)}'`,
        );
      }
      return;
    }
    case 'sameShape': {
      const vs = all(c.refs);
      if (new Set(vs.map((v) => shapeKey(v.type))).size > 1) {
        ctx.fail(
          'sameShape',
          `requires ${c.refs.join(', ')} to have the same shape, got ${describe(vs)}`,
        );
      }
      return;
    }
    case 'narrower': {
      const [n] = valuesOf(ctx, c.narrow);
      const [w] = valuesOf(ctx, c.wide);
      if (n === undefined || w === undefined) return;
      const nb = bitWidth(elementTypeOf(n.type) as ScalarType);
      const wb = bitWidth(elementTypeOf(w.type) as ScalarType);
      if (nb >= wb)
        ctx.fail(
          'narrower',
          `requires ${c.narrow} (${nb} bits) to be narrower than ${c.wide} (${wb} bits)`,
        );
      return;
    }
    case 'sameWidth': {
      const widths = all(c.refs).map((v) => bitWidth(elementTypeOf(v.type) as ScalarType));
      if (new Set(widths).size > 1)
        ctx.fail('sameWidth', `requires equal bit widths, got ${widths.join(' and ')}`);
      return;
    }
    case 'attr': {
      const a = ctx.op.attributes[c.name];
      if (a?.kind !== c.kind) {
        ctx.fail(
          'attr',
          `requires attribute '${c.name}' of kind ${c.kind}${a === undefined ? '' : `, got ${a.kind}`}`,
        );
      }
      return;
    }
    case 'check': {
      const check = CHECKS.get(c.name);
      if (check === undefined) throw new RangeError(`unknown verifier check '${c.name}'`);
      check(ctx);
      return;
    }
  }
}
