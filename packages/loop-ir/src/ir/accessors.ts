/**
 * Named operand and result accessors: `operand(op, 'memref')` instead of
 * `op.operands[0] as Value`. Names are the segments of the op's registered {@link OpDef}
 * (`memref`, `...indices`, `?acc`), so a reader sees which operand is meant and a wrong
 * name or a malformed op fails loudly instead of yielding `undefined` typed as a Value.
 */
import { messageText } from '@tilekit/errors';
import { expectOperation, expectString } from '../argument-checks.js';
import type { OpDef, Segment } from './op-def.js';
import { SegmentError } from './op-def.js';
import type { Operation, Value } from './operation.js';
import { getOpDef } from './ops/index.js';
import { valueRange } from './value-range.js';

/** Raised when an accessor names no segment of the op, or the op lacks the value asked for. */
export class OperandAccessError extends SegmentError {
  /**
   * @param opName the operation read (`memref.load`)
   * @param segment the segment asked for (`indices`), or `''` for the sole result
   * @param detail what exactly was wrong
   * @param argument the accessor's argument at fault: `name` when the op has no such segment
   *   (or it is of another kind), `op` when the op does not fit its definition
   */
  constructor(
    readonly opName: string,
    readonly segment: string,
    detail: string,
    override readonly argument: string = 'op',
  ) {
    super(
      `${messageText(opName)}${segment === '' ? '' : ` segment '${messageText(segment)}'`}: ${messageText(detail)}`,
    );
  }
}

type SegmentKind = 'single' | 'optional' | 'variadic';

/** Where one segment's values sit in an operand or result list. */
interface SegmentSlot {
  readonly kind: SegmentKind;
  /** Single segments before this one (its start index). */
  readonly lead: number;
  /** Single segments after this one (counted from the end of the list). */
  readonly trail: number;
  /** Whether the op's one non-single segment comes before this one. */
  readonly afterFlexible: boolean;
}

/** The slots of one segment list plus the value counts it accepts. */
interface SegmentLayout {
  readonly slots: ReadonlyMap<string, SegmentSlot>;
  readonly singles: number;
  readonly flexible: SegmentKind | undefined;
}

interface OpLayout {
  readonly operands: SegmentLayout;
  readonly results: SegmentLayout;
}

const layouts = new Map<string, OpLayout>();

function kindOf(s: Segment): SegmentKind {
  if (s.startsWith('...')) return 'variadic';
  return s.startsWith('?') ? 'optional' : 'single';
}

function layoutOf(segments: readonly Segment[]): SegmentLayout {
  const kinds = segments.map(kindOf);
  const singles = kinds.filter((k) => k === 'single').length;
  const slots = new Map<string, SegmentSlot>();
  let lead = 0;
  let afterFlexible = false;
  for (const [i, s] of segments.entries()) {
    const kind = kinds[i] as SegmentKind;
    const trail = singles - lead - (kind === 'single' ? 1 : 0);
    slots.set(s.replace(/^(\.\.\.|\?)/, ''), { kind, lead, trail, afterFlexible });
    if (kind === 'single') lead++;
    else afterFlexible = true;
  }
  return { slots, singles, flexible: kinds.find((k) => k !== 'single') };
}

/** The segment layout of `op`'s definition, computed once per op name. */
function opLayout(op: Operation, segment: string): OpLayout {
  const cached = layouts.get(op.name);
  if (cached !== undefined) return cached;
  const def: OpDef | undefined = getOpDef(op.name);
  if (def === undefined) {
    throw new OperandAccessError(
      op.name,
      segment,
      'no op definition is registered under this name',
    );
  }
  const layout = { operands: layoutOf(def.operands), results: layoutOf(def.results) };
  layouts.set(op.name, layout);
  return layout;
}

/**
 * Where segment `name` sits in `values` (the op's operands or results): its slot and the index
 * range `[start, end)`. Indices, not a slice: the single-value accessors run in every engine's
 * code generator, and slicing a frozen array costs far more than indexing it.
 */
function segmentRange(
  op: Operation,
  layout: SegmentLayout,
  values: readonly Value[],
  role: 'operand' | 'result',
  name: string,
): { readonly slot: SegmentSlot; readonly start: number; readonly end: number } {
  const slot = layout.slots.get(name);
  if (slot === undefined) {
    const known = [...layout.slots.keys()].map((k) => `'${k}'`).join(', ');
    throw new OperandAccessError(
      op.name,
      name,
      `not a ${role} segment of this op (its ${role} segments: ${known || 'none'})`,
      'name',
    );
  }
  const spare = values.length - layout.singles;
  const tooMany =
    layout.flexible === undefined ? spare > 0 : layout.flexible === 'optional' && spare > 1;
  if (spare < 0 || tooMany) {
    throw new OperandAccessError(
      op.name,
      name,
      `the op has ${values.length} ${role}s, which do not fit its ${role} segments`,
    );
  }
  if (slot.kind !== 'single') return { slot, start: slot.lead, end: slot.lead + spare };
  const at = slot.afterFlexible ? values.length - slot.trail - 1 : slot.lead;
  return { slot, start: at, end: at + 1 };
}

/** The one value of single segment `name` in `values`. */
function single(
  op: Operation,
  layout: SegmentLayout,
  values: readonly Value[],
  role: 'operand' | 'result',
  name: string,
): Value {
  const { slot, start } = segmentRange(op, layout, values, role, name);
  if (slot.kind !== 'single') {
    throw new OperandAccessError(op.name, name, `is ${slot.kind}, not a single value`, 'name');
  }
  return values[start] as Value;
}

/**
 * The operand in single segment `name` of `op` (e.g. `operand(load, 'memref')`).
 *
 * @throws {@link OperandAccessError} when `name` is not a single operand segment of the op's
 *   definition, or the op's operands do not fit its segments.
 */
export function operand(op: Operation, name: string): Value {
  expectOperation(op);
  expectString(name, 'name');
  return single(op, opLayout(op, name).operands, op.operands, 'operand', name);
}

/**
 * The operands in segment `name` of `op`, in order (e.g. `operands(load, 'indices')`).
 * A variadic segment gives any number, an optional one zero or one, a single one exactly one.
 *
 * @throws {@link OperandAccessError} when `name` is not an operand segment of the op's
 *   definition, or the op's operands do not fit its segments.
 */
export function operands(op: Operation, name: string): readonly Value[] {
  expectOperation(op);
  expectString(name, 'name');
  const { start, end } = segmentRange(
    op,
    opLayout(op, name).operands,
    op.operands,
    'operand',
    name,
  );
  return valueRange(op.operands, start, end);
}

/**
 * The operand in optional segment `name` of `op`, or undefined when the op omits it
 * (e.g. `optionalOperand(reduction, 'acc')`).
 *
 * @throws {@link OperandAccessError} when `name` is not an optional operand segment of the
 *   op's definition, or the op's operands do not fit its segments.
 */
export function optionalOperand(op: Operation, name: string): Value | undefined {
  expectOperation(op);
  expectString(name, 'name');
  const { slot, start, end } = segmentRange(
    op,
    opLayout(op, name).operands,
    op.operands,
    'operand',
    name,
  );
  if (slot.kind !== 'optional') {
    throw new OperandAccessError(op.name, name, `is ${slot.kind}, not optional`, 'name');
  }
  return start < end ? op.operands[start] : undefined;
}

/**
 * A result of `op`: with `name`, the value of that single result segment; without, the op's
 * sole result (e.g. `result(addf)`, or `result(forOp)` for a loop that carries one value).
 *
 * @throws {@link OperandAccessError} when `name` is not a single result segment of the op's
 *   definition, or, without `name`, when the op does not have exactly one result.
 */
export function result(op: Operation, name?: string): Value {
  expectOperation(op);
  if (name !== undefined) {
    expectString(name, 'name');
    return single(op, opLayout(op, name).results, op.results, 'result', name);
  }
  const [only] = op.results;
  if (only === undefined || op.results.length !== 1) {
    throw new OperandAccessError(
      op.name,
      '',
      `expected exactly one result, found ${op.results.length}`,
    );
  }
  return only;
}
