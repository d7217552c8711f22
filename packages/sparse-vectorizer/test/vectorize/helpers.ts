/** Small helpers for the vectorizer's rule tests: inline kernels in, facts about ops out. */
import {
  type Module,
  type Operation,
  parseModule,
  printModule,
  printType,
  walkOperations,
} from '@tilekit/loop-ir';
import { type VectorizeOptions, type VectorizeResult, vectorize } from '../../src/index.js';

/**
 * The integer `arith` ops the vectorizer takes both lane-wise and as the combining op of a
 * reduction (add, sub, mul, and, or, xor), listed here from MLIR's sparse vectorizer rather than
 * read from this package's rules, so the tests can catch a rule that goes missing.
 */
export const INT_COMBINING_OPS: readonly string[] = [
  'arith.addi',
  'arith.subi',
  'arith.muli',
  'arith.andi',
  'arith.ori',
  'arith.xori',
];

/** A kernel with one loop, in the sparsifier's form; `body` runs with `%i` as the IV. */
export function loopKernel(
  signature: string,
  body: string,
  bounds = '%c0 to %n',
  results = '',
): string {
  return `func.func @k(${signature})${results === '' ? '' : ` -> ${results}`} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
${body.replace('LOOP', `scf.for %i = ${bounds} step %c1`)}
}`;
}

/** Parses and vectorizes `text`. */
export function run(text: string, options: VectorizeOptions): VectorizeResult & { text: string } {
  const result = vectorize(parseModule(text), options);
  return { ...result, text: printModule(result.module) };
}

/** Every operation of the module, in pre-order. */
export function allOps(module: Module): Operation[] {
  const ops: Operation[] = [];
  walkOperations(module, (op) => {
    if (op.name !== 'func.func') ops.push(op);
  });
  return ops;
}

/** The operations named `name`. */
export function opsNamed(module: Module, name: string): Operation[] {
  return allOps(module).filter((op) => op.name === name);
}

/** The printed type of the first result of `op` (or of operand `k`). */
export function resultType(op: Operation | undefined, operand?: number): string {
  const v = operand === undefined ? op?.results[0] : op?.operands[operand];
  if (v === undefined) throw new Error('no such value');
  return printType(v.type);
}
