/**
 * What every thread of a pool holds and does, the calling thread included: the kernels it
 * compiled (each from the same recipe, so the same code), the shared tensors it was told of,
 * and a run of one kernel over one row block. A block operand of a shared tensor is made once
 * per row range and reused, so the wasm engine sees the same arrays call after call and keeps
 * its copy of them in its memory (see `markImmutable` in `@tilekit/loop-engines`). A kernel with
 * a dense output compiled for the wasm engine is also compiled over the pool's shared wasm
 * memory (pool-memory.ts), where a block reads its operands and writes its output in place.
 */
import { compile, compileWasmOnMemory, whileOverwritten } from '@tilekit/loop-engines';
import { vectorize } from '@tilekit/sparse-vectorizer';
import { adoptStorage, type SparseTensor } from '../sparse-tensor/sparse-tensor.js';
import type { ValueArray } from '../sparse-tensor/storage-arrays.js';
import type { KernelOperand } from '../sparsify/calling/bind.js';
import { type KernelFunction, runKernel } from '../sparsify/calling/run-kernel.js';
import { hasAssembly } from '../sparsify/planning/output-plan.js';
import type { SparseKernel } from '../sparsify/sparse-kernel.js';
import { sparsify } from '../sparsify/sparsify.js';
import type { PoolArrayData, PoolMemory } from './pool-memory.js';
import type {
  BlockStorage,
  KernelRecipe,
  RunBlock,
  SharedArrayMessage,
  SharedTensorMessage,
} from './protocol.js';
import { rowBlockInPlace, rowBlockOfDense, rowBlockOfTensor } from './row-block.js';
import { rowRouteOf } from './row-route.js';

/** A kernel and its compiled function. */
export interface BuiltKernel {
  readonly kernel: SparseKernel;
  readonly fn: KernelFunction;
  /**
   * The same kernel over the pool's wasm memory, whose every array argument must lie there:
   * for a wasm kernel with a dense output whose rows split, in a pool with such a memory.
   */
  readonly inPlace?: KernelFunction;
}

/**
 * Emits, vectorizes (if asked) and compiles the kernel of `recipe`, and over `memory` too
 * where its blocks can run there (see {@link BuiltKernel.inPlace}).
 */
export function buildKernel(
  recipe: Omit<KernelRecipe, 'id'>,
  memory?: WebAssembly.Memory,
): BuiltKernel {
  const kernel = sparsify(recipe.expression, recipe.formats, recipe.sparsify);
  const module =
    recipe.vectorize === undefined
      ? kernel.module
      : vectorize(kernel.module, recipe.vectorize).module;
  const fn = compile(module, kernel.functionName, { engine: recipe.engine }) as KernelFunction;
  const onMemory =
    memory !== undefined &&
    recipe.engine === 'wasm' &&
    !hasAssembly(kernel.plan) &&
    rowRouteOf(kernel).rows;
  if (!onMemory) return { kernel, fn };
  const inPlace = compileWasmOnMemory(module, kernel.functionName, memory) as KernelFunction;
  return { kernel, fn, inPlace };
}

/** A kernel as a thread runs its blocks: which of its inputs are cut into rows. */
interface KernelEntry extends BuiltKernel {
  readonly inputs: readonly string[];
  readonly partitioned: ReadonlySet<string>;
}

/** Row blocks kept per shared tensor (a pool calls with a few row splits at most). */
const BLOCKS_PER_TENSOR = 8;

/** A shared array as a thread holds it (see the {@link BlockExecutor} constructor). */
type HeldArray = ValueArray | BigInt64Array | WeakRef<ValueArray | BigInt64Array>;

/** One thread's kernels, shared tensors and arrays, and its runs of row blocks. */
export class BlockExecutor {
  readonly #kernels = new Map<number, KernelEntry>();
  readonly #tensors = new Map<number, SparseTensor>();
  readonly #arrays = new Map<number, HeldArray>();
  /** Whether arrays are held weakly (see the constructor). */
  readonly #weak: boolean;
  readonly #blocks = new Map<number, Map<string, SparseTensor>>();
  /** The pool's wasm memory, where blocks run in place (none: every block copies). */
  readonly #memory: PoolMemory | undefined;
  /** In-place row blocks of the tensors in the pool memory, for the memory's current buffer. */
  #inPlaceBlocks = new Map<string, SparseTensor>();
  #inPlaceBuffer: ArrayBufferLike | undefined;
  /** Ids of the tensors and arrays that lie in the pool memory. */
  readonly #pooled = new Set<number>();

  /**
   * `memory`: the pool's wasm memory (none: every block copies). `holdsArraysWeakly`: on the
   * calling thread, where the arrays' owners live, an array is held only as long as its caller
   * holds it (a call's fresh result is the caller's to drop): the pool forgets it on every
   * thread once it is collected. A worker holds its own views until told to forget them.
   */
  constructor(memory?: PoolMemory, holdsArraysWeakly = false) {
    this.#memory = memory;
    this.#weak = holdsArraysWeakly;
  }

  /** Compiles and keeps the kernel of `recipe` (under its id). */
  addKernel(
    recipe: KernelRecipe,
    built: BuiltKernel = buildKernel(recipe, this.#memory?.memory),
  ): void {
    const route = rowRouteOf(built.kernel);
    this.#kernels.set(recipe.id, {
      ...built,
      inputs: built.kernel.plan.inputs.map((i) => i.name),
      partitioned: new Set(route.rows ? route.partitioned : []),
    });
  }

  /** Keeps a shared tensor under its id. */
  addTensor(message: SharedTensorMessage): void {
    if (message.pooled) this.#pooled.add(message.id);
    this.#tensors.set(
      message.id,
      adoptStorage(message.shape, message.format, {
        positions: message.positions,
        coordinates: message.coordinates,
        values: message.values,
      }),
    );
  }

  /** Keeps a shared array under its id. */
  addArray(message: SharedArrayMessage): void {
    if (message.pooled) this.#pooled.add(message.id);
    this.#arrays.set(message.id, this.#weak ? new WeakRef(message.data) : message.data);
  }

  /** Forgets shared tensors (and their blocks) and arrays. */
  forget(tensors: readonly number[], arrays: readonly number[]): void {
    for (const id of tensors) {
      this.#tensors.delete(id);
      this.#blocks.delete(id);
    }
    if (tensors.length > 0) this.#inPlaceBlocks.clear();
    for (const id of arrays) this.#arrays.delete(id);
    for (const id of [...tensors, ...arrays]) this.#pooled.delete(id);
  }

  /** Whether this thread was told of everything `block` names (its kernel, tensors, arrays). */
  knows(block: RunBlock): boolean {
    const arrays = [
      ...block.operands.flatMap((o) => ('array' in o ? [o.array] : [])),
      ...(block.output === undefined ? [] : [block.output.array]),
      ...(block.copyTo === 0 ? [] : [block.copyTo]),
    ];
    return (
      this.#kernels.has(block.kernel) &&
      block.operands.every((o) => !('tensor' in o) || this.#tensors.has(o.tensor)) &&
      arrays.every((id) => this.#arrays.has(id))
    );
  }

  /** The shared tensor `id`. */
  tensor(id: number): SparseTensor {
    const tensor = this.#tensors.get(id);
    if (tensor === undefined) throw new Error(`shared tensor ${id} is unknown to this thread`);
    return tensor;
  }

  /** The shared array `id`. */
  array(id: number): ValueArray | BigInt64Array {
    const held = this.#arrays.get(id);
    const array = held instanceof WeakRef ? held.deref() : held;
    if (array === undefined) throw new Error(`shared array ${id} is unknown to this thread`);
    return array;
  }

  /** The first elements of shared array `id`, as many as `shape` holds. */
  #array(id: number, shape: readonly number[]): ValueArray | BigInt64Array {
    const array = this.array(id);
    const length = shape.reduce((a, b) => a * b, 1);
    return array.length === length ? array : array.subarray(0, length);
  }

  /** The rows `lo..hi` of shared tensor `id` (the same object for the same range). */
  #blockOf(id: number, lo: number, hi: number): SparseTensor {
    const tensor = this.tensor(id);
    let blocks = this.#blocks.get(id);
    if (blocks === undefined) {
      blocks = new Map();
      this.#blocks.set(id, blocks);
    }
    const key = `${lo}:${hi}`;
    let block = blocks.get(key);
    if (block === undefined) {
      if (blocks.size >= BLOCKS_PER_TENSOR) blocks.delete(blocks.keys().next().value as string);
      block = rowBlockOfTensor(tensor, lo, hi);
      blocks.set(key, block);
    }
    return block;
  }

  /**
   * Runs one block: the kernel over rows `lo..hi` of the partitioned operands, the others
   * whole. A dense output is written in place (its rows `lo..hi`); a formatted output's block
   * storage is returned.
   */
  run(block: RunBlock): BlockStorage | undefined {
    const entry = this.#kernels.get(block.kernel);
    if (entry === undefined) throw new Error(`kernel ${block.kernel} is unknown to this thread`);
    if (block.inPlace) {
      this.#runInPlace(entry, block);
      return undefined;
    }
    const { lo, hi } = block;
    const operands: Record<string, KernelOperand> = {};
    block.operands.forEach((operand, k) => {
      const name = entry.inputs[k] as string;
      const cut = entry.partitioned.has(name);
      if ('tensor' in operand) {
        operands[name] = cut ? this.#blockOf(operand.tensor, lo, hi) : this.tensor(operand.tensor);
      } else if ('array' in operand) {
        const whole = { data: this.#array(operand.array, operand.shape), shape: operand.shape };
        operands[name] = cut ? rowBlockOfDense(whole, lo, hi) : whole;
      } else {
        operands[name] = operand.scalar;
      }
    });
    if (block.output !== undefined) {
      const { shape } = block.output;
      const whole = { data: this.#array(block.output.array, shape), shape };
      const out = rowBlockOfDense(whole, lo, hi).data;
      const call = () => runKernel(entry.kernel, entry.fn, operands, out);
      if (block.overwrite) whileOverwritten([out], call);
      else call();
      return undefined;
    }
    const result = runKernel(entry.kernel, entry.fn, operands) as SparseTensor;
    return {
      positions: result.positions,
      coordinates: result.coordinates,
      values: result.values,
    };
  }

  /**
   * Tensor `id` (in the pool memory), whole or (`rows`) its rows `lo..hi`, as views of the
   * memory's current buffer. Only a partitioned operand is cut into rows (it starts with
   * dense rows); another is read whole, whatever its format (a DCSR's outer level too).
   */
  #inPlaceBlockOf(
    memory: PoolMemory,
    id: number,
    rows: { lo: number; hi: number } | undefined,
  ): SparseTensor {
    const buffer = memory.buffer;
    if (this.#inPlaceBuffer !== buffer) {
      this.#inPlaceBlocks.clear();
      this.#inPlaceBuffer = buffer;
    }
    const key = rows === undefined ? `${id}` : `${id}:${rows.lo}:${rows.hi}`;
    let block = this.#inPlaceBlocks.get(key);
    if (block === undefined) {
      const t = this.tensor(id);
      const view = <T extends PoolArrayData | undefined>(a: T): T =>
        (a === undefined ? a : memory.current(a)) as T;
      const current = adoptStorage(t.shape, t.format, {
        positions: t.positions.map(view),
        coordinates: t.coordinates.map(view),
        values: view(t.values),
      });
      if (this.#inPlaceBlocks.size >= BLOCKS_PER_TENSOR * 4) this.#inPlaceBlocks.clear();
      block = rows === undefined ? current : rowBlockInPlace(current, rows.lo, rows.hi);
      this.#inPlaceBlocks.set(key, block);
    }
    return block;
  }

  /**
   * Runs a block over the pool memory: every operand and the output are read and written
   * where they lie; the output's rows are then copied into `block.copyTo` if given.
   */
  #runInPlace(entry: KernelEntry, block: RunBlock): void {
    const memory = this.#memory;
    const output = block.output;
    if (memory === undefined || entry.inPlace === undefined || output === undefined) {
      throw new Error(`kernel ${block.kernel} cannot run in the pool memory on this thread`);
    }
    const inPool = (id: number) => {
      if (!this.#pooled.has(id)) throw new Error(`shared array ${id} is not in the pool memory`);
    };
    inPool(output.array);
    const { lo, hi } = block;
    const operands: Record<string, KernelOperand> = {};
    block.operands.forEach((operand, k) => {
      const name = entry.inputs[k] as string;
      const cut = entry.partitioned.has(name);
      if ('tensor' in operand) inPool(operand.tensor);
      else if ('array' in operand) inPool(operand.array);
      if ('tensor' in operand) {
        operands[name] = this.#inPlaceBlockOf(memory, operand.tensor, cut ? { lo, hi } : undefined);
      } else if ('array' in operand) {
        const data = memory.current(this.#array(operand.array, operand.shape));
        const whole = { data, shape: operand.shape };
        operands[name] = cut ? rowBlockOfDense(whole, lo, hi) : whole;
      } else {
        operands[name] = operand.scalar;
      }
    });
    const whole = {
      data: memory.current(this.#array(output.array, output.shape)),
      shape: output.shape,
    };
    const rows = rowBlockOfDense(whole, lo, hi).data;
    runKernel(entry.kernel, entry.inPlace, operands, rows);
    if (block.copyTo !== 0) {
      const target = rowBlockOfDense(
        { data: this.#array(block.copyTo, output.shape), shape: output.shape },
        lo,
        hi,
      );
      (target.data as Float64Array).set(rows as Float64Array);
    }
  }
}
