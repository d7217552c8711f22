/**
 * Binds operands to an emitted kernel's arguments (see kernel-signature.ts for the order):
 * sparse tensors contribute their position/coordinate/value arrays, dense operands their
 * data, and every index variable's size is read off the operands (and checked to agree).
 */

import { isMarkedImmutable, markImmutable } from '@tilekit/loop-engines';
import type { InterpretArg } from '@tilekit/loop-ir';
import { textOf } from '../../sparse-error.js';
import type { SparseFormat } from '../../sparse-tensor/format.js';
import { SparseTensor } from '../../sparse-tensor/sparse-tensor.js';
import type { IndexArray, ValueArray } from '../../sparse-tensor/storage-arrays.js';
import { checkKernel } from '../argument-checks.js';
import { SparsifyError } from '../errors.js';
import { inferAffineExtents, type LocatedShape } from '../planning/affine-extents.js';
import { dimensionShapeOf, withLevelOperands, withLevelShapes } from '../planning/block-view.js';
import type { KernelPlan, TensorPlan, ValueType } from '../planning/kernel-plan.js';
import {
  accessText,
  operandWindowOf,
  withOperandWindows,
  withWindowShapes,
} from '../planning/operand-window.js';
import { type AssemblyPlan, hasAssembly } from '../planning/output-plan.js';
import { outputAccessText, outputWindowCall, outputWindowOf } from '../planning/output-window.js';
import type { SparseKernel } from '../sparse-kernel.js';
import type { OutputStorage, WorkspaceFor } from './output-storage.js';
import { outputStorageWork } from './output-storage-hook.js';
import { valueArrayFor } from './value-array.js';
import { ARRAY_OF, castBetween, promotedValues, valueTypeOfArray } from './value-promotion.js';

/** A dense operand: row-major data and its shape (`[]` for a scalar held in a 1-array). */
export interface DenseOperand {
  readonly data: ValueArray | BigInt64Array;
  readonly shape: readonly number[];
}

/** What may be bound to a tensor of the notation. */
export type KernelOperand = SparseTensor | DenseOperand | number;

/** The arguments of one call plus the output buffer they write. */
export interface BoundCall {
  readonly args: InterpretArg[];
  /** The output's data (the values array of a formatted output). */
  readonly output: ValueArray | BigInt64Array;
  readonly outputShape: readonly number[];
  /** The storage a formatted output is assembled into (see {@link assembledOutput}). */
  readonly storage?: OutputStorage;
}

const isSparse = (o: KernelOperand): o is SparseTensor => typeof o === 'object' && 'format' in o;

/** The shape of an operand (`[]` for a scalar). */
export function shapeOf(o: KernelOperand): readonly number[] {
  return typeof o === 'number' ? [] : o.shape;
}

function checkFormat(t: TensorPlan, o: KernelOperand): void {
  const expected = t.format;
  if (expected === undefined) {
    if (isSparse(o))
      throw new SparsifyError(
        `operands.${t.name}`,
        'the kernel expects a dense operand, got a SparseTensor',
      );
    return;
  }
  if (!isSparse(o))
    throw new SparsifyError(`operands.${t.name}`, 'the kernel expects a SparseTensor');
  const f = o.format;
  const same =
    f.levels.join() === expected.levels.join() &&
    f.order.join() === expected.order.join() &&
    f.posWidth === expected.posWidth &&
    f.crdWidth === expected.crdWidth;
  if (!same) {
    const show = (x: typeof f) =>
      `[${x.levels.join(', ')}] order [${x.order}] pos ${x.posWidth} crd ${x.crdWidth}`;
    throw new SparsifyError(
      `operands.${t.name}`,
      `format ${show(f)} does not match the kernel's ${show(expected)}`,
    );
  }
}

const DTYPE_OF: Readonly<Record<ValueType, string>> = {
  f32: 'float32',
  f64: 'float64',
  i32: 'int32',
  i64: 'int64',
};

/**
 * The operand in the kernel's value type: as it is, promoted (a copy of its values, see
 * value-promotion.ts), or a {@link SparsifyError} naming the narrowing cast to write.
 */
function inValueType(t: TensorPlan, o: KernelOperand, valueType: ValueType): KernelOperand {
  if (typeof o === 'number') return o;
  // Sparse operands may be storage views (the wasm heap's), so the values array decides.
  const values: unknown = isSparse(o) ? o.values : o.data;
  const from = valueTypeOfArray(values);
  if (from === valueType) return o;
  const cast = from === undefined ? undefined : castBetween(from, valueType);
  if (cast?.promotes === true) {
    const promoted = promotedValues(values as ValueArray | BigInt64Array, valueType);
    if (!isSparse(o)) return { data: promoted, shape: o.shape };
    return SparseTensor.fromStorage(o.shape, o.format, {
      positions: o.positions,
      coordinates: o.coordinates,
      values: promoted,
    });
  }
  const found =
    typeof values === 'object' && values !== null ? values.constructor.name : typeof values;
  const dtype = DTYPE_OF[valueType];
  const convert = isSparse(o)
    ? `convert it (SparseTensor.fromDense(${t.name}.toDense(), ${t.name}.shape, ${t.name}.format, {dtype: '${dtype}'}))`
    : `pass a ${ARRAY_OF[valueType]} (e.g. ${ARRAY_OF[valueType]}.from(data)) or sparsify with its valueType`;
  // Messages are at most 200 characters: the cast, then the conversion to write.
  const why = cast === undefined ? '' : ` (${cast.cast} would narrow them)`;
  throw new SparsifyError(
    `operands.${t.name}`,
    `holds ${found} values but the kernel computes ${valueType}${why}; ${convert}`,
  );
}

/** An operand is a number, a sparse tensor (or storage view) or `{data, shape}`. */
function checkOperandKind(name: string, o: unknown): void {
  if (typeof o === 'number') return;
  const ok =
    typeof o === 'object' &&
    o !== null &&
    (o instanceof SparseTensor ||
      isStorageView(o) ||
      ('data' in o &&
        'shape' in o &&
        ArrayBuffer.isView((o as DenseOperand).data) &&
        Array.isArray((o as DenseOperand).shape)));
  if (!ok) {
    throw new SparsifyError(
      `operands.${name}`,
      'must be a number, a SparseTensor or {data: typed array, shape: number[]}',
    );
  }
  if (o instanceof SparseTensor || isStorageView(o as object)) return;
  const { data, shape } = o as DenseOperand;
  if (!shape.every((d) => Number.isSafeInteger(d) && d >= 0)) {
    throw new SparsifyError(
      `operands.${name}`,
      `shape [${shape.join(', ')}] is not a list of sizes`,
    );
  }
  const size = shape.reduce((a, b) => a * b, 1);
  if (data.length !== size) {
    throw new SparsifyError(
      `operands.${name}`,
      `shape [${shape.join(', ')}] needs ${size} elements, data has ${data.length}`,
    );
  }
}

/** A sparse tensor's storage arrays outside a `SparseTensor` (the wasm heap's views). */
function isStorageView(o: object): boolean {
  const v = o as Partial<SparseTensor>;
  return (
    typeof v.format === 'object' &&
    v.format !== null &&
    Array.isArray(v.format.levels) &&
    Array.isArray(v.shape) &&
    Array.isArray(v.positions) &&
    Array.isArray(v.coordinates) &&
    ArrayBuffer.isView(v.values)
  );
}

/** A `SparseTensor` of a sparse operand that may be a storage view (the wasm heap's). */
function asSparseTensor(
  o: Pick<SparseTensor, 'shape' | 'format' | 'positions' | 'coordinates' | 'values'>,
): SparseTensor {
  if (o instanceof SparseTensor) return o;
  return SparseTensor.fromStorage(o.shape, o.format, {
    positions: o.positions,
    coordinates: o.coordinates,
    values: o.values,
  });
}

/**
 * The operand bound to each kernel input, by input name: the caller's operands (own
 * properties only) checked for format and value type, and converted copies made from them.
 */
export function boundInputs(
  kernel: SparseKernel,
  operands: Readonly<Record<string, KernelOperand>>,
): Map<string, KernelOperand> {
  const { plan } = kernel;
  if (operands === null || typeof operands !== 'object') {
    throw new SparsifyError('operands', 'must be an object mapping tensor names to operands');
  }
  const bound = new Map<string, KernelOperand>();
  const checked = CHECKED.get(kernel) ?? plan.inputs.map(() => new WeakSet<SparseTensor>());
  CHECKED.set(kernel, checked);
  plan.inputs.forEach((t, k) => {
    const operand = t.source ?? t.name;
    const o = Object.hasOwn(operands, operand) ? operands[operand] : undefined;
    // A tensor that passed this input's checks before is bound as it is without them again.
    if (o instanceof SparseTensor && checked[k]?.has(o)) {
      bound.set(t.name, o);
      return;
    }
    // A window operand's errors name the caller's tensor it windows.
    const name = operandWindowOf(kernel, operand)?.tensor ?? operand;
    if (o === undefined) throw new SparsifyError(`operands.${name}`, 'missing');
    checkOperandKind(name, o);
    // A converted copy checks the caller's operand against the format it was planned from.
    checkFormat({ ...t, name, format: t.convertedFrom ?? t.format }, o);
    const typed = inValueType({ ...t, name }, o, plan.valueType);
    if (t.convertedFrom === undefined) {
      bound.set(t.name, typed);
      if (typed === o && o instanceof SparseTensor) checked[k]?.add(o);
    } else {
      // NOTE: an O(nnz log nnz) copy per call (COO, out-of-order levels), not in-place iteration.
      bound.set(t.name, asSparseTensor(typed as SparseTensor).convert(t.format as SparseFormat));
    }
  });
  return bound;
}

/**
 * Per kernel, by input position: the `SparseTensor`s that passed that input's checks (kind,
 * format, value type) and were bound as they are. A `SparseTensor`, its shape, format and
 * arrays never change, so the checks would pass again; a tensor that failed is not kept, so
 * it fails with the same error every call.
 */
const CHECKED = new WeakMap<SparseKernel, WeakSet<SparseTensor>[]>();

/**
 * Per kernel (whose plan never changes), what {@link indexSizes} reads of it, made on its first
 * call: the index variables, and the tensor accesses that size them.
 */
const SIZING = new WeakMap<SparseKernel, readonly [ReadonlySet<string>, readonly TensorPlan[]]>();

/** The {@link SIZING} of `kernel`. */
function sizingOf(kernel: SparseKernel) {
  let sizing = SIZING.get(kernel);
  if (sizing === undefined) {
    const { plan } = kernel;
    const temporaries = new Set(plan.temporaries.map((t) => t.output.name));
    const patterns = [plan, ...plan.temporaries].flatMap((p) =>
      p.operands.filter((t) => !temporaries.has(t.name)),
    );
    sizing = [new Set(plan.indexVars), [...plan.inputs, ...patterns]];
    SIZING.set(kernel, sizing);
  }
  return sizing;
}

/**
 * The size of every index variable, read off the operands (checked: formats, ranks, and that
 * operands sharing an index agree, every index pattern of a tensor included).
 */
export function indexSizes(
  kernel: SparseKernel,
  shapeOfInput: (input: string) => readonly number[],
): Map<string, number> {
  const { plan } = kernel;
  const [variables, accesses] = sizingOf(kernel);
  const sizes = new Map<string, number>();
  const located: LocatedShape[] = [];
  for (const t of accesses) {
    const input = t.argument ?? t.name;
    const name = plan.inputs.find((x) => x.name === input)?.source ?? input;
    const shape = shapeOfInput(input);
    if (shape.length !== t.indices.length) {
      throw new SparsifyError(
        `operands.${name}`,
        `expected rank ${t.indices.length}, got shape [${shape.join(', ')}]`,
      );
    }
    if (t.subscripts !== undefined) located.push({ name, subscripts: t.subscripts, shape });
    t.indices.forEach((i, d) => {
      // An affine subscript's text sizes nothing (see affine-extents.ts).
      if (!variables.has(i)) return;
      const n = shape[d] as number;
      const seen = sizes.get(i);
      if (seen !== undefined && seen !== n) {
        const window = operandWindowOf(kernel, name);
        throw new SparsifyError(
          `operands.${window?.tensor ?? name}`,
          `dimension ${d} (index ${i}) ${window === undefined ? '' : `of the window ${accessText(window)} `}is ${n} but another operand has ${seen}`,
        );
      }
      sizes.set(i, n);
    });
  }
  if (located.length > 0) inferAffineExtents(located, sizes);
  return sizes;
}

/** The output shape a call of `kernel` on `operands` has, checking the operands as a call would. */
export function outputShapeOf(
  kernel: SparseKernel,
  operands: Readonly<Record<string, KernelOperand>>,
): number[] {
  checkKernel(kernel);
  const outputWindow = outputWindowOf(kernel);
  if (outputWindow !== undefined) {
    const call = outputWindowCall();
    const computed = outputShapeOf(outputWindow.kernel, operands);
    const whole = call.wholeOutputOf(outputWindow, operands, kernel.plan.valueType).shape;
    call.checkWindowExtents(outputWindow, whole, computed);
    return [...whole];
  }
  const levelOperands = withLevelOperands(kernel, operands);
  const bound = boundInputs(kernel, withOperandWindows(kernel, levelOperands));
  const sizes = indexSizes(kernel, (input) => shapeOf(bound.get(input) as KernelOperand));
  return dimensionShapeOf(
    kernel,
    kernel.plan.output.indices.map((i) => sizes.get(i) ?? 0),
  );
}

/**
 * The output shape of a call of `kernel` whose operands have the given shapes (by the caller's
 * operand names; a scalar's shape is `[]`), checking ranks and that shared indices agree. For
 * callers that hold no operand data yet (a GPU backend planning its passes).
 */
export function outputShapeOfShapes(
  kernel: SparseKernel,
  shapes: Readonly<Record<string, readonly number[]>>,
): number[] {
  const sizes = indexExtentsOfShapes(kernel, shapes);
  const outputWindow = outputWindowOf(kernel);
  if (outputWindow !== undefined) {
    const call = outputWindowCall();
    const computed = outputWindow.kernel.plan.output.indices.map((i) => sizes.get(i) ?? 0);
    const whole = call.checkWholeOutputShape(
      outputWindow,
      Object.hasOwn(shapes, outputWindow.tensor) ? shapes[outputWindow.tensor] : undefined,
    );
    call.checkWindowExtents(outputWindow, whole, computed);
    return [...whole];
  }
  return dimensionShapeOf(
    kernel,
    kernel.plan.output.indices.map((i) => sizes.get(i) ?? 0),
  );
}

/**
 * The extent of every index variable of a call of `kernel` whose operands have the given shapes
 * (as {@link outputShapeOfShapes} takes them, and checked as it checks them): what the kernel's
 * size arguments hold, affine subscripts' inferred extents included.
 */
export function indexExtentsOfShapes(
  kernel: SparseKernel,
  shapes: Readonly<Record<string, readonly number[]>>,
): Map<string, number> {
  checkKernel(kernel);
  if (typeof shapes !== 'object' || shapes === null) {
    throw new SparsifyError(
      'shapes',
      `expected an object of shapes by operand name, got ${textOf(shapes)}`,
    );
  }
  const outputWindow = outputWindowOf(kernel);
  // The index extents are the window-free kernel's (a windowed output's are the window's).
  if (outputWindow !== undefined) return indexExtentsOfShapes(outputWindow.kernel, shapes);
  const { plan } = kernel;
  const withWindows = withWindowShapes(kernel, withLevelShapes(kernel, shapes));
  const sizes = indexSizes(kernel, (input) => {
    const name = plan.inputs.find((t) => t.name === input)?.source ?? input;
    const shape = Object.hasOwn(withWindows, name) ? withWindows[name] : undefined;
    if (shape === undefined) throw new SparsifyError(`operands.${name}`, 'missing');
    if (
      !Array.isArray(shape) ||
      shape.length > 64 ||
      !shape.every((d) => Number.isSafeInteger(d) && d >= 0)
    ) {
      throw new SparsifyError(`shapes.${name}`, `expected a list of sizes, got ${textOf(shape)}`);
    }
    return shape;
  });
  return sizes;
}

/**
 * One storage array of a sparse operand. A `SparseTensor`'s arrays never change, so they are
 * marked immutable: the wasm engine then keeps them in its memory between calls. A storage
 * view (the wasm heap's) may change and is passed as it is.
 */
function storageArgument(
  operand: KernelOperand | undefined,
  pick: (t: SparseTensor) => IndexArray | ValueArray,
): InterpretArg {
  const array = pick(operand as SparseTensor);
  if (operand instanceof SparseTensor && !isMarkedImmutable(array)) markImmutable(array);
  return array;
}

/**
 * Builds the argument list of `kernel` for the named operands. The output is a fresh zero
 * array unless `output` is given (for `+=`/`*=` kernels that read it). A kernel with a
 * formatted output writes into `output` storage (by default allocated with room for as many
 * entries as its sparse operands hold); read the result with {@link assembledOutput}, or let
 * {@link runKernel} grow the storage and call again when that was not enough.
 */
export function bindArguments(
  kernel: SparseKernel,
  operands: Readonly<Record<string, KernelOperand>>,
  output?: ValueArray | BigInt64Array | OutputStorage,
): BoundCall {
  checkKernel(kernel);
  return bindArgumentsFor(kernel, operands, () => output);
}

/**
 * {@link bindArguments} with the output chosen once the output shape is known (`outputFor`
 * returns it, or `undefined` for the default), so a caller sizing storage by the shape binds
 * (and converts) the operands only once. An expanded output's default storage takes its
 * workspace from `workspaceFor` when given.
 */
export function bindArgumentsFor(
  kernel: SparseKernel,
  operands: Readonly<Record<string, KernelOperand>>,
  outputFor: (
    outputShape: readonly number[],
  ) => ValueArray | BigInt64Array | OutputStorage | undefined,
  workspaceFor?: WorkspaceFor,
): BoundCall {
  const { plan } = kernel;
  const outputWindow = outputWindowOf(kernel);
  if (outputWindow !== undefined) {
    throw new SparsifyError(
      'kernel',
      `${kernel.functionName} writes a window of its output (${outputAccessText(outputWindow)}): call runKernel with the whole output as operands.${outputWindow.tensor}`,
      'runKernel for a kernel with a windowed output',
    );
  }
  const windowed = withOperandWindows(kernel, withLevelOperands(kernel, operands));
  const inputs = boundInputs(kernel, windowed);
  const sizes = indexSizes(kernel, (input) => shapeOf(inputs.get(input) as KernelOperand));
  // A kernel planned in level space writes its output with split dimensions (the same data).
  const outputShape = plan.output.indices.map((i) => sizes.get(i) ?? 0);
  const output = outputFor(outputShape);
  const length = outputShape.reduce((a, b) => a * b, 1);
  // A formatted output's storage code comes with the compiler's kernels (output-storage-hook.ts).
  const storageWork = hasAssembly(plan) ? outputStorageWork(kernel) : undefined;
  const assembly = storageWork?.bindOutputStorage(
    plan as AssemblyPlan,
    windowed,
    outputShape,
    output,
    workspaceFor,
  );
  const out =
    assembly?.values ??
    (output as ValueArray | BigInt64Array | undefined) ??
    valueArrayFor(plan.valueType, length);
  if (assembly === undefined && out.length !== length)
    throw new SparsifyError('output', `expected ${length} elements, got ${out.length}`);
  const args: InterpretArg[] = kernel.parameters.map((p): InterpretArg => {
    const formatted = assembly && storageWork?.outputArgument(p, assembly);
    if (formatted !== undefined) return formatted;
    switch (p.kind) {
      case 'size':
        return sizes.get(p.index) ?? 0;
      case 'output':
        return outputShape.length === 1 ? out : { data: out, shape: outputShape };
      case 'scalar':
        return inputs.get(p.tensor) as number;
      case 'dense': {
        const o = inputs.get(p.tensor) as DenseOperand;
        return o.shape.length === 1 ? o.data : { data: o.data, shape: o.shape };
      }
      case 'temporary': {
        const shape = (
          plan.temporaries.find((t) => t.output.name === p.tensor) as KernelPlan
        ).output.indices.map((i) => sizes.get(i) ?? 0);
        const data = valueArrayFor(
          plan.valueType,
          shape.reduce((a, b) => a * b, 1),
        );
        return shape.length === 1 ? data : { data, shape };
      }
      case 'values':
        return storageArgument(inputs.get(p.tensor), (t) => t.values);
      case 'positions':
        return storageArgument(inputs.get(p.tensor), (t) => t.positions[p.level] as IndexArray);
      default:
        return storageArgument(
          inputs.get(p.tensor),
          (t) => t.coordinates[(p as { level: number }).level] as IndexArray,
        );
    }
  });
  return {
    args,
    output: out,
    outputShape: dimensionShapeOf(kernel, outputShape),
    ...(assembly === undefined ? {} : { storage: assembly.storage }),
  };
}
