/**
 * Builder: appends freshly created operations to a list, with typed helpers for the ops the
 * vectorizer emits. Region-carrying helpers (`forOp`, `ifOp`, `whileOp`, `func`) take body
 * callbacks that receive a nested builder and return the values to yield.
 */

import {
  expectAttributes,
  expectFunction,
  expectString,
  expectTypes,
  expectValues,
} from '../argument-checks.js';
import { LoopIrError } from '../loop-ir-error.js';
import { result } from './accessors.js';
import type { AffineMap } from './affine.js';
import {
  type Attribute,
  type AttributeMap,
  affineMapAttr,
  type CombiningKind,
  combiningKindAttr,
  type DenseElement,
  denseArrayAttr,
  denseAttr,
  floatAttr,
  i1Attr,
  integerAttr,
  predicateAttr,
  stringAttr,
  typeAttr,
} from './attributes.js';
import {
  createBlock,
  createModule,
  createOperation,
  createRegion,
  createValue,
  type Module,
  type Operation,
  type OperationSpec,
  type Region,
  type Value,
} from './operation.js';
import { type Position, splitPosition } from './position.js';
import {
  boolLike,
  elementTypeOf,
  type FloatType,
  functionType,
  type IntegerType,
  index,
  type Type,
  type VectorType,
  vectorOf,
} from './types.js';

/** Raised when a builder helper is given values of the wrong kind. */
export class BuilderError extends LoopIrError {
  override readonly name = 'BuilderError';
}

/**
 * Body callback of a single-block region: returns the values its terminator yields
 * (nothing, for a terminator without operands).
 */
export type BodyFn<Args extends readonly Value[]> = (
  b: Builder,
  ...args: Args
  // biome-ignore lint/suspicious/noConfusingVoidType: bodies without yields simply do not return.
) => readonly Value[] | undefined | void;

/** Appends operations to an owned list; read them back with {@link Builder.operations}. */
export class Builder {
  readonly #ops: Operation[] = [];

  /** The operations built so far (a frozen snapshot). */
  get operations(): readonly Operation[] {
    return Object.freeze([...this.#ops]);
  }

  /** Appends an existing operation (e.g. a clone) and returns it. */
  insert(op: Operation): Operation {
    this.#ops.push(op);
    return op;
  }

  /** Creates and appends an operation. */
  create(spec: OperationSpec): Operation {
    return this.insert(createOperation(spec));
  }

  /** Creates and appends a single-result operation, returning its result. */
  value(
    name: string,
    operands: readonly Value[],
    type: Type,
    attributes: AttributeMap = {},
  ): Value {
    return result(this.create({ name, operands, resultTypes: [type], attributes }));
  }

  /** `arith.constant N : index`. */
  constantIndex(n: number | bigint): Value {
    return this.constant(integerAttr(n, index));
  }

  /** `arith.constant N : iW`. */
  constantInt(n: number | bigint, type: IntegerType): Value {
    return this.constant(integerAttr(n, type));
  }

  /** `arith.constant true|false`. */
  constantBool(b: boolean): Value {
    return this.constant(i1Attr(b));
  }

  /** `arith.constant X : fN`. */
  constantFloat(x: number, type: FloatType): Value {
    return this.constant(floatAttr(x, type));
  }

  /** `arith.constant dense<...> : vector<...>` (one value = splat). */
  constantDense(type: VectorType, values: readonly DenseElement[]): Value {
    return this.constant(denseAttr(type, values));
  }

  /** `arith.constant` of any typed attribute. */
  constant(value: Attribute): Value {
    const type =
      value.kind === 'integer' || value.kind === 'float' || value.kind === 'dense'
        ? value.type
        : undefined;
    if (type === undefined)
      throw new BuilderError(`arith.constant needs a typed attribute, got ${value.kind}`);
    return this.value('arith.constant', [], type, { value });
  }

  /** Any same-type binary op, e.g. `b.binary('arith.addf', x, y)`. */
  binary(name: string, lhs: Value, rhs: Value): Value {
    return this.value(name, [lhs, rhs], lhs.type);
  }

  /** Any same-type unary op, e.g. `b.unary('math.sqrt', x)`. */
  unary(name: string, operand: Value): Value {
    return this.value(name, [operand], operand.type);
  }

  addf(a: Value, b: Value): Value {
    return this.binary('arith.addf', a, b);
  }
  mulf(a: Value, b: Value): Value {
    return this.binary('arith.mulf', a, b);
  }
  addi(a: Value, b: Value): Value {
    return this.binary('arith.addi', a, b);
  }
  subi(a: Value, b: Value): Value {
    return this.binary('arith.subi', a, b);
  }
  muli(a: Value, b: Value): Value {
    return this.binary('arith.muli', a, b);
  }

  /** `arith.cmpi <pred>` (result i1 or an i1 vector shaped like the operands). */
  cmpi(predicate: string, lhs: Value, rhs: Value): Value {
    return this.value('arith.cmpi', [lhs, rhs], boolLike(lhs.type), {
      predicate: predicateAttr('cmpi', predicate),
    });
  }

  /** `arith.cmpf <pred>`. */
  cmpf(predicate: string, lhs: Value, rhs: Value): Value {
    return this.value('arith.cmpf', [lhs, rhs], boolLike(lhs.type), {
      predicate: predicateAttr('cmpf', predicate),
    });
  }

  /** `arith.select`. */
  select(condition: Value, whenTrue: Value, whenFalse: Value): Value {
    return this.value('arith.select', [condition, whenTrue, whenFalse], whenTrue.type);
  }

  /** Any cast op, e.g. `b.cast('arith.index_cast', i, i32)`. */
  cast(name: string, operand: Value, to: Type): Value {
    return this.value(name, [operand], to);
  }

  /** `memref.load %m[%i...]`. */
  load(memref: Value, indices: readonly Value[]): Value {
    return this.value('memref.load', [memref, ...indices], elementTypeOf(memref.type));
  }

  /** `memref.store %v, %m[%i...]`. */
  store(value: Value, memref: Value, indices: readonly Value[]): Operation {
    return this.create({ name: 'memref.store', operands: [value, memref, ...indices] });
  }

  /** `memref.dim %m, %i`. */
  dim(memref: Value, dimIndex: Value): Value {
    return this.value('memref.dim', [memref, dimIndex], index);
  }

  /** `affine.apply|min|max map(dims)[symbols]`; operands are dims then symbols. */
  affine(kind: 'apply' | 'min' | 'max', map: AffineMap, operands: readonly Value[]): Value {
    return this.value(`affine.${kind}`, operands, index, { map: affineMapAttr(map) });
  }

  /** `vector.broadcast %s : T to vector<...>`. */
  broadcast(source: Value, type: VectorType): Value {
    return this.value('vector.broadcast', [source], type);
  }

  /** `vector.load %base[%i...] : memref<..>, vector<..>`. */
  vectorLoad(type: VectorType, base: Value, indices: readonly Value[]): Value {
    return this.value('vector.load', [base, ...indices], type);
  }

  /** `vector.store %v, %base[%i...]`. */
  vectorStore(value: Value, base: Value, indices: readonly Value[]): Operation {
    return this.create({ name: 'vector.store', operands: [value, base, ...indices] });
  }

  /** `vector.maskedload %base[%i...], %mask, %passThru`. */
  maskedLoad(base: Value, indices: readonly Value[], mask: Value, passThru: Value): Value {
    return this.value('vector.maskedload', [base, ...indices, mask, passThru], passThru.type);
  }

  /** `vector.maskedstore %base[%i...], %mask, %value`. */
  maskedStore(base: Value, indices: readonly Value[], mask: Value, value: Value): Operation {
    return this.create({ name: 'vector.maskedstore', operands: [base, ...indices, mask, value] });
  }

  /** `vector.gather %base[%i...] [%indexVec], %mask, %passThru`. */
  gather(
    base: Value,
    indices: readonly Value[],
    indexVec: Value,
    mask: Value,
    passThru: Value,
  ): Value {
    return this.value('vector.gather', [base, ...indices, indexVec, mask, passThru], passThru.type);
  }

  /** `vector.scatter %base[%i...] [%indexVec], %mask, %value`. */
  scatter(
    base: Value,
    indices: readonly Value[],
    indexVec: Value,
    mask: Value,
    value: Value,
  ): Operation {
    return this.create({
      name: 'vector.scatter',
      operands: [base, ...indices, indexVec, mask, value],
    });
  }

  /** `vector.create_mask %n... : vector<..xi1>`. */
  createMask(type: VectorType, bounds: readonly Value[]): Value {
    return this.value('vector.create_mask', bounds, type);
  }

  /** `vector.constant_mask [n...] : vector<..xi1>`. */
  constantMask(type: VectorType, sizes: readonly number[]): Value {
    return this.value('vector.constant_mask', [], type, { mask_dim_sizes: denseArrayAttr(sizes) });
  }

  /** `vector.reduction <kind>, %v [, %acc] : vector<..> into T`. */
  reduction(kind: CombiningKind, vector: Value, acc?: Value): Value {
    const operands = acc === undefined ? [vector] : [vector, acc];
    return this.value('vector.reduction', operands, elementTypeOf(vector.type), {
      kind: combiningKindAttr(kind),
    });
  }

  /** `vector.step : vector<Nxindex>` (scalable when asked). */
  step(length: number, scalable = false): Value {
    return this.value('vector.step', [], vectorOf(length, index, scalable));
  }

  /** `vector.vscale`. */
  vscale(): Value {
    return result(
      this.create({ name: 'vector.vscale', resultTypes: [index], resultNames: ['vscale'] }),
    );
  }

  /** `vector.insert %v, %dest[pos...]`. */
  vectorInsert(value: Value, dest: Value, position: readonly Position[]): Value {
    const { attr, dynamic } = splitPosition(position);
    return this.value('vector.insert', [value, dest, ...dynamic], dest.type, {
      static_position: attr,
    });
  }

  /** `vector.extract %src[pos...]` (the result type drops one dimension per position). */
  vectorExtract(source: Value, position: readonly Position[]): Value {
    const t = source.type;
    if (t.kind !== 'vector') throw new BuilderError('vector.extract source must be a vector');
    const rest = t.shape.slice(position.length);
    const type: Type =
      rest.length === 0
        ? t.element
        : vectorOf(rest, t.element, t.scalableDims.slice(position.length));
    const { attr, dynamic } = splitPosition(position);
    return this.value('vector.extract', [source, ...dynamic], type, { static_position: attr });
  }

  /** `scf.yield`. */
  yield(values: readonly Value[] = []): Operation {
    return this.create({ name: 'scf.yield', operands: values });
  }

  /**
   * `scf.for %iv = lo to hi step s iter_args(...)`; the body gets `(b, iv, ...iterArgs)` and
   * returns the values to yield (one per iter arg).
   */
  forOp(
    lo: Value,
    hi: Value,
    step: Value,
    iterArgs: readonly Value[],
    body: BodyFn<Value[]>,
    attributes: AttributeMap = {},
  ): Operation {
    const region = buildRegion([lo.type, ...iterArgs.map((v) => v.type)], body, 'scf.yield');
    return this.create({
      name: 'scf.for',
      operands: [lo, hi, step, ...iterArgs],
      resultTypes: iterArgs.map((v) => v.type),
      attributes,
      regions: [region],
    });
  }

  /** `scf.if %c -> (types) { then } else { else }`; the else region is empty when omitted. */
  ifOp(
    condition: Value,
    resultTypes: readonly Type[],
    thenBody: BodyFn<[]>,
    elseBody?: BodyFn<[]>,
  ): Operation {
    const elseRegion =
      elseBody === undefined ? createRegion([]) : buildRegion([], elseBody, 'scf.yield');
    return this.create({
      name: 'scf.if',
      operands: [condition],
      resultTypes,
      regions: [buildRegion([], thenBody, 'scf.yield'), elseRegion],
    });
  }

  /**
   * `scf.while`: `before` returns `[condition, ...forwarded]` (emitted as `scf.condition`),
   * `after` receives the forwarded values and returns the next iteration's inits.
   */
  whileOp(
    inits: readonly Value[],
    resultTypes: readonly Type[],
    before: BodyFn<Value[]>,
    after: BodyFn<Value[]>,
  ): Operation {
    return this.create({
      name: 'scf.while',
      operands: inits,
      resultTypes,
      regions: [
        buildRegion(
          inits.map((v) => v.type),
          before,
          'scf.condition',
        ),
        buildRegion(resultTypes, after, 'scf.yield'),
      ],
    });
  }
}

/** Builds a single-block region whose block ends with `terminator` over the body's values. */
export function buildRegion(
  argTypes: readonly Type[],
  body: BodyFn<Value[]>,
  terminator: string,
): Region {
  expectTypes(argTypes, 'argTypes');
  expectFunction(body, 'body');
  expectString(terminator, 'terminator');
  const args = argTypes.map((t) => createValue(t));
  const b = new Builder();
  const yielded = body(b, ...args) ?? [];
  expectValues(yielded, 'body', 'a callback returning the Values to yield, or nothing');
  b.create({ name: terminator, operands: yielded });
  return createRegion([createBlock(args, b.operations)]);
}

/** Builds `func.func @name(inputs) -> results` whose body returns what `body` returns. */
export function buildFunction(
  name: string,
  inputs: readonly Type[],
  results: readonly Type[],
  body: BodyFn<Value[]>,
  attributes: AttributeMap = {},
): Operation {
  expectString(name, 'name');
  expectTypes(inputs, 'inputs');
  expectTypes(results, 'results');
  expectFunction(body, 'body');
  expectAttributes(attributes, 'attributes');
  return createOperation({
    name: 'func.func',
    attributes: {
      sym_name: stringAttr(name),
      function_type: typeAttr(functionType(inputs, results)),
      ...attributes,
    },
    regions: [buildRegion(inputs, body, 'func.return')],
  });
}

/** A module of the given top-level operations. */
export function buildModule(operations: readonly Operation[]): Module {
  return createModule(operations);
}
