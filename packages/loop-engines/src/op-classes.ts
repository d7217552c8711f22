/**
 * How every code generator classifies IR ops before lowering them: every op falls in exactly
 * one class, the shared skeleton (lowering.ts) lowers the structural classes itself, and each
 * generator has one handler per {@link OpClass} in its table.
 */
import type { Operation, Value } from '@tilekit/loop-ir';
import { EngineUnsupportedError } from './errors.js';

/** Classes the shared skeleton lowers itself, with each engine's structural hooks. */
export type StructuralOpClass = 'terminator' | 'for' | 'while' | 'if' | 'unsupported';

const STRUCTURAL: ReadonlySet<string> = new Set<StructuralOpClass>([
  'terminator',
  'for',
  'while',
  'if',
  'unsupported',
]);

/** Whether the shared skeleton lowers ops of class `c` itself (no engine handler). */
export function isStructural(c: OpClass | StructuralOpClass): c is StructuralOpClass {
  return STRUCTURAL.has(c);
}

/** Classes every engine emits with its own handler (one per class, see `OpHandlers`). */
export type OpClass =
  | 'load'
  | 'store'
  | 'dim'
  | 'affine'
  | 'constant'
  | 'scalar'
  | 'vectorConstant'
  | 'vscale'
  | 'step'
  | 'constantMask'
  | 'createMask'
  | 'broadcast'
  | 'insert'
  | 'extract'
  | 'reduction'
  | 'vectorLoad'
  | 'maskedLoad'
  | 'vectorStore'
  | 'maskedStore'
  | 'gather'
  | 'scatter'
  | 'elementwise';

/** Every {@link OpClass}, in the order the README lists them. */
export const OP_CLASSES: readonly OpClass[] = Object.freeze([
  'load',
  'store',
  'dim',
  'affine',
  'constant',
  'scalar',
  'vectorConstant',
  'vscale',
  'step',
  'constantMask',
  'createMask',
  'broadcast',
  'insert',
  'extract',
  'reduction',
  'vectorLoad',
  'maskedLoad',
  'vectorStore',
  'maskedStore',
  'gather',
  'scatter',
  'elementwise',
] as const);

/** Ops of the `vector` dialect with a class of their own (the rest are unsupported). */
const VECTOR_DIALECT: ReadonlyMap<string, OpClass> = new Map<string, OpClass>([
  ['vector.vscale', 'vscale'],
  ['vector.step', 'step'],
  ['vector.constant_mask', 'constantMask'],
  ['vector.create_mask', 'createMask'],
  ['vector.broadcast', 'broadcast'],
  ['vector.insert', 'insert'],
  ['vector.extract', 'extract'],
  ['vector.reduction', 'reduction'],
  ['vector.load', 'vectorLoad'],
  ['vector.maskedload', 'maskedLoad'],
  ['vector.store', 'vectorStore'],
  ['vector.maskedstore', 'maskedStore'],
  ['vector.gather', 'gather'],
  ['vector.scatter', 'scatter'],
]);

/** Whether `op` works on vectors (a `vector.` op, or an element-wise op with a vector result). */
export function isVectorOp(op: Operation): boolean {
  return op.name.startsWith('vector.') || op.results.some((r) => r.type.kind === 'vector');
}

/**
 * The class of `op`. Any other op is element-wise: `elementwise` when it works on vectors,
 * `scalar` when it has a result and no regions, else `unsupported`.
 */
export function classifyOp(op: Operation): OpClass | StructuralOpClass {
  switch (op.name) {
    case 'func.return':
    case 'scf.yield':
    case 'scf.condition':
      return 'terminator';
    case 'scf.for':
      return 'for';
    case 'scf.while':
      return 'while';
    case 'scf.if':
      return 'if';
    case 'memref.load':
      return 'load';
    case 'memref.store':
      return 'store';
    case 'memref.dim':
      return 'dim';
    case 'affine.apply':
    case 'affine.min':
    case 'affine.max':
      return 'affine';
    case 'arith.constant':
      return op.results[0]?.type.kind === 'vector' ? 'vectorConstant' : 'constant';
  }
  if (isVectorOp(op)) {
    if (!op.name.startsWith('vector.')) return 'elementwise';
    return VECTOR_DIALECT.get(op.name) ?? 'unsupported';
  }
  return op.results.length === 0 || op.regions.length > 0 ? 'unsupported' : 'scalar';
}

/**
 * Index of the operand whose type is the computation type of the element-wise op `name`: the
 * first, except for `arith.select`, whose first operand is the i1 condition.
 */
export function computeOperandIndex(name: string): number {
  return name === 'arith.select' ? 1 : 0;
}

/**
 * The operand of element-wise op `op` whose type is its computation type (see
 * {@link computeOperandIndex}).
 *
 * @throws {@link EngineUnsupportedError} when `op` has no such operand.
 */
export function computeOperand(op: Operation): Value {
  const v = op.operands[computeOperandIndex(op.name)];
  if (v === undefined)
    throw new EngineUnsupportedError(`${op.name} has no operand of its computation type`);
  return v;
}
