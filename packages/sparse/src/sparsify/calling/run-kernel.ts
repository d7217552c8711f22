/**
 * Calling an emitted kernel end to end: bind the operands, run the compiled function, and
 * return the output — a dense array, or a {@link SparseTensor} for a formatted output, grown
 * and recomputed once when the first storage was too small.
 */

import { describeValue } from '@tilekit/errors';
import { whileOverwritten } from '@tilekit/loop-engines';
import type { InterpretArg } from '@tilekit/loop-ir';
import { textOf } from '../../sparse-error.js';
import { adoptStorage, type SparseTensor } from '../../sparse-tensor/sparse-tensor.js';
import type { ValueArray } from '../../sparse-tensor/storage-arrays.js';
import { checkKernel } from '../argument-checks.js';
import { SparsifyError } from '../errors.js';
import { hasAssembly } from '../planning/output-plan.js';
import { outputWindowCall, outputWindowOf } from '../planning/output-window.js';
import type { SparseKernel } from '../sparse-kernel.js';
import {
  type BoundCall,
  bindArguments,
  bindArgumentsFor,
  type KernelOperand,
  outputShapeOf,
} from './bind.js';
import { convertedCopy } from './converted-copy.js';
import type { WorkspaceFor } from './output-storage.js';
import { outputStorageWork } from './output-storage-hook.js';
import { residentOutput } from './resident-output.js';
import { clearResidentWorkspace, residentWorkspace } from './resident-workspace.js';
import { unfilledValueArrayFor } from './value-array.js';
import { ARRAY_OF, valueTypeOfArray } from './value-promotion.js';

/** A compiled kernel function (what `compile` from `@tilekit/loop-engines` returns). */
export type KernelFunction = (...args: InterpretArg[]) => unknown;

/**
 * The output a call bound by {@link bindArguments} assembled, once the kernel has run: a
 * `SparseTensor` (validated), or `undefined` when its storage was too small (then
 * {@link runKernel} grows it). Throws for a kernel whose output is a plain dense array.
 */
export function assembledOutput(kernel: SparseKernel, call: BoundCall): SparseTensor | undefined {
  checkKernel(kernel);
  const { plan } = kernel;
  if (!hasAssembly(plan)) {
    throw new SparsifyError(
      'kernel',
      `${kernel.functionName} has a dense output; read call.output`,
      'a kernel whose output has a format',
    );
  }
  if (
    typeof call !== 'object' ||
    call === null ||
    typeof call.storage !== 'object' ||
    call.storage === null ||
    !Array.isArray(call.outputShape)
  ) {
    throw new SparsifyError(
      'call',
      `expected what bindArguments returned for this kernel, got ${textOf(call)}`,
      'the result of bindArguments(kernel, ...)',
    );
  }
  const { format } = plan.assembly;
  if (plan.assembly.strategy === 'in-place') {
    // The updated tensor shares the (immutable) positions and coordinates of the original.
    const { positions, coordinates, values } = call.storage;
    return adoptStorage(call.outputShape, format, {
      positions,
      coordinates,
      values: values as ValueArray,
    });
  }
  const levelSizes = format.order.map((d) => call.outputShape[d] as number);
  const work = outputStorageWork(kernel);
  if (!work.fitsCapacity(plan, levelSizes, call.storage)) return undefined;
  return work.outputTensor(plan, call.outputShape, call.storage);
}

/**
 * Binds `operands`, runs `fn` (the compiled `kernel`) and returns its output: the dense
 * array (`output`, if given, is written and returned), or the assembled `SparseTensor` of a
 * kernel with a formatted output. Output storage starts with room for what the kernel's
 * previous call needed (else for as many entries as the sparse operands hold); when that is
 * not enough the kernel runs once more with exactly the room its first call counted. A kernel
 * with a windowed output (`C(i(8,10), j) = …`) takes the whole output as `operands.C`
 * (`{data, shape}`) and returns it with the window written (a copy, or `output`).
 */
export function runKernel(
  kernel: SparseKernel,
  fn: KernelFunction,
  operands: Readonly<Record<string, KernelOperand>>,
  output?: ValueArray | BigInt64Array,
): ValueArray | BigInt64Array | SparseTensor {
  checkKernel(kernel);
  if (typeof fn !== 'function') {
    throw new SparsifyError('fn', `expected the compiled kernel (a function), got ${textOf(fn)}`);
  }
  const outputWindow = outputWindowOf(kernel);
  if (outputWindow !== undefined) {
    return outputWindowCall().run(
      outputWindow,
      operands,
      output as ValueArray | BigInt64Array | undefined,
      (inner) => outputShapeOf(inner, operands),
      (inner, window) => runKernel(inner, fn, operands, window) as ValueArray | BigInt64Array,
    );
  }
  // A conversion kernel's output is the converted operand (see converted-copy.ts).
  const converted = convertedCopy(kernel, operands);
  if (converted !== undefined) return converted;
  const { plan } = kernel;
  // The engines would refuse another array with an error naming the argument's position only
  // (binding then checks the length).
  if (output !== undefined && !hasAssembly(plan) && valueTypeOfArray(output) !== plan.valueType)
    throw new SparsifyError(
      'output',
      `expected a ${ARRAY_OF[plan.valueType]}, got ${describeValue(output)}${
        ArrayBuffer.isView(output) && 'length' in output ? ` of ${output.length} elements` : ''
      }`,
    );
  if (!hasAssembly(plan) || plan.assembly.strategy === 'in-place') {
    // A `=` kernel writes every element of a dense output it is not handed (its loops store
    // each one, or it fills first), so that output starts unfilled, and its contents need not
    // be copied into a wasm engine's memory (the mark lasts for this call only, as the array
    // may then be handed to a `+=` kernel).
    if (!hasAssembly(plan) && output === undefined && plan.notation.op === '=') {
      const call = bindArgumentsFor(kernel, operands, (shape) =>
        unfilledValueArrayFor(
          plan.valueType,
          shape.reduce((a, b) => a * b, 1),
        ),
      );
      whileOverwritten([call.output], () => fn(...call.args));
      return call.output;
    }
    const call = bindArguments(kernel, operands, output);
    fn(...call.args);
    return hasAssembly(plan) ? (assembledOutput(kernel, call) as SparseTensor) : call.output;
  }
  const { assembly } = plan;
  const work = outputStorageWork(kernel);
  const levelSizesOf = (shape: readonly number[]) =>
    assembly.format.order.map((d) => shape[d] as number);
  // An expanded output's workspace stays in the engine's memory from call to call (the kernel
  // leaves it zero); views of it are taken as each call is bound, as the memory may grow.
  const workspaceFor: WorkspaceFor | undefined =
    assembly.strategy === 'expand'
      ? (last) => residentWorkspace(kernel, plan, assembly.format.crdWidth, last)
      : undefined;
  const run = (call: BoundCall): void => {
    try {
      fn(...call.args);
    } catch (e) {
      // A call that stopped part way may have left workspace entries behind.
      if (workspaceFor !== undefined) clearResidentWorkspace(kernel);
      throw e;
    }
  };
  // A kernel called again usually needs about what it needed last time: start from that, with
  // the arrays it appends to kept in the engine's memory (resident-output.ts).
  const hints = lastNeeded.get(kernel);
  const resident = residentOutput(kernel);
  const first = bindArgumentsFor(
    kernel,
    operands,
    (shape) => {
      const entries = hints?.get(shape.join());
      return entries === undefined
        ? undefined
        : work.allocateOutputStorageWith(
            plan,
            levelSizesOf(shape),
            entries,
            workspaceFor,
            false,
            resident,
          );
    },
    workspaceFor,
  );
  const shape = first.outputShape;
  const levelSizes = levelSizesOf(shape);
  run(first);
  // The call may have grown the engine memory: resident arrays are read through new views.
  const storage = work.withCurrentViews(first.storage as NonNullable<BoundCall['storage']>);
  const needed = work.neededEntries(plan, levelSizes, storage);
  rememberNeeded(kernel, shape, needed);
  const result = assembledOutput(kernel, { ...first, storage });
  if (result !== undefined) return result;
  // The first call counted exactly what it needed; a second with that much room completes.
  // Storage is made once the operands are bound: views of the engine memory taken before a
  // conversion that grew it would be stale.
  const again = bindArgumentsFor(
    kernel,
    operands,
    () => work.allocateOutputStorageWith(plan, levelSizes, needed, workspaceFor, false, resident),
    workspaceFor,
  );
  run(again);
  const completed = assembledOutput(kernel, {
    ...again,
    storage: work.withCurrentViews(again.storage as NonNullable<BoundCall['storage']>),
  });
  if (completed === undefined) {
    throw new Error(`${kernel.functionName} needed more storage on its second call`);
  }
  return completed;
}

/**
 * Per kernel, the entries per level its last calls needed, by output shape: a few shapes, as
 * one thread of a thread pool runs a kernel's row blocks of different heights in turn, and a
 * block sized by another block's needs would run twice.
 */
const lastNeeded = new WeakMap<SparseKernel, Map<string, number[]>>();

/** Output shapes remembered per kernel (the least recently used one is dropped). */
const SHAPES_PER_KERNEL = 8;

function rememberNeeded(kernel: SparseKernel, shape: readonly number[], entries: number[]): void {
  let byShape = lastNeeded.get(kernel);
  if (byShape === undefined) {
    byShape = new Map();
    lastNeeded.set(kernel, byShape);
  }
  const key = shape.join();
  byShape.delete(key);
  if (byShape.size >= SHAPES_PER_KERNEL) byShape.delete(byShape.keys().next().value as string);
  byShape.set(key, entries);
}
