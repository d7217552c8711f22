/**
 * How a pass's invocations share its loop's iterations, chosen by guarded rewrites on the loop
 * structure (each pattern with its guards; a loop that matches none keeps the plain form):
 *
 * - `row-group` (CSR-vector): the outer body is straight-line code around one inner loop that
 *   sums into its single carried value (`arith.addf`/`arith.addi`, the running sum used only
 *   there) and stores nothing, as in SpMV or a row's dot product. A group of `group` consecutive
 *   invocations (a power of two up to the workgroup) runs one outer iteration; lane `l` runs the
 *   inner iterations l, l + group, ..., so consecutive invocations read consecutive entries; the
 *   lanes' partial sums meet in a fixed-order tree in workgroup memory (reproducible run to
 *   run) and lane 0 stores. `group` comes from the average inner length at launch (a uniform;
 *   see {@link rowGroupSize}).
 *   Rows far longer than the average (one huge row) still get one group: no split by entries.
 * - `column-grid`: every access to the output has as its last index the induction variable of
 *   one inner loop that carries nothing (SpMM's loop over dense columns, a 2-D fill), and also
 *   the outer induction variable. Invocation `g` runs outer iteration g / columns and, of that
 *   inner loop, only iteration g % columns, so consecutive invocations touch consecutive dense
 *   columns (the loads of B and the stores of C coalesce) while those of one row read the same
 *   sparse entries.
 *   Where the element is updated once per entry, it stays in a register for the iteration.
 * - `per-iteration`: invocation `g` runs outer iteration g (grid-stride).
 *
 * The index math of each form is data ({@link SCHEDULE_MATH}) that the WGSL generator prints
 * and the invocation simulator evaluates.
 */
import type { Block, Operation, Value } from '@tilekit/loop-ir';
import { operand, operands, walkOperations } from '@tilekit/loop-ir';
import { expectInteger } from '../argument-checks.js';
import { EngineArgumentError } from '../errors.js';
import { type IndexExpr, int, minus, modulo, named, over, plus, times } from './index-math.js';
import { expectFunction, expectLength, expectScheduleKind } from './launch-argument-checks.js';

/** Invocations per workgroup of every generated WebGPU pass. */
export const WORKGROUP_INVOCATIONS = 64;

/** Where the average inner length of a row-group pass comes from at launch. */
export type RowLengthSource =
  /** The inner loop's bounds are host values. */
  | { readonly kind: 'bounds' }
  /** The inner loop reads this memref argument at its induction variable (one entry per iteration). */
  | { readonly kind: 'extent'; readonly arg: number }
  | { readonly kind: 'unknown' };

/** The chosen form of a pass. */
export type PassSchedule =
  | { readonly kind: 'per-iteration' }
  | {
      readonly kind: 'row-group';
      /** The inner loop whose iterations the group's lanes share (lane l: l, l + group, ...). */
      readonly strided: Operation;
      /**
       * How the lanes' partial sums combine where the loop sums into its one carried value;
       * undefined where it carries nothing and each of its iterations stores only output
       * elements of its own (then every lane stores, and no lanes meet).
       */
      readonly combine?: 'arith.addf' | 'arith.addi';
      readonly rowLength: RowLengthSource;
    }
  | {
      readonly kind: 'column-grid';
      /** The inner loop over the output's last dimension. */
      readonly columns: Operation;
      /**
       * Set where the invocation's one output element is updated inside further loops (SpMM's
       * loop over a row's entries): the element's index tuple (the outer and the column
       * induction variables). It is then held in a register for the outer iteration, read once
       * before and written once after, instead of read and written per entry.
       */
      readonly promoted?: readonly Value[];
      /**
       * Where set (with `promoted`), the element starts from this value instead of its load: a
       * constant fill of the output that this pass absorbed (see absorbed-fill.ts).
       */
      readonly initial?: Value;
    };

/** A pass's loop and the schedule its invocations follow. */
export interface PassPlan {
  readonly func: Operation;
  /** The top-level loop the pass runs. */
  readonly loop: Operation;
  /** Function argument index of the memref written. */
  readonly output: number;
  readonly schedule: PassSchedule;
}

/**
 * Index math of each schedule. `invocation` lists, in order, the values an invocation derives
 * from its ids (`local`, `workgroup`, `workgroups`, `round`, `index`) and the launch uniforms
 * (`group`, `columns`); then how loop induction variables start and step (`lower`/`step` of the
 * loop in question, `trip`, `lane`, `column` from above).
 */
export const SCHEDULE_MATH = {
  'per-iteration': {
    invocation: [['trip', named('index')]] as const,
    outerIv: plus(named('lower'), times(named('trip'), named('step'))),
  },
  'row-group': {
    invocation: [
      ['lane', modulo(named('local'), named('group'))],
      ['first', minus(named('local'), named('lane'))],
      [
        'trip',
        plus(
          times(
            plus(named('workgroup'), times(named('round'), named('workgroups'))),
            over(int(WORKGROUP_INVOCATIONS), named('group')),
          ),
          over(named('local'), named('group')),
        ),
      ],
    ] as const,
    outerIv: plus(named('lower'), times(named('trip'), named('step'))),
    innerStart: plus(named('lower'), times(named('lane'), named('step'))),
    innerStride: times(named('group'), named('step')),
  },
  'column-grid': {
    invocation: [
      ['trip', over(named('index'), named('columns'))],
      ['column', minus(named('index'), times(named('trip'), named('columns')))],
    ] as const,
    outerIv: plus(named('lower'), times(named('trip'), named('step'))),
    columnIv: plus(named('lower'), times(named('column'), named('step'))),
  },
} satisfies Record<
  PassSchedule['kind'],
  {
    invocation: readonly (readonly [string, IndexExpr])[];
    outerIv: IndexExpr;
    innerStart?: IndexExpr;
    innerStride?: IndexExpr;
    columnIv?: IndexExpr;
  }
>;

/** Uniforms a schedule adds to its pass, by name. */
export const SCHEDULE_UNIFORMS = {
  group: 'tkGroup',
  rounds: 'tkRounds',
  columns: 'tkColumns',
} as const;

/** The launch of a pass: how many invocations, and the schedule's uniform values. */
export interface ScheduleLaunch {
  readonly invocations: number;
  readonly group: number;
  readonly rounds: number;
  readonly columns: number;
  /** Workgroups dispatched. */
  readonly workgroups: number;
}

/** WebGPU's default `maxComputeWorkgroupsPerDimension`. */
const MAX_WORKGROUPS = 65_535;

/**
 * Lanes per outer iteration for an average inner length: the power of two nearest √average,
 * at most a quarter of the average (so each lane runs four iterations or more) and at most 32.
 * Few lanes per row win on real GPUs: measured on an H200 (Dawn, Vulkan; SpMV over 67-117 MB
 * of CSR with 2 to 512 entries per row), one lane per row of 2 or 4 entries, 2 lanes for 8,
 * 4 for 16, 8 for 32 to 128 and 32 for 512 were each within 12 % of the fastest group size
 * there, where one lane per entry (a group covering the row) ran 1.2 to 3 times slower: every
 * lane that runs one iteration still pays its share of the workgroup-memory tree and its
 * barriers.
 */
export function rowGroupSize(averageLength: number): number {
  // Doubling to 2g keeps 2g at most the nearest power of two to √average (2g² ≤ average) and
  // at most a quarter of it (8g ≤ average).
  let group = 1;
  while (group < 32 && 2 * group * group <= averageLength && 8 * group <= averageLength) group *= 2;
  return group;
}

/**
 * The launch of `schedule` over `trips` outer iterations (`averageLength`: a row-group's average
 * inner length; `columns`: a column grid's inner trip count).
 */
export function scheduleLaunch(
  schedule: { readonly kind: PassSchedule['kind'] },
  trips: number,
  averageLength: number,
  columns: number,
): ScheduleLaunch {
  expectScheduleKind(schedule, 'schedule');
  expectInteger(trips, 'trips', 0);
  expectLength(averageLength, 'averageLength');
  expectInteger(columns, 'columns', 0);
  const capped = (invocations: number) =>
    Math.max(1, Math.min(MAX_WORKGROUPS, Math.ceil(invocations / WORKGROUP_INVOCATIONS)));
  switch (schedule.kind) {
    case 'per-iteration':
      return { invocations: trips, group: 1, rounds: 1, columns: 1, workgroups: capped(trips) };
    case 'column-grid': {
      const invocations = trips * columns;
      return { invocations, group: 1, rounds: 1, columns, workgroups: capped(invocations) };
    }
    case 'row-group': {
      const group = rowGroupSize(averageLength);
      const blocks = Math.ceil(trips / (WORKGROUP_INVOCATIONS / group));
      const workgroups = Math.max(1, Math.min(MAX_WORKGROUPS, blocks));
      return {
        invocations: workgroups * WORKGROUP_INVOCATIONS,
        group,
        rounds: Math.ceil(blocks / workgroups),
        columns: 1,
        workgroups,
      };
    }
  }
}

/**
 * The launch of `schedule` over `trips` outer iterations, with what it reads at launch: a row
 * group's average inner length (`innerTrips`, the inner loop's trip count where its bounds are
 * host values, else the extent of the argument read once per entry spread over the rows) and a
 * column grid's inner trip count (`columnTrips`). Unknown lengths give one lane per row and an
 * unknown column count no columns.
 */
export function scheduleLaunchFor(
  schedule:
    | { readonly kind: 'per-iteration' }
    | { readonly kind: 'row-group'; readonly rowLength: RowLengthSource }
    | { readonly kind: 'column-grid' },
  trips: number,
  extent: (arg: number, dim: number) => number,
  innerTrips: () => number | undefined,
  columnTrips: () => number | undefined,
): ScheduleLaunch {
  expectScheduleKind(schedule, 'schedule');
  expectInteger(trips, 'trips', 0);
  expectFunction(extent, 'extent');
  expectFunction(innerTrips, 'innerTrips');
  expectFunction(columnTrips, 'columnTrips');
  let average = 1;
  let columns = 0;
  if (schedule.kind === 'row-group') {
    const length = schedule.rowLength;
    if (typeof length !== 'object' || length === null)
      throw new EngineArgumentError('schedule.rowLength', 'expected where a row length is read');
    if (length.kind === 'bounds') average = innerTrips() ?? 1;
    else if (length.kind === 'extent') average = extent(length.arg, 0) / Math.max(1, trips);
  }
  if (schedule.kind === 'column-grid') columns = columnTrips() ?? 0;
  return scheduleLaunch(schedule, trips, average, columns);
}

/** Ops that copy an integer without changing its value in the 32-bit range shaders hold. */
const INDEX_COPIES: ReadonlySet<string> = new Set([
  'arith.extui',
  'arith.extsi',
  'arith.index_cast',
  'arith.index_castui',
]);

/** Whether `v` is a function argument or a constant defined at the function's top level. */
function hostKnown(v: Value, entry: Block): boolean {
  if (entry.arguments.includes(v)) return true;
  return entry.operations.some((op) => op.name === 'arith.constant' && op.results[0] === v);
}

/** The first block of `op`'s first region. */
function bodyOf(op: Operation): Block {
  return op.regions[0]?.blocks[0] as Block;
}

/** Every use of `v` as an operand in `root`'s regions. */
function usesIn(root: Operation, v: Value): Operation[] {
  const users: Operation[] = [];
  walkOperations(root, (op) => {
    if (op !== root && op.operands.includes(v)) users.push(op);
  });
  return users;
}

/** The row-group schedule of `loop`, or undefined where its guards fail. */
function rowGroup(entry: Block, loop: Operation, output: Value): PassSchedule | undefined {
  if (!['lowerBound', 'upperBound', 'step'].every((b) => hostKnown(operand(loop, b), entry)))
    return undefined;
  const body = bodyOf(loop);
  const nested = body.operations.filter((op) => op.regions.length > 0);
  const reduction = nested[0];
  if (nested.length !== 1 || reduction?.name !== 'scf.for' || reduction.results.length !== 1)
    return undefined;
  const inner = bodyOf(reduction);
  const [iv, sum] = inner.arguments;
  const yielded = inner.operations.at(-1)?.operands[0];
  const combine = inner.operations.find((op) => op.results[0] === yielded);
  if (
    sum === undefined ||
    iv === undefined ||
    combine === undefined ||
    (combine.name !== 'arith.addf' && combine.name !== 'arith.addi') ||
    !combine.operands.includes(sum) ||
    combine.operands[0] === combine.operands[1] ||
    usesIn(reduction, sum).length !== 1
  )
    return undefined;
  if (sum.type.kind !== 'float' && sum.type.kind !== 'integer' && sum.type.kind !== 'index')
    return undefined;
  let touchesOutput = false;
  walkOperations(reduction, (op) => {
    const isAccess = op.name === 'memref.load' || op.name === 'memref.store';
    if (op.name === 'memref.store' || (isAccess && operand(op, 'memref') === output))
      touchesOutput = true;
  });
  if (touchesOutput) return undefined;
  return {
    kind: 'row-group',
    strided: reduction,
    combine: combine.name,
    rowLength: rowLengthSource(entry, reduction, iv),
  };
}

/** `v` with integer copies (casts that keep the value) looked through. */
function throughCopies(v: Value, defining: ReadonlyMap<Value, Operation>): Value {
  const def = defining.get(v);
  return def !== undefined && INDEX_COPIES.has(def.name)
    ? throughCopies(def.operands[0] as Value, defining)
    : v;
}

/**
 * The row-group schedule without sums of `loop`, or undefined where its guards fail: every
 * output access lies in one inner loop over a segment (bounds loaded from one array) that
 * carries nothing, and is indexed by the outer induction variable and, last, by a coordinate
 * loaded at that loop's induction variable from an array whose entries are distinct within each
 * segment (a unique compressed level). The loop's iterations then touch distinct elements, so
 * lanes may share them (SDDMM's entries, a row's scatter into a dense output).
 */
function entryGroup(
  entry: Block,
  loop: Operation,
  output: Value,
  segmentDistinct: ReadonlySet<number>,
): PassSchedule | undefined {
  if (!['lowerBound', 'upperBound', 'step'].every((b) => hostKnown(operand(loop, b), entry)))
    return undefined;
  const outerIv = bodyOf(loop).arguments[0] as Value;
  const defining = new Map<Value, Operation>();
  const accesses: Operation[] = [];
  const enclosing = new Map<Operation, Operation>();
  const visit = (op: Operation, inLoop: Operation | undefined) => {
    for (const r of op.results) defining.set(r, op);
    const isAccess = op.name === 'memref.load' || op.name === 'memref.store';
    if (isAccess && operand(op, 'memref') === output) {
      accesses.push(op);
      if (inLoop !== undefined) enclosing.set(op, inLoop);
    }
    const next = op.name === 'scf.for' && op !== loop ? op : inLoop;
    for (const region of op.regions)
      for (const block of region.blocks) for (const inner of block.operations) visit(inner, next);
  };
  visit(loop, undefined);
  const strided = accesses[0] === undefined ? undefined : enclosing.get(accesses[0]);
  if (strided === undefined || strided.results.length > 0) return undefined;
  if (!accesses.every((op) => enclosing.get(op) === strided)) return undefined;
  const iv = bodyOf(strided).arguments[0] as Value;
  const boundArray = (b: string) => {
    const def = defining.get(throughCopies(operand(strided, b), defining));
    return def?.name === 'memref.load' ? operand(def, 'memref') : undefined;
  };
  const segment = boundArray('lowerBound');
  if (segment === undefined || segment !== boundArray('upperBound')) return undefined;
  const distinctAtIv = (v: Value | undefined) => {
    const def = v === undefined ? undefined : defining.get(throughCopies(v, defining));
    if (def?.name !== 'memref.load') return false;
    const at = operands(def, 'indices');
    const array = entry.arguments.indexOf(operand(def, 'memref'));
    return at.length === 1 && at[0] === iv && segmentDistinct.has(array);
  };
  const owned = accesses.every((op) => {
    const at = operands(op, 'indices');
    return at.includes(outerIv) && distinctAtIv(at.at(-1));
  });
  if (!owned) return undefined;
  return { kind: 'row-group', strided, rowLength: rowLengthSource(entry, strided, iv) };
}

/** Where a reduction loop's average length can be read from at launch. */
function rowLengthSource(entry: Block, reduction: Operation, iv: Value): RowLengthSource {
  if (['lowerBound', 'upperBound', 'step'].every((b) => hostKnown(operand(reduction, b), entry)))
    return { kind: 'bounds' };
  let arg = -1;
  walkOperations(reduction, (op) => {
    if (arg >= 0 || op.name !== 'memref.load') return;
    const at = operands(op, 'indices');
    if (at.length === 1 && at[0] === iv) arg = entry.arguments.indexOf(operand(op, 'memref'));
  });
  return arg >= 0 ? { kind: 'extent', arg } : { kind: 'unknown' };
}

/** The column-grid schedule of `loop`, or undefined where its guards fail. */
function columnGrid(entry: Block, loop: Operation, output: Value): PassSchedule | undefined {
  if (!['lowerBound', 'upperBound', 'step'].every((b) => hostKnown(operand(loop, b), entry)))
    return undefined;
  const outerIv = bodyOf(loop).arguments[0];
  const accesses: Operation[] = [];
  const loopOf = new Map<Value, Operation>();
  walkOperations(loop, (op) => {
    if (op.name === 'scf.for' && op !== loop) loopOf.set(bodyOf(op).arguments[0] as Value, op);
    const isAccess = op.name === 'memref.load' || op.name === 'memref.store';
    if (isAccess && operand(op, 'memref') === output) accesses.push(op);
  });
  const last = accesses[0] === undefined ? undefined : operands(accesses[0], 'indices').at(-1);
  const columns = last === undefined ? undefined : loopOf.get(last);
  if (columns === undefined || columns.results.length > 0) return undefined;
  const step = operand(columns, 'step');
  const stepConstant = entry.operations.find((op) => op.results[0] === step);
  const stepValue = stepConstant?.attributes.value;
  if (
    !['lowerBound', 'upperBound'].every((b) => hostKnown(operand(columns, b), entry)) ||
    stepValue?.kind !== 'integer' ||
    stepValue.value <= 0n
  )
    return undefined;
  const inColumns = new Set<Operation>();
  walkOperations(columns, (op) => {
    inColumns.add(op);
  });
  const everyAccessOwned = accesses.every((op) => {
    const at = operands(op, 'indices');
    return inColumns.has(op) && at.at(-1) === last && outerIv !== undefined && at.includes(outerIv);
  });
  if (!everyAccessOwned || outerIv === undefined) return undefined;
  const tuple = operands(accesses[0] as Operation, 'indices');
  const sameTuple = accesses.every((op) => {
    const at = operands(op, 'indices');
    return at.length === tuple.length && at.every((v, d) => v === tuple[d]);
  });
  const nestedDeeper = !bodyOf(loop).operations.includes(columns);
  const promotable = sameTuple && tuple.length === 2 && tuple[0] === outerIv && nestedDeeper;
  return promotable
    ? { kind: 'column-grid', columns, promoted: tuple }
    : { kind: 'column-grid', columns };
}

/**
 * The schedule of top-level loop `loop` of `func` (already found parallel), writing argument
 * `output`: the first rewrite whose guards hold, else `per-iteration`.
 */
export function planPassSchedule(
  func: Operation,
  loop: Operation,
  output: number,
  segmentDistinct: ReadonlySet<number> = new Set(),
): PassPlan {
  const entry = bodyOf(func);
  const out = entry.arguments[output] as Value;
  const schedule = rowGroup(entry, loop, out) ??
    columnGrid(entry, loop, out) ??
    entryGroup(entry, loop, out, segmentDistinct) ?? { kind: 'per-iteration' };
  return { func, loop, output, schedule };
}
