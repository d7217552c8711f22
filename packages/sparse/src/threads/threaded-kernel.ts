/**
 * A kernel of a {@link SparseThreadPool}: called like `runKernel`, it splits the rows of a
 * kernel that allows it (see row-route.ts) into one block per thread, balanced by stored
 * entries, and assembles the blocks' outputs: a dense output is written in place by every
 * thread (shared memory), a formatted one (CSR) is the blocks' storage end to end. A call
 * too small for a block per thread (its estimated work under the pool's `minBlockWork` per
 * block) gets fewer blocks; one block whose dense operands and output are pool arrays runs over
 * the pool memory on the calling thread. Every other call — a kernel whose rows cannot be
 * split, fewer than two rows or blocks, a pool of one thread, operands the kernel would convert
 * or reject — is `runKernel` on the calling thread, so results and errors are the same as
 * without the pool, bit for bit.
 */
import type { VectorizeOptions } from '@tilekit/sparse-vectorizer';
import { SparseTensor } from '../sparse-tensor/sparse-tensor.js';
import type { ValueArray } from '../sparse-tensor/storage-arrays.js';
import { type DenseOperand, type KernelOperand, outputShapeOf } from '../sparsify/calling/bind.js';
import { type KernelFunction, runKernel } from '../sparsify/calling/run-kernel.js';
import { unfilledValueArrayFor, valueArrayFor } from '../sparsify/calling/value-array.js';
import { valueTypeOfArray } from '../sparsify/calling/value-promotion.js';
import { hasAssembly } from '../sparsify/planning/output-plan.js';
import type { SparseKernel } from '../sparsify/sparse-kernel.js';
import type { SparsifyOptions } from '../sparsify/sparsify.js';
import { joinedBlocks } from './block-assembly.js';
import { BlockBalance } from './block-balance.js';
import type { BlockDispatch } from './block-dispatch.js';
import type { BuiltKernel } from './block-executor.js';
import { SparseThreadPoolError } from './errors.js';
import type { BlockOperand, BlockStorage, HostEngine, RunBlock } from './protocol.js';
import { startsWithDenseRows } from './row-block.js';
import { callWork, type RowRoute, rowRouteOf, rowSplit } from './row-route.js';
import { isShared } from './shared-memory.js';

/** Options of {@link SparseThreadPool.kernel}: `sparsify`'s, plus how to compile. */
export interface ThreadedKernelOptions extends SparsifyOptions {
  /** Vectorize the kernel with these options (`@tilekit/sparse-vectorizer`) before compiling. */
  readonly vectorize?: VectorizeOptions;
  /** The engine every thread compiles the kernel for (default `'wasm'`). */
  readonly engine?: HostEngine;
}

type Output = ValueArray | BigInt64Array;

/** The scratch slot of a dense output (no operand name has a NUL). */
const OUTPUT_SLOT = '\u0000output';

/**
 * Blocks a call of estimated `work` is split into: one per thread, but no block with less
 * than `minBlockWork` (0: no least), and at least one.
 */
const blocksFor = (work: number, minBlockWork: number, threads: number): number =>
  minBlockWork === 0 ? threads : Math.max(1, Math.min(threads, Math.floor(work / minBlockWork)));

const isDenseOperand = (x: unknown): x is DenseOperand =>
  typeof x === 'object' &&
  x !== null &&
  ArrayBuffer.isView((x as DenseOperand).data) &&
  Array.isArray((x as DenseOperand).shape);

/** A kernel that runs its rows on the threads of its pool (see the module comment). */
export class ThreadedKernel {
  /** The emitted kernel (what `sparsify` returned). */
  readonly kernel: SparseKernel;
  /** The kernel compiled on the calling thread (every worker compiled the same). */
  readonly fn: KernelFunction;
  readonly #pool: BlockDispatch;
  readonly #id: number;
  readonly #route: RowRoute;
  readonly #minBlockWork: number;
  readonly #balance = new BlockBalance();
  /** The kernel compiled over the pool memory (see `BuiltKernel.inPlace`). */
  readonly #inPlace: KernelFunction | undefined;
  #lastCallThreads = 0;
  #lastCallWorkerBlocks = 0;

  /** Made by `SparseThreadPool.kernel` (the package entry exports this class as a type only). */
  constructor(pool: BlockDispatch, id: number, built: BuiltKernel, minBlockWork: number) {
    this.#pool = pool;
    this.#minBlockWork = minBlockWork;
    this.#id = id;
    this.kernel = built.kernel;
    this.fn = built.fn;
    this.#inPlace = built.inPlace;
    this.#route = rowRouteOf(built.kernel);
  }

  /** The id of a dense operand's data in the pool memory (copied into a scratch array if not there). */
  #poolId(name: string, data: Output): number {
    if (this.#pool.inPool(data)) return this.#pool.arrayId(data);
    const scratch = this.#pool.scratch(this, name, data, data.length);
    (scratch as Float64Array).set(data as Float64Array);
    return this.#pool.arrayId(scratch);
  }

  /** The id of a dense operand's data in shared memory (copied into a scratch array if not there). */
  #sharedId(name: string, data: Output): number {
    if (isShared(data)) return this.#pool.arrayId(data);
    const scratch = this.#pool.scratch(this, name, data, data.length);
    (scratch as Float64Array).set(data as Float64Array);
    return this.#pool.arrayId(scratch);
  }

  /**
   * Why this kernel runs on the calling thread alone whatever its operands (its rows cannot
   * be split, or the pool has one thread); `undefined` when its calls split their rows.
   */
  get singleThreadReason(): string | undefined {
    if (this.#route.rows === false) return `its rows cannot be split: ${this.#route.reason}`;
    if (this.#pool.threads === 1) return 'the pool has one thread';
    return undefined;
  }

  /**
   * Row blocks the last call was split into, one per thread it was handed to (1: the calling
   * thread alone; 0: no call yet). A block no worker had started by the time the calling
   * thread finished its own was run by the calling thread too.
   */
  get lastCallThreads(): number {
    return this.#lastCallThreads;
  }

  /**
   * Blocks of the last call that a worker ran; the others ran on the calling thread (0 where
   * the call was not split, or every worker was asleep or still loading when it ended).
   */
  get lastCallWorkerBlocks(): number {
    return this.#lastCallWorkerBlocks;
  }

  /**
   * Runs the kernel on `operands`, as `runKernel(kernel, fn, operands, output)` does and with
   * the same result bit for bit: the dense output (`output`, if given, is written and
   * returned), or the assembled `SparseTensor`.
   */
  run(operands: Readonly<Record<string, KernelOperand>>, output?: Output): Output | SparseTensor {
    if (this.#pool.disposed) throw new SparseThreadPoolError('the pool was disposed');
    const route = this.#route;
    const alone = () => {
      this.#lastCallThreads = 1;
      this.#lastCallWorkerBlocks = 0;
      return runKernel(this.kernel, this.fn, operands, output);
    };
    if (route.rows === false || this.#pool.threads === 1) return alone();
    if (typeof operands !== 'object' || operands === null) return alone();
    const { plan } = this.kernel;
    let shape: number[];
    try {
      shape = outputShapeOf(this.kernel, operands);
    } catch {
      // The calling thread throws the same typed error runKernel always throws.
      return alone();
    }
    const rows = shape[0] as number;
    const names = plan.inputs.map((i) => i.name);
    if (rows < 2 || names.some((n) => !Object.hasOwn(operands, n))) return alone();
    const dense = !hasAssembly(plan);
    if (!dense && !this.#pool.answersReadable) return alone();
    if (output !== undefined && (!dense || !ArrayBuffer.isView(output))) return alone();
    // An output of another value type is converted, and one sharing memory with a dense
    // operand is read while written: runKernel does both as it always does.
    if (output !== undefined && valueTypeOfArray(output) !== plan.valueType) return alone();
    if (output !== undefined && names.some((n) => sharesMemory(this.#pool, operands[n], output)))
      return alone();
    if (Object.keys(operands).length !== names.length) return alone();
    const pool = this.#pool;
    // The sparse operand whose rows weigh the split (and the call's work).
    let weight: SparseTensor | undefined;
    for (const name of route.partitioned) {
      const operand = operands[name];
      if (!(operand instanceof SparseTensor)) continue;
      if (!startsWithDenseRows(operand)) return alone();
      if (weight === undefined && operand.positions[1] !== undefined) weight = operand;
    }
    const width = dense ? shape.slice(1).reduce((a, b) => a * b, 1) : 1;
    const blockCount = blocksFor(callWork(rows, weight, width), this.#minBlockWork, pool.threads);
    // A wasm kernel with a dense output runs over the pool memory when every array it is
    // handed can lie there as the kernel reads it (see `inPlaceArrays`). A dense operand
    // outside it is copied there by the calling thread before the workers start, once for all
    // of them: SpMM on two threads with X in a SharedArrayBuffer took 0.62 of the time with X
    // of 10 MB and 0.89 with 32 MB that it took when each thread copied X into its own memory.
    const inPlace =
      this.#inPlace !== undefined &&
      pool.memory !== undefined &&
      inPlaceArrays(this.kernel, operands);
    // A call too small to split still runs over the pool memory, on the calling thread, when
    // its dense operands and output lie there already: `runKernel` would copy them into the
    // engine's memory and the output back.
    if (
      Math.min(blockCount, rows) < 2 &&
      !(inPlace && output !== undefined && pool.inPool(output) && denseInPool(pool, operands))
    )
      return alone();
    const blockOperands: BlockOperand[] = [];
    for (const name of names) {
      const operand = operands[name];
      if (operand instanceof SparseTensor) {
        blockOperands.push({ tensor: pool.tensorId(operand) });
      } else if (typeof operand === 'number') {
        blockOperands.push({ scalar: operand });
      } else if (isDenseOperand(operand)) {
        blockOperands.push({
          array: inPlace ? this.#poolId(name, operand.data) : this.#sharedId(name, operand.data),
          shape: [...operand.shape],
        });
      } else {
        return alone();
      }
    }
    const length = shape.reduce((a, b) => a * b, 1);
    const overwrite = output === undefined && plan.notation.op === '=';
    // A fresh result is computed in the kernel's kept scratch and copied out by the calling
    // thread into unshared memory: a fresh shared array handed to the workers on each call
    // would live until every worker's garbage collector ran, which a worker that allocates
    // little seldom does (memory grew by a result per call).
    let out: Output | undefined;
    /** Where the threads copy their rows of an output computed in the pool memory. */
    let copyTo: Output | undefined;
    if (dense) {
      if (output !== undefined && output.length !== length) return alone();
      if (output === undefined) {
        out = pool.scratch(
          this,
          OUTPUT_SLOT,
          valueArrayFor(plan.valueType, 0) as ValueArray,
          length,
        );
        // What a kernel that reads its output (`+=`) starts from: zeros.
        if (!overwrite) out.fill((out instanceof BigInt64Array ? 0n : 0) as never);
      } else if (inPlace ? pool.inPool(output) : isShared(output)) {
        out = output;
      } else {
        out = pool.scratch(this, OUTPUT_SLOT, output, length);
        (out as Float64Array).set(output as Float64Array);
        // In place, the threads copy their rows back into a shared output where it lies.
        if (inPlace && isShared(output)) copyTo = output;
      }
    }
    const count = Math.min(blockCount, rows);
    const share = this.#balance.share(count);
    const bounds = rowSplit(rows, count, weight, share);
    const blocks: RunBlock[] = [];
    const copyId = copyTo === undefined ? 0 : pool.arrayId(copyTo);
    for (let b = 0; b + 1 < bounds.length; b++) {
      blocks.push({
        kernel: this.#id,
        lo: bounds[b] as number,
        hi: bounds[b + 1] as number,
        operands: blockOperands,
        output: out === undefined ? undefined : { array: pool.arrayId(out), shape },
        overwrite,
        inPlace,
        copyTo: copyId,
      });
    }
    let storages: ReturnType<BlockDispatch['runBlocks']>;
    try {
      storages = pool.runBlocks(blocks);
    } finally {
      // A call that throws (a block failed) still says how many blocks workers ran.
      this.#lastCallThreads = blocks.length;
      this.#lastCallWorkerBlocks = pool.lastWorkerBlocks;
    }
    if (storages === undefined) return alone();
    // A dense output's rows cost what their entries say (the split's weight), and timing its
    // memory-bound calls only moved rows to the thread that then ran slower; a formatted
    // output's rows cost what the other operand's rows hold too (Gustavson), which the
    // entries of the split operand do not show, so those calls learn the share from times.
    if (!dense) this.#balance.record(count, share, pool.lastTimes.ownMs, pool.lastTimes.workersMs);

    if (copyTo !== undefined) return copyTo;
    if (out !== undefined) {
      if (output === out) return out;
      if (output === undefined) {
        // Every element is copied over, so the result need not be zero-filled first.
        const result = unfilledValueArrayFor(plan.valueType, length) as Float64Array;
        result.set(out.subarray(0, length) as Float64Array);
        return result;
      }
      (output as Float64Array).set(out.subarray(0, length) as Float64Array);
      return output;
    }
    return joinedBlocks(
      shape,
      plan.output.format as NonNullable<typeof plan.output.format>,
      storages as BlockStorage[],
    );
  }
}

/**
 * Whether `operand` is a dense operand whose data overlaps `output`'s bytes (a kernel would
 * read it while writing). Pool arrays are views of one memory whose buffer object changes as it
 * grows, so two of them are compared by address whatever buffer each was made over.
 */
function sharesMemory(
  pool: BlockDispatch,
  operand: KernelOperand | undefined,
  output: Output,
): boolean {
  if (!isDenseOperand(operand)) return false;
  const { data } = operand;
  const sameMemory = data.buffer === output.buffer || (pool.inPool(data) && pool.inPool(output));
  return (
    sameMemory &&
    data.byteOffset < output.byteOffset + output.byteLength &&
    output.byteOffset < data.byteOffset + data.byteLength
  );
}

/** Whether every dense operand among `operands` lies in the pool memory. */
const denseInPool = (
  pool: BlockDispatch,
  operands: Readonly<Record<string, KernelOperand>>,
): boolean => Object.values(operands).every((o) => !isDenseOperand(o) || pool.inPool(o.data));

/** Bytes of a memref element of an emitted kernel's parameter type (`index`: 8). */
function elementBytes(type: unknown): number | undefined {
  const element = (type as { element?: { kind: string; width?: number; format?: string } }).element;
  if (element === undefined) return undefined;
  if (element.kind === 'index') return 8;
  if (element.kind === 'float')
    return element.format === 'f64' ? 8 : element.format === 'f32' ? 4 : undefined;
  if (element.kind === 'integer' && element.width !== undefined)
    return Math.ceil(element.width / 8);
  return undefined;
}

/**
 * Whether the kernel, bound to `operands`, would read each array as it lies: every value
 * array (sparse and dense) of the kernel's value type (binding would promote another into a
 * fresh copy) and every position and coordinate array of its memref's element width, so a
 * block can hand the kernel views of the pool memory (a kernel over a memory takes nothing
 * else).
 */
function inPlaceArrays(
  kernel: SparseKernel,
  operands: Readonly<Record<string, KernelOperand>>,
): boolean {
  const valueType = kernel.plan.valueType;
  return kernel.parameters.every((p) => {
    const operand = 'tensor' in p ? operands[p.tensor as string] : undefined;
    const bytes = elementBytes((p as { type?: unknown }).type);
    switch (p.kind) {
      case 'values':
      case 'dense': {
        const data =
          operand instanceof SparseTensor
            ? operand.values
            : (operand as DenseOperand | undefined)?.data;
        return (
          data !== undefined &&
          valueTypeOfArray(data) === valueType &&
          data.BYTES_PER_ELEMENT === bytes
        );
      }
      case 'positions':
      case 'coordinates': {
        if (!(operand instanceof SparseTensor)) return false;
        const level = (p as { level: number }).level;
        const array =
          p.kind === 'positions' ? operand.positions[level] : operand.coordinates[level];
        return array !== undefined && array.BYTES_PER_ELEMENT === bytes;
      }
      case 'output':
        return bytes === valueArrayFor(valueType, 0).BYTES_PER_ELEMENT;
      case 'size':
      case 'scalar':
        return true;
      default:
        return false;
    }
  });
}
