/**
 * What the calling thread and the pool's workers tell each other. What a worker keeps
 * (kernels, shared tensors and arrays) travels as messages, one channel per worker, read after a
 * wake-up through shared memory (synchronously with Node's `receiveMessageOnPort`; in a
 * browser worker from its event loop, waited for when a block names one not yet in); a call's
 * row block is written as numbers into the worker's job area in shared memory (job-area.ts),
 * so a call posts no message, allocates nothing and waits for no event loop.
 */
import type { VectorizeOptions } from '@tilekit/sparse-vectorizer';
import type { FormatSpec, SparseFormat } from '../sparse-tensor/format.js';
import type { IndexArray, ValueArray } from '../sparse-tensor/storage-arrays.js';
import type { SparsifyOptions } from '../sparsify/sparsify.js';

/** The engines a threaded kernel may run on (the host ones: the calling thread runs a block too). */
export type HostEngine = 'wasm' | 'js';

/** How every thread builds the same compiled kernel (each compiles it once, to the same code). */
export interface KernelRecipe {
  readonly id: number;
  readonly expression: string;
  readonly formats: Readonly<Record<string, FormatSpec>>;
  readonly sparsify: SparsifyOptions;
  readonly vectorize: VectorizeOptions | undefined;
  readonly engine: HostEngine;
}

/** A sparse tensor whose arrays live in shared memory, known to every thread by `id`. */
export interface SharedTensorMessage {
  readonly kind: 'tensor';
  readonly id: number;
  readonly shape: readonly number[];
  readonly format: SparseFormat;
  readonly positions: readonly (IndexArray | undefined)[];
  readonly coordinates: readonly (IndexArray | undefined)[];
  readonly values: ValueArray;
  /** Whether every array lies in the pool's wasm memory (pool-memory.ts). */
  readonly pooled: boolean;
}

/** An array in shared memory (a dense operand's or output's data), known by `id`. */
export interface SharedArrayMessage {
  readonly kind: 'array';
  readonly id: number;
  readonly data: ValueArray | BigInt64Array;
  /** Whether it lies in the pool's wasm memory (pool-memory.ts). */
  readonly pooled: boolean;
}

/** One operand of a block: a shared tensor, a dense operand's shared array, or a scalar. */
export type BlockOperand =
  | { readonly tensor: number }
  | { readonly array: number; readonly shape: readonly number[] }
  | { readonly scalar: number };

/** Run `kernel` over the rows `lo..hi` of the call's row-partitioned operands. */
export interface RunBlock {
  readonly kernel: number;
  readonly lo: number;
  readonly hi: number;
  /** By the kernel's input names, in the order of `kernel.plan.inputs`. */
  readonly operands: readonly BlockOperand[];
  /** The whole dense output (a shared array and the output's shape), when it is dense. */
  readonly output: { readonly array: number; readonly shape: readonly number[] } | undefined;
  /** Whether the block's output may be treated as overwritten (a `=` kernel's fresh zeros). */
  readonly overwrite: boolean;
  /**
   * Whether the kernel runs over the pool's wasm memory, reading every operand and writing the
   * output (all arrays there) in place.
   */
  readonly inPlace: boolean;
  /** A shared array the block's output rows are copied into once computed (0: none). */
  readonly copyTo: number;
}

/** Messages to a worker. */
export type ToWorker =
  | { readonly kind: 'kernel'; readonly recipe: KernelRecipe }
  | SharedTensorMessage
  | SharedArrayMessage
  | {
      readonly kind: 'forget';
      readonly tensors: readonly number[];
      readonly arrays: readonly number[];
    }
  | { readonly kind: 'exit' };

/** The storage of a block of a formatted output. */
export interface BlockStorage {
  readonly positions: readonly (IndexArray | undefined)[];
  readonly coordinates: readonly (IndexArray | undefined)[];
  readonly values: ValueArray | BigInt64Array;
}

/** A worker's answer to a run. */
export type FromWorker =
  | { readonly kind: 'done'; readonly storage: BlockStorage | undefined }
  | { readonly kind: 'error'; readonly name: string; readonly message: string };

/**
 * The control words in shared memory (an `Int32Array`, all 0 at first): `[PENDING]` counts
 * the blocks still running; `[BROKEN]` turns 1 when a worker failed to load. Worker `w` has
 * `WORDS_PER_WORKER` words from `WAKE + 4w`: it waits on the first (bumped after its messages
 * are posted); a call bumps the second (its job number) after writing the block into its job
 * area and posting what it needs; the worker then claims the block by turning the fourth (its
 * claim) from 0 to 1 — unless the calling thread took it first (0 to 2) to run it itself —
 * and writes how long the block took (µs) into the third, or {@link FAILED_BLOCK} where the
 * block threw (a caller that cannot read the worker's answer then runs the block itself).
 */
export const PENDING = 0;
export const BROKEN = 1;
export const WAKE = 2;
/** Control words per worker. */
export const WORDS_PER_WORKER = 4;
/** Offsets among a worker's words: its job number, its block's time (µs), its block's claim. */
export const JOB_NUMBER = 1;
export const BLOCK_MICROS = 2;
export const CLAIM = 3;
/** A block's time word where the block threw. */
export const FAILED_BLOCK = -1;
