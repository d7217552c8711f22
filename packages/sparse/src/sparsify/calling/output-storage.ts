/**
 * The host side of formatted outputs: the arrays a kernel assembles its output into (with a
 * capacity, since loop IR cannot allocate), reading back how much the kernel needed, and the
 * resulting {@link SparseTensor}. A call whose capacity was too small counted exactly what it
 * needed (see emission/assembly-state.ts), so one more call with arrays of those sizes
 * completes it.
 */

import { type EngineArrayType, markOverwritten } from '@tilekit/loop-engines';
import type { InterpretArg } from '@tilekit/loop-ir';
import { textOf } from '../../sparse-error.js';
import { MAX_STORAGE_LENGTH } from '../../sparse-tensor/convert.js';
import { levelsOf, type StorageWidth } from '../../sparse-tensor/format.js';
import { adoptStorage, SparseTensor } from '../../sparse-tensor/sparse-tensor.js';
import { type IndexArray, readIndex, type ValueArray } from '../../sparse-tensor/storage-arrays.js';
import { unfilledArray, type ViewableArrayType } from '../../sparse-tensor/unfilled-array.js';
import { checkPlan } from '../argument-checks.js';
import { countSlot, stateLength } from '../emission/assembly-state.js';
import type { KernelParameter } from '../emission/kernel-parameter.js';
import { stateWidthOf } from '../emission/kernel-signature.js';
import { markWordCount } from '../emission/workspace-marks.js';
import { SparsifyError } from '../errors.js';
import type { KernelPlan } from '../planning/kernel-plan.js';
import { type AssemblyPlan, hasAssembly } from '../planning/output-plan.js';
import type { ResidentOutput } from './resident-output.js';
import { valueArrayFor } from './value-array.js';

/** The arrays one call of a kernel with a formatted output writes. */
export interface OutputStorage {
  readonly positions: readonly (IndexArray | undefined)[];
  readonly coordinates: readonly (IndexArray | undefined)[];
  readonly values: ValueArray | BigInt64Array;
  /** Entry counts and last-entry bookkeeping (see emission/assembly-state.ts). */
  readonly state: IndexArray;
  /**
   * The dense workspace of an expanded output (`undefined` otherwise): zero-filled values as
   * long as the output's last level, its marks (see workspace-marks.ts) and room for one more
   * touched coordinate than the last level has. The kernel leaves it zero-filled again.
   */
  readonly workspace:
    | {
        readonly values: ValueArray | BigInt64Array;
        readonly filled: Uint32Array;
        readonly coordinates: IndexArray;
      }
    | undefined;
}

/** The dense workspace of an expanded output (see {@link OutputStorage.workspace}). */
export type OutputWorkspace = NonNullable<OutputStorage['workspace']>;

/**
 * The workspace of an expanded output whose last level has `last` slots: fresh zero-filled
 * arrays, unless the caller keeps one that the kernel has left zero (resident-workspace.ts).
 */
export type WorkspaceFor = (last: number) => OutputWorkspace;

/** The position/coordinate array type of each storage width. */
const INDEX_ARRAY_TYPES: Readonly<Record<StorageWidth, ViewableArrayType<IndexArray>>> = {
  8: Uint8Array,
  16: Uint16Array,
  32: Uint32Array,
  64: BigUint64Array,
  index: BigInt64Array,
};

/** A zero-filled position/coordinate array of `width`. */
export function zeroIndexArray(width: StorageWidth, length: number): IndexArray {
  return new INDEX_ARRAY_TYPES[width](length);
}

/**
 * A new `type` array of `length` elements for a kernel to append to: unless `zeroed`, its
 * contents are unspecified (every entry handed out is written first, see
 * {@link allocateOutputStorageWith}; unfilled-array.ts).
 */
function appendedArray<T>(type: ViewableArrayType<T>, length: number, zeroed: boolean): T {
  return zeroed ? new type(length) : unfilledArray(type, length);
}

/**
 * Allocates output storage for a kernel's `plan` (its output must have a format) with the
 * output's level sizes: `entries[l]` is the capacity of level `l`'s coordinates (compressed
 * levels; singleton levels share their parent's; dense levels ignore it), and positions get
 * what their parents need. Throws {@link SparsifyError} for a dense output or bad sizes.
 */
export function allocateOutputStorage(
  plan: KernelPlan,
  levelSizes: readonly number[],
  entries: readonly number[],
): OutputStorage {
  return allocateOutputStorageWith(plan, levelSizes, entries, undefined, true);
}

/**
 * Storage whose appended arrays are views of a kernel's {@link ResidentOutput} (by slot: a
 * level's coordinates, or the values at slot `rank`); they are read through current views
 * ({@link withCurrentViews}) and always copied out ({@link outputTensor}).
 */
const residentSlots = new WeakMap<OutputStorage, { resident: ResidentOutput; slots: number[] }>();

/**
 * {@link allocateOutputStorage} with the workspace of an expanded output from `workspaceFor`.
 * Unless `zeroed`, the arrays the kernel appends to start with unspecified contents (see
 * `appendedArray`): read only the entries a call counted, as {@link outputTensor} does. With
 * `resident`, those arrays are views of it (plain arrays where its memory cannot hold them).
 */
export function allocateOutputStorageWith(
  plan: KernelPlan,
  levelSizes: readonly number[],
  entries: readonly number[],
  workspaceFor?: WorkspaceFor,
  zeroed = false,
  resident?: ResidentOutput,
): OutputStorage {
  checkPlan(plan);
  if (!hasAssembly(plan)) {
    throw new SparsifyError('plan', `the output ${plan.output.name} is dense; it takes an array`);
  }
  const { format } = plan.assembly;
  const rank = format.levels.length;
  for (const [name, list] of [
    ['levelSizes', levelSizes],
    ['entries', entries],
  ] as const) {
    if (
      !Array.isArray(list) ||
      list.length !== rank ||
      list.some((n) => !Number.isSafeInteger(n) || n < 0)
    ) {
      throw new SparsifyError(name, `expected ${rank} non-negative integers, got ${textOf(list)}`);
    }
  }
  const positions: (IndexArray | undefined)[] = [];
  const coordinates: (IndexArray | undefined)[] = [];
  let count = 1;
  const levels = levelsOf(format);
  const slots: number[] = [];
  /** An appended array of `slot`: resident when it can be, else a fresh plain one. */
  const appended = <T>(slot: number, type: ViewableArrayType<T>, length: number): T => {
    if (resident?.reserve(slot, type as unknown as EngineArrayType, length)) {
      slots.push(slot);
      return undefined as T; // its view is taken once every slot has its room
    }
    return appendedArray(type, length, zeroed);
  };
  // The emitted assembly only appends coordinates (it never reads an entry it has not written
  // in the same call), so the wasm engine need not copy their zeros in, nor need they be zeroed.
  // Values only when they are appended too, one per entry of a sparse last level: where the
  // last level is dense, its slots are addressed, and a slot no operand reaches (every slot,
  // for empty operands) must read zero; so must the blocks a dense level under a sparse one
  // opens.
  // A counting scatter writes every position itself before reading one (when it has room; a
  // call without room is run again), so its positions need neither zeros nor a copy in.
  const positionsWritten = plan.assembly.strategy === 'scatter';
  const isRange = (level: (typeof levels)[number]): boolean => level.iteration === 'range';
  const zerosUnderSparse = levels.some(
    (level, l) => isRange(level) && levels.slice(0, l).some((above) => !isRange(above)),
  );
  const valuesAppended =
    !isRange(levels[levels.length - 1] as (typeof levels)[number]) && !zerosUnderSparse;
  const roomReused =
    valuesAppended &&
    levels.every((level, l) => !level.hasCoordinates || l === rank - 1) &&
    (levels[rank - 1] as (typeof levels)[number]).hasPositions;
  levels.forEach((level, l) => {
    const parents = count;
    if (level.iteration === 'range') count = parents * (levelSizes[l] as number);
    else if (level.hasPositions) count = entries[l] as number;
    // Where the last level alone has coordinates, its entries size no other array: all the
    // room its resident arrays already hold is handed on (each append is guarded by its
    // array's length, so room changes no result), and a call that needs more than the last
    // one, but no more than an earlier one, runs once.
    if (resident !== undefined && l === rank - 1 && roomReused) {
      count = Math.max(count, Math.min(resident.capacity(l), resident.capacity(rank)));
    }
    if (level.positionsLength(parents) > MAX_STORAGE_LENGTH || count > MAX_STORAGE_LENGTH) {
      throw new SparsifyError(
        'entries',
        `level ${l} would need more than the ${MAX_STORAGE_LENGTH} entries one storage array holds`,
      );
    }
    positions.push(
      !level.hasPositions
        ? undefined
        : positionsWritten
          ? appendedArray(
              INDEX_ARRAY_TYPES[format.posWidth],
              level.positionsLength(parents),
              zeroed,
            )
          : zeroIndexArray(format.posWidth, level.positionsLength(parents)),
    );
    coordinates.push(
      level.hasCoordinates ? appended(l, INDEX_ARRAY_TYPES[format.crdWidth], count) : undefined,
    );
  });
  const last = levelSizes[levelSizes.length - 1] as number;
  let values = valuesAppended
    ? appended(
        rank,
        valueArrayFor(plan.valueType, 0).constructor as ViewableArrayType<ValueArray>,
        count,
      )
    : valueArrayFor(plan.valueType, count);
  const workspace: OutputWorkspace | undefined =
    plan.assembly.strategy !== 'expand'
      ? undefined
      : workspaceFor !== undefined
        ? workspaceFor(last)
        : {
            values: valueArrayFor(plan.valueType, last),
            filled: new Uint32Array(markWordCount(last)),
            coordinates: zeroIndexArray(format.crdWidth, last + 1),
          };
  // Views of resident arrays are taken last, as reserving room may grow the engine memory.
  if (resident !== undefined) {
    for (const slot of slots) {
      if (slot === rank) values = resident.view(slot) as ValueArray;
      else coordinates[slot] = resident.view(slot) as IndexArray;
    }
  }
  markOverwritten(
    ...(positionsWritten ? positions.filter((p): p is IndexArray => p !== undefined) : []),
    ...(valuesAppended && !slots.includes(rank) ? [values] : []),
    ...coordinates.filter((c, l): c is IndexArray => c !== undefined && !slots.includes(l)),
  );
  const storage: OutputStorage = {
    positions,
    coordinates,
    values,
    state: zeroIndexArray(stateWidthOf(format), stateLength(format.levels.length)),
    workspace,
  };
  if (resident !== undefined && slots.length > 0) residentSlots.set(storage, { resident, slots });
  return storage;
}

/**
 * `storage` with its resident arrays (see {@link allocateOutputStorageWith}) seen through the
 * engine memory's current buffer: a call may have grown the memory, detaching the views it was
 * bound with (their places and contents stay). Other storage is returned as it is.
 */
export function withCurrentViews(storage: OutputStorage): OutputStorage {
  const held = residentSlots.get(storage);
  if (held === undefined) return storage;
  const rank = storage.coordinates.length;
  const current: OutputStorage = {
    ...storage,
    coordinates: storage.coordinates.map((c, l) =>
      held.slots.includes(l) ? (held.resident.view(l) as IndexArray) : c,
    ),
    values: held.slots.includes(rank)
      ? (held.resident.view(rank) as ValueArray | BigInt64Array)
      : storage.values,
  };
  residentSlots.set(current, held);
  return current;
}

/**
 * The first capacities to try: every compressed level gets `estimate` entries, capped by
 * what its parents could hold.
 */
export function initialEntries(
  plan: AssemblyPlan,
  levelSizes: readonly number[],
  estimate: number,
): number[] {
  return entriesPerLevel(plan, levelSizes, (_, most) => Math.min(most, estimate));
}

/** The entries each level needed in the call that wrote `storage`. */
export function neededEntries(
  plan: AssemblyPlan,
  levelSizes: readonly number[],
  storage: OutputStorage,
): number[] {
  return entriesPerLevel(plan, levelSizes, (l) => readIndex(storage.state, countSlot(l)));
}

/**
 * The entries of each level, top-down: a dense level holds its extent per parent entry, a
 * level with positions `positioned(l, most)` entries (`most`: its extent per parent entry), a
 * singleton level as many as its parent.
 */
function entriesPerLevel(
  plan: AssemblyPlan,
  levelSizes: readonly number[],
  positioned: (level: number, most: number) => number,
): number[] {
  let count = 1;
  return levelsOf(plan.assembly.format).map((level, l) => {
    const most = count * (levelSizes[l] as number);
    if (level.iteration === 'range') count = most;
    else if (level.hasPositions) count = positioned(l, most);
    return count;
  });
}

/** Whether the call that wrote `storage` had room for everything it assembled. */
export function fitsCapacity(
  plan: AssemblyPlan,
  levelSizes: readonly number[],
  storage: OutputStorage,
): boolean {
  const needed = neededEntries(plan, levelSizes, storage);
  return levelsOf(plan.assembly.format).every(
    (level, l) =>
      !level.hasPositions || (needed[l] as number) <= (storage.coordinates[l]?.length ?? 0),
  );
}

/** The output assembled into `storage` (which must have fitted), as a validated SparseTensor. */
export function outputTensor(
  plan: AssemblyPlan,
  shape: readonly number[],
  storage: OutputStorage,
): SparseTensor {
  const { format } = plan.assembly;
  const needed = neededEntries(
    plan,
    format.order.map((d) => shape[d] as number),
    storage,
  );
  let parents = 1;
  const positions: (IndexArray | undefined)[] = [];
  levelsOf(format).forEach((level, l) => {
    const pos = storage.positions[l];
    positions.push(
      level.hasPositions && pos !== undefined
        ? owned(pos, level.positionsLength(parents))
        : undefined,
    );
    parents = needed[l] as number;
  });
  // Resident arrays are views of the engine memory, which later calls overwrite: copied always.
  const copy = residentSlots.has(storage);
  const coordinates = storage.coordinates.map((c, l) =>
    c === undefined ? undefined : owned(c, needed[l] as number, copy),
  );
  const values = owned(storage.values, parents, copy) as ValueArray;
  // The emitted loops assemble canonical storage (in-order insertion, positions filled in at
  // the end), so the arrays are adopted as they are; the tests validate them independently.
  const assembled = adoptStorage(shape, format, { positions, coordinates, values });
  const { resultFormat } = plan.assembly;
  return resultFormat === undefined ? assembled : assembled.convert(resultFormat);
}

/**
 * The first `length` entries as an array of their own: the array itself when it is that long,
 * unless `copy`; else one copy into a new array made at that length without a zero fill (see
 * `appendedArray`), which a `slice` would pay for.
 */
function owned<T extends IndexArray | ValueArray | BigInt64Array>(
  array: T,
  length: number,
  copy = false,
): T {
  if (array.length === length && !copy) return array;
  const result = appendedArray(array.constructor as ViewableArrayType<T>, length, false);
  (result as unknown as Float64Array).set((array as Float64Array).subarray(0, length));
  return result;
}

/** The bound output of a formatted kernel: its storage and the values array it writes. */
export interface BoundOutputStorage {
  readonly storage: OutputStorage;
  readonly values: ValueArray | BigInt64Array;
  /** The in-place tensor's name (`X *= ...`), whose values argument is `storage.values`. */
  readonly inPlace: string | undefined;
}

/** Least capacity tried first, so tiny operands do not cost a second call. */
const MIN_CAPACITY = 16;

/**
 * The output storage of one call: `output` when given (e.g. grown by {@link runKernel}),
 * else arrays with room for as many entries as the sparse operands hold; for `X *= ...`, a
 * copy of `X`'s values (instances are immutable) over `X`'s own positions and coordinates.
 */
export function bindOutputStorage(
  plan: AssemblyPlan,
  operands: Readonly<Record<string, unknown>>,
  outputShape: readonly number[],
  output: unknown,
  workspaceFor?: WorkspaceFor,
): BoundOutputStorage {
  const { format, strategy } = plan.assembly;
  if (strategy === 'in-place') {
    const x = operands[plan.output.name] as SparseTensor;
    const values = x.values.slice();
    const storage: OutputStorage = {
      positions: x.positions,
      coordinates: x.coordinates,
      values,
      state: new Uint32Array(0),
      workspace: undefined,
    };
    return { storage, values, inPlace: plan.output.name };
  }
  const levelSizes = format.order.map((d) => outputShape[d] as number);
  if (output !== undefined) {
    if (!isOutputStorage(output)) {
      throw new SparsifyError(
        'output',
        'a kernel with a formatted output takes OutputStorage (from allocateOutputStorage), not an array',
      );
    }
    checkOutputStorage(plan, levelSizes, output);
    return { storage: output, values: output.values, inPlace: undefined };
  }
  const stored = Object.values(operands).reduce<number>(
    (n, o) => n + (o instanceof SparseTensor ? o.nnz : 0),
    0,
  );
  const storage = allocateOutputStorageWith(
    plan,
    levelSizes,
    initialEntries(plan, levelSizes, Math.max(stored, MIN_CAPACITY)),
    workspaceFor,
  );
  return { storage, values: storage.values, inPlace: undefined };
}

/**
 * Checks caller-made storage against the kernel: array types (widths, value type), the state
 * length, and a workspace as long as the output's last level needs (its accesses are not
 * guarded; it must hold zeros, as {@link allocateOutputStorage} makes it).
 */
function checkOutputStorage(
  plan: AssemblyPlan,
  levelSizes: readonly number[],
  storage: OutputStorage,
): void {
  const { format } = plan.assembly;
  const expected = zeroIndexArray(format.posWidth, 0).constructor;
  const crdType = zeroIndexArray(format.crdWidth, 0).constructor;
  const fail = (what: string, problem: string): never => {
    throw new SparsifyError(`output.${what}`, problem);
  };
  levelsOf(format).forEach((level, l) => {
    const pos = storage.positions[l];
    const crd = storage.coordinates[l];
    if (
      level.hasPositions &&
      (pos === undefined || pos.constructor !== expected || pos.length < 1)
    ) {
      fail(`positions[${l}]`, `must be a non-empty ${expected.name}`);
    }
    if (level.hasCoordinates && (crd === undefined || crd.constructor !== crdType)) {
      fail(`coordinates[${l}]`, `must be a ${crdType.name}`);
    }
  });
  const values = valueArrayFor(plan.valueType, 0).constructor;
  if (storage.values?.constructor !== values) fail('values', `must be a ${values.name}`);
  const stateType = zeroIndexArray(stateWidthOf(format), 0).constructor;
  if (
    storage.state?.constructor !== stateType ||
    storage.state.length < stateLength(format.levels.length)
  ) {
    fail('state', `must be a ${stateType.name} of ${stateLength(format.levels.length)} entries`);
  }
  if (plan.assembly.strategy === 'expand') {
    const last = levelSizes[levelSizes.length - 1] as number;
    const ws = storage.workspace;
    const ok =
      ws !== undefined &&
      ws.values.constructor === values &&
      ws.values.length >= last &&
      ws.filled.constructor === Uint32Array &&
      ws.filled.length >= markWordCount(last) &&
      ws.coordinates.constructor === crdType &&
      ws.coordinates.length > last;
    if (!ok) {
      fail(
        'workspace',
        `must hold ${last} values, ${markWordCount(last)} Uint32Array marks and ${last + 1} coordinates`,
      );
    }
  }
}

function isOutputStorage(x: unknown): x is OutputStorage {
  return typeof x === 'object' && x !== null && 'state' in x && 'positions' in x;
}

/** The argument of an output or workspace parameter (`undefined` for every other one). */
export function outputArgument(
  p: KernelParameter,
  bound: BoundOutputStorage,
): InterpretArg | undefined {
  const { storage } = bound;
  switch (p.kind) {
    case 'output-positions':
      return storage.positions[p.level] as IndexArray;
    case 'output-coordinates':
      return storage.coordinates[p.level] as IndexArray;
    case 'output-values':
      return storage.values;
    case 'output-state':
      return storage.state;
    case 'workspace-values':
      return storage.workspace?.values;
    case 'workspace-filled':
      return storage.workspace?.filled;
    case 'workspace-coordinates':
      return storage.workspace?.coordinates;
    case 'values':
      return p.tensor === bound.inPlace ? storage.values : undefined;
    default:
      return undefined;
  }
}
