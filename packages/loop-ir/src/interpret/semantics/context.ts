/** The interface between the executor and the per-op semantics tables. */
import type { Operation, Region } from '../../ir/operation.js';
import type { RuntimeValue } from '../runtime.js';

/** Services the executor offers to op semantics. */
export interface ExecContext {
  /** The runtime value of `vector.vscale` (scalable dims are multiplied by it). */
  readonly vscale: number;
  /** Upper bound on `scf.while` iterations (guards against runaway loops). */
  readonly maxWhileIterations: number;
  /** Runs the single block of `region` with `args`; returns the terminator's operands. */
  runRegion(region: Region, args: readonly RuntimeValue[]): RuntimeValue[];
  /** Calls `func.func @name`. */
  call(name: string, args: readonly RuntimeValue[]): RuntimeValue[];
}

/** The semantics of one op: operand values in, result values out. */
export type OpSemantics = (
  op: Operation,
  operands: RuntimeValue[],
  ctx: ExecContext,
) => RuntimeValue[];
