/**
 * What a pass's invocations read and write, without a GPU: each simulated invocation derives
 * its iterations from the pass's schedule with the same index math the WGSL generator prints
 * (pass-schedule.ts's SCHEDULE_MATH) and the launch the caller would dispatch
 * ({@link ShaderPass.launch}), then runs the pass's loop IR on integer values, recording every
 * load and store with its flat element index. Loads of index arrays return the given data (so
 * row bounds and coordinates are real); other loads return 0. Comparing the accesses of 32
 * consecutive invocations shows whether they coalesce (see {@link warpAccesses}).
 */
import type { Block, Operation, Value } from '@tilekit/loop-ir';
import { operand, operands, walkOperations } from '@tilekit/loop-ir';
import { expectArrayOf, expectInteger, expectObjectWith } from '../argument-checks.js';
import { EngineArgumentError } from '../errors.js';
import type { LaunchSizes, ShaderPass } from './compile-passes.js';
import { evaluateIndexExpr, type IndexExpr } from './index-math.js';
import { SCHEDULE_MATH, WORKGROUP_INVOCATIONS } from './pass-schedule.js';

/** One memory access of a simulated invocation. */
export interface SimulatedAccess {
  /** The `memref.load` or `memref.store`. */
  readonly op: Operation;
  readonly kind: 'load' | 'store';
  /** Function argument index of the memref. */
  readonly memref: number;
  /** Row-major element index. */
  readonly index: number;
  /** How many times this invocation had run `op` before (aligns lockstep invocations). */
  readonly occurrence: number;
}

/** Everything one invocation accessed. */
export interface SimulatedInvocation {
  /** Global invocation index. */
  readonly invocation: number;
  readonly accesses: readonly SimulatedAccess[];
}

/** The sizes and index data a simulation runs on. */
export interface SimulationInput extends LaunchSizes {
  /** Contents of memref argument `arg` (index arrays at least); undefined reads as zeros. */
  data(arg: number): ArrayLike<number> | undefined;
}

/** Iterations any one loop may run in a simulation (a guard against runaway test data). */
const LOOP_LIMIT = 1 << 22;

/**
 * Simulates global invocations `invocations` of `pass` over the whole launch (every grid-stride
 * step or round they take).
 *
 * @throws EngineArgumentError where the pass's trip count is not known from sizes.
 */
export function simulateInvocations(
  pass: ShaderPass,
  input: SimulationInput,
  invocations: readonly number[],
): SimulatedInvocation[] {
  expectShaderPass(pass);
  expectObjectWith(input, 'input', 'a SimulationInput (scalar, extent and data functions)', {
    scalar: 'function',
    extent: 'function',
    data: 'function',
  });
  expectArrayOf(invocations, 'invocations', (n, name) => expectInteger(n, name, 0));
  const launch = pass.launch(input);
  const s = launch.schedule;
  if (s === undefined)
    throw new EngineArgumentError(
      'pass',
      'its trip count is read from memory (nothing to simulate)',
    );
  const { func, loop, schedule } = pass.plan;
  const entry = func.regions[0]?.blocks[0] as Block;
  const threads = s.workgroups * WORKGROUP_INVOCATIONS;
  return invocations.map((n) => {
    const accesses: SimulatedAccess[] = [];
    const counts = new Map<Operation, number>();
    const loadCounts = new Map<Operation, number>();
    const env = new Map<Value, number>();
    entry.arguments.forEach((a, k) => {
      env.set(a, a.type.kind === 'memref' ? k : input.scalar(k));
    });
    for (const op of entry.operations) {
      if (op === loop) break;
      if (op.regions.length === 0 && op.name !== 'memref.store') evalOp(op);
    }
    const lower = value(operand(loop, 'lowerBound'));
    const upper = value(operand(loop, 'upperBound'));
    const step = value(operand(loop, 'step'));
    const body = loop.regions[0]?.blocks[0] as Block;
    const names = new Map<string, number>([
      ['local', n % WORKGROUP_INVOCATIONS],
      ['workgroup', Math.floor(n / WORKGROUP_INVOCATIONS)],
      ['workgroups', s.workgroups],
      ['group', s.group],
      ['columns', s.columns],
      ['lower', lower],
      ['step', step],
    ]);
    const lookup = (name: string) => {
      const v = names.get(name);
      if (v === undefined) throw new Error(`index math reads unknown value ${name}`);
      return v;
    };
    const derive = (list: readonly (readonly [string, IndexExpr])[]) => {
      for (const [name, expr] of list) names.set(name, evaluateIndexExpr(expr, lookup));
    };
    let active = true;
    if (schedule.kind === 'row-group') {
      for (let round = 0; round < s.rounds; round++) {
        names.set('round', round);
        derive(SCHEDULE_MATH['row-group'].invocation);
        const iv = evaluateIndexExpr(SCHEDULE_MATH['row-group'].outerIv, lookup);
        active = iv < upper;
        runBlock(body, [active ? iv : lower]);
      }
    } else {
      const math = SCHEDULE_MATH[schedule.kind];
      for (let g = n; ; g += threads) {
        names.set('index', g);
        derive(math.invocation);
        const iv = evaluateIndexExpr(math.outerIv, lookup);
        if (!(iv < upper)) break;
        if (schedule.kind !== 'column-grid' || schedule.promoted === undefined) {
          runBlock(body, [iv]);
          continue;
        }
        // The element held in a register: one read before the iteration, one write after.
        const columns = schedule.columns;
        const column = evaluateIndexExpr(SCHEDULE_MATH['column-grid'].columnIv, (name) =>
          name === 'lower'
            ? value(operand(columns, 'lowerBound'))
            : name === 'step'
              ? value(operand(columns, 'step'))
              : lookup(name),
        );
        const own = iv * input.extent(pass.plan.output, 1) + column;
        if (schedule.initial === undefined) access(columns, 'load', pass.plan.output, own);
        runBlock(body, [iv]);
        access(columns, 'store', pass.plan.output, own);
      }
    }
    return { invocation: n, accesses };

    function value(v: Value): number {
      const x = env.get(v);
      if (x === undefined) throw new Error('simulation reads a value with no definition');
      return x;
    }

    /** Runs `block` with its arguments bound; returns what its terminator yields. */
    function runBlock(block: Block, args: readonly number[]): number[] {
      block.arguments.forEach((a, k) => {
        env.set(a, args[k] ?? 0);
      });
      for (const op of block.operations) {
        if (op.name === 'scf.yield' || op.name === 'scf.condition') return op.operands.map(value);
        evalOp(op);
      }
      return [];
    }

    function access(op: Operation, kind: 'load' | 'store', memref: number, index: number): void {
      const key = kind === 'load' ? loadCounts : counts;
      const occurrence = key.get(op) ?? 0;
      key.set(op, occurrence + 1);
      accesses.push({ op, kind, memref, index, occurrence });
    }

    function record(op: Operation, kind: 'load' | 'store'): number {
      const memref = entry.arguments.indexOf(operand(op, 'memref'));
      const at = operands(op, 'indices').map(value);
      const promoted = schedule.kind === 'column-grid' ? schedule.promoted : undefined;
      const isPromoted =
        memref === pass.plan.output &&
        promoted !== undefined &&
        operands(op, 'indices').every((v, d) => v === promoted[d]);
      // A promoted element's accesses read and write the register.
      if (isPromoted) return 0;
      const index = at.reduce((acc, x, d) => (d === 0 ? x : acc * input.extent(memref, d) + x), 0);
      access(op, kind, memref, index);
      return input.data(memref)?.[index] ?? 0;
    }

    function evalFor(op: Operation): void {
      const lb = value(operand(op, 'lowerBound'));
      const ub = value(operand(op, 'upperBound'));
      const st = value(operand(op, 'step'));
      let carried = operands(op, 'initArgs').map(value);
      const block = op.regions[0]?.blocks[0] as Block;
      let start = lb;
      let stride = st;
      let only: number | undefined;
      if (schedule.kind === 'row-group' && op === schedule.strided) {
        const local = (name: string) =>
          name === 'lower' ? lb : name === 'step' ? st : lookup(name);
        start = active ? evaluateIndexExpr(SCHEDULE_MATH['row-group'].innerStart, local) : ub;
        stride = evaluateIndexExpr(SCHEDULE_MATH['row-group'].innerStride, local);
      } else if (schedule.kind === 'column-grid' && op === schedule.columns) {
        const local = (name: string) =>
          name === 'lower' ? lb : name === 'step' ? st : lookup(name);
        only = evaluateIndexExpr(SCHEDULE_MATH['column-grid'].columnIv, local);
      }
      if (only !== undefined) {
        if (only < ub) carried = runBlock(block, [only, ...carried]);
      } else {
        let trips = 0;
        for (let iv = start; iv < ub; iv += stride) {
          if (++trips > LOOP_LIMIT) throw new Error('a simulated loop runs too long');
          carried = runBlock(block, [iv, ...carried]);
        }
      }
      op.results.forEach((r, k) => {
        env.set(r, carried[k] ?? 0);
      });
    }

    function evalOp(op: Operation): void {
      const r = op.results[0];
      switch (op.name) {
        case 'memref.load':
          env.set(r as Value, record(op, 'load'));
          return;
        case 'memref.store': {
          const stores =
            schedule.kind !== 'row-group' ||
            schedule.combine === undefined ||
            (names.get('lane') === 0 && active);
          if (stores) record(op, 'store');
          return;
        }
        case 'memref.dim':
          env.set(
            r as Value,
            input.extent(value(operand(op, 'source')), value(operand(op, 'index'))),
          );
          return;
        case 'scf.for':
          evalFor(op);
          return;
        case 'scf.if': {
          const region = value(op.operands[0] as Value) !== 0 ? 0 : 1;
          const block = op.regions[region]?.blocks[0];
          const results = block === undefined ? [] : runBlock(block, []);
          op.results.forEach((res, k) => {
            env.set(res, results[k] ?? 0);
          });
          return;
        }
        case 'scf.while': {
          let args = op.operands.map(value);
          const before = op.regions[0]?.blocks[0] as Block;
          const after = op.regions[1]?.blocks[0] as Block;
          for (let trips = 0; ; trips++) {
            if (trips > LOOP_LIMIT) throw new Error('a simulated loop runs too long');
            const condition = before.operations.at(-1) as Operation;
            const yielded = runBlock(before, args);
            if (value(condition.operands[0] as Value) === 0) {
              op.results.forEach((res, k) => {
                env.set(res, yielded[k + 1] ?? 0);
              });
              return;
            }
            args = runBlock(after, yielded.slice(1));
          }
        }
      }
      if (r === undefined) return;
      env.set(r, scalarValue(op, op.operands.map(value)));
    }
  });
}

/** The integer value of scalar op `op` (float results read as 0: only addresses matter). */
function scalarValue(op: Operation, args: readonly number[]): number {
  const [a = 0, b = 0, c = 0] = args;
  const attr = op.attributes.value;
  const predicate =
    op.attributes.predicate?.kind === 'predicate' ? op.attributes.predicate.value : '';
  switch (op.name) {
    case 'arith.constant':
      if (attr?.kind === 'integer') return Number(attr.value);
      if (attr?.kind === 'bool') return attr.value ? 1 : 0;
      return 0;
    case 'arith.addi':
      return a + b;
    case 'arith.subi':
      return a - b;
    case 'arith.muli':
      return a * b;
    case 'arith.divsi':
    case 'arith.divui':
      return b === 0 ? 0 : Math.trunc(a / b);
    case 'arith.floordivsi':
      return b === 0 ? 0 : Math.floor(a / b);
    case 'arith.ceildivsi':
      return b === 0 ? 0 : Math.ceil(a / b);
    case 'arith.remsi':
    case 'arith.remui':
      return b === 0 ? 0 : a % b;
    case 'arith.andi':
      return a & b;
    case 'arith.ori':
      return a | b;
    case 'arith.xori':
      return a ^ b;
    case 'arith.shli':
      return a << b;
    case 'arith.shrsi':
      return a >> b;
    case 'arith.shrui':
      return a >>> b;
    case 'arith.minsi':
    case 'arith.minui':
      return Math.min(a, b);
    case 'arith.maxsi':
    case 'arith.maxui':
      return Math.max(a, b);
    case 'arith.select':
      return a !== 0 ? b : c;
    case 'arith.cmpi':
      return compare(predicate, a, b) ? 1 : 0;
    case 'arith.extui':
    case 'arith.extsi':
    case 'arith.trunci':
    case 'arith.index_cast':
    case 'arith.index_castui':
    case 'arith.fptosi':
      return a;
    default:
      return 0;
  }
}

function compare(predicate: string, a: number, b: number): boolean {
  switch (predicate) {
    case 'eq':
      return a === b;
    case 'ne':
      return a !== b;
    case 'slt':
    case 'ult':
      return a < b;
    case 'sle':
    case 'ule':
      return a <= b;
    case 'sgt':
    case 'ugt':
      return a > b;
    default:
      return a >= b;
  }
}

/** The accesses of one op at one occurrence across a set of lockstep invocations. */
export interface WarpAccess {
  readonly op: Operation;
  readonly kind: 'load' | 'store';
  readonly memref: number;
  readonly occurrence: number;
  /** Distinct element indices, ascending. */
  readonly elements: readonly number[];
  /** Aligned segments of `segmentElements` elements the elements fall in (memory transactions). */
  readonly segments: number;
  /**
   * Whether an index of the access is computed from loaded data (a gather or scatter through
   * coordinates: whether its addresses are consecutive depends on the data, or, where only a
   * row index is loaded, on whether the invocations share it).
   */
  readonly dataDependent: boolean;
}

/**
 * The accesses of `invocations` (e.g. 32 consecutive ones) grouped by op and occurrence, with
 * the number of aligned `segmentElements`-element segments each touches: consecutive accesses
 * touch about distinct / segmentElements + 1, strided ones one per element.
 */
export function warpAccesses(
  pass: ShaderPass,
  invocations: readonly SimulatedInvocation[],
  segmentElements = 32,
): WarpAccess[] {
  expectShaderPass(pass);
  expectArrayOf(invocations, 'invocations', (inv, name) =>
    expectObjectWith(inv, name, 'a SimulatedInvocation (from simulateInvocations)', {
      accesses: 'object',
    }),
  );
  expectInteger(segmentElements, 'segmentElements', 1);
  const defining = new Map<Value, Operation>();
  walkOperations(pass.plan.func, (op) => {
    for (const r of op.results) defining.set(r, op);
  });
  const groups = new Map<string, { first: SimulatedAccess; elements: Set<number> }>();
  const ids = new Map<Operation, number>();
  for (const inv of invocations)
    for (const a of inv.accesses) {
      if (!ids.has(a.op)) ids.set(a.op, ids.size);
      const key = `${ids.get(a.op)}:${a.kind}:${a.occurrence}`;
      const group = groups.get(key) ?? { first: a, elements: new Set<number>() };
      group.elements.add(a.index);
      groups.set(key, group);
    }
  const dependent = new Map<Operation, boolean>();
  return [...groups.values()].map(({ first, elements }) => {
    const sorted = [...elements].sort((x, y) => x - y);
    const segments = new Set(sorted.map((e) => Math.floor(e / segmentElements))).size;
    let dataDependent = dependent.get(first.op);
    if (dataDependent === undefined) {
      dataDependent = indexIsData(first.op, defining);
      dependent.set(first.op, dataDependent);
    }
    return {
      op: first.op,
      kind: first.kind,
      memref: first.memref,
      occurrence: first.occurrence,
      elements: sorted,
      segments,
      dataDependent,
    };
  });
}

/** Whether an index of access `op` is derived from a loaded value. */
function indexIsData(op: Operation, defining: ReadonlyMap<Value, Operation>): boolean {
  // A promoted element's read and write (recorded on the column loop) are by index tuple.
  if (op.name !== 'memref.load' && op.name !== 'memref.store') return false;
  const seen = new Set<Value>();
  const fromData = (v: Value): boolean => {
    if (seen.has(v)) return false;
    seen.add(v);
    const def = defining.get(v);
    if (def === undefined || def.regions.length > 0) return false;
    if (def.name === 'memref.load') return true;
    return def.operands.some(fromData);
  };
  return operands(op, 'indices').some(fromData);
}

/** `pass` is a pass of a parallel shader program (its launch function and plan). */
function expectShaderPass(pass: unknown): asserts pass is ShaderPass {
  expectObjectWith(pass, 'pass', 'a ShaderPass (from compileWgsl or compileGlsl)', {
    launch: 'function',
    plan: 'object',
  });
}
