/** The executor: walks blocks, dispatching each op to the semantics table. */

import type { Block, Module, Operation, Region, Value } from '../ir/operation.js';
import { getOpDef } from '../ir/ops/index.js';
import { findFunction } from '../ir/walk.js';
import { InterpretError } from './errors.js';
import { lanes, type RuntimeValue } from './runtime.js';
import { type ExecContext, SEMANTICS } from './semantics/index.js';

/** Executes functions of one module. */
export class Machine implements ExecContext {
  readonly #module: Module;
  #env = new Map<Value, RuntimeValue>();

  constructor(
    module: Module,
    readonly vscale: number,
    readonly maxWhileIterations: number,
  ) {
    this.#module = module;
  }

  /** Calls `func.func @name` with run-time arguments. */
  call(name: string, args: readonly RuntimeValue[]): RuntimeValue[] {
    const fn = findFunction(this.#module, name);
    const body = fn?.regions[0];
    if (fn === undefined || body === undefined || body.blocks.length === 0) {
      throw new InterpretError('func.call', `no function body for @${name}`);
    }
    const saved = this.#env;
    this.#env = new Map();
    try {
      return this.runRegion(body, args);
    } finally {
      this.#env = saved;
    }
  }

  /** Runs the single block of `region`; returns its terminator's operand values. */
  runRegion(region: Region, args: readonly RuntimeValue[]): RuntimeValue[] {
    const block = region.blocks[0];
    if (block === undefined || region.blocks.length > 1) {
      throw new InterpretError('region', 'only single-block regions can be executed');
    }
    return this.#runBlock(block, args);
  }

  #runBlock(block: Block, args: readonly RuntimeValue[]): RuntimeValue[] {
    block.arguments.forEach((a, i) => {
      const v = args[i];
      if (v === undefined) throw new InterpretError('block', `missing block argument #${i}`);
      this.#env.set(a, v);
    });
    for (const op of block.operations) {
      const operands = lanes(op.operands.length, (k) => this.#lookup(op.operands[k] as Value, op));
      if (getOpDef(op.name)?.traits.includes('terminator')) return operands;
      const results = this.#execute(op, operands);
      for (const [i, r] of op.results.entries()) this.#env.set(r, results[i] as RuntimeValue);
    }
    return [];
  }

  #execute(op: Operation, operands: RuntimeValue[]): RuntimeValue[] {
    const semantics = SEMANTICS.get(op.name);
    if (semantics === undefined) throw new InterpretError(op.name, 'has no interpreter semantics');
    const results = semantics(op, operands, this);
    if (results.length !== op.results.length) {
      throw new InterpretError(
        op.name,
        `produced ${results.length} values for ${op.results.length} results`,
      );
    }
    return results;
  }

  #lookup(v: Value, op: Operation): RuntimeValue {
    const found = this.#env.get(v);
    if (found === undefined)
      throw new InterpretError(op.name, 'uses a value that has not been computed');
    return found;
  }
}
