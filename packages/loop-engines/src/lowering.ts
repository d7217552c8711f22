/**
 * The one lowering skeleton every code generator shares (the JavaScript and WebAssembly engines,
 * the WGSL and GLSL shader generators): it walks a function's blocks, sends each op to its
 * class's handler in the engine's table ({@link OpHandlers}), and lowers the
 * structure itself — entry arguments, the return, `scf.for` / `scf.while` / `scf.if` with their
 * loop-carried values and yields — through the engine's {@link EngineBackend} hooks. An engine
 * therefore supplies only emitters: how to store a carried value, open a loop, emit a load.
 */
import type { Block, Operation, Value } from '@tilekit/loop-ir';
import { operand, operands } from '@tilekit/loop-ir';
import { EngineUnsupportedError } from './errors.js';
import { classifyOp, isStructural, type OpClass, type StructuralOpClass } from './op-classes.js';

/** Lowers one op of its class for engine `B`. */
export type OpHandler<B> = (backend: B, op: Operation) => void;

/** An engine's rules as data: one handler per op class (the type checks that none is missing). */
export type OpHandlers<B> = Readonly<Record<OpClass, OpHandler<B>>>;

/** The parts of an `scf.for` an engine's loop header needs. */
export interface CountedLoop {
  readonly lowerBound: Value;
  readonly upperBound: Value;
  readonly step: Value;
  /** The body's induction variable (already bound to carried storage). */
  readonly inductionVariable: Value;
  readonly body: Block;
}

/**
 * What the skeleton asks of an engine besides its op handlers. `Carried` is where the engine
 * keeps a value that several blocks assign: a loop's induction variable and iter_args, an
 * `scf.while`'s block arguments, an `scf.if`'s results.
 */
export interface EngineBackend<Carried> {
  /** The engine's name, for errors (`the js engine cannot compile ...`). */
  readonly engineName: string;
  /** Binds entry-block argument number `index` to the function's parameters. */
  bindArgument(arg: Value, index: number): void;
  /** Emits the function's return of `values` (none when the body has no `func.return`). */
  returnValues(values: readonly Value[]): void;
  /** Runs `emit`, the lowering of `op`, with whatever per-op bookkeeping the engine keeps. */
  scopeOp(op: Operation, emit: () => void): void;
  /** New carried storage for each of `values`, each value bound to its own. */
  carry(values: readonly Value[]): Carried[];
  /** Parallel assignment `targets := values`: every value is read before any target is written. */
  assign(targets: readonly Carried[], values: readonly Value[]): void;
  /** Makes `value` (a loop result) read the carried storage `storage`. */
  bindCarried(value: Value, storage: Carried): void;
  /** Emits a counted loop around `body` (which lowers the body block and assigns its yield). */
  forLoop(loop: CountedLoop, body: () => void): void;
  /** Emits an endless loop around `body`, left only through {@link exitUnless}. */
  whileLoop(body: () => void): void;
  /** Inside {@link whileLoop}'s body: leaves the loop unless `condition` holds. */
  exitUnless(condition: Value): void;
  /** Emits `if (condition) then else otherwise` (no else branch when `otherwise` is undefined). */
  ifElse(condition: Value, then: () => void, otherwise: (() => void) | undefined): void;
}

/**
 * Lowers the body of `func` (a `func.func`) through `backend`: binds the entry arguments,
 * lowers every op, and emits the return.
 *
 * @throws {@link EngineUnsupportedError} for a function without a body or an op no handler
 *   compiles.
 */
export function lowerFunction<Carried, B extends EngineBackend<Carried>>(
  func: Operation,
  backend: B,
  handlers: OpHandlers<B>,
): void {
  const entry = func.regions[0]?.blocks[0];
  if (entry === undefined) throw new EngineUnsupportedError('function without a body');
  entry.arguments.forEach((arg, i) => {
    backend.bindArgument(arg, i);
  });
  const lowering = new BlockLowering<Carried, B>(backend, handlers);
  lowering.block(entry);
  const ret = entry.operations[entry.operations.length - 1];
  backend.returnValues(ret?.name === 'func.return' ? operands(ret, 'operands') : []);
}

/** The operands of `block`'s terminator (`scf.yield`): the values it passes on. */
function yielded(block: Block): readonly Value[] {
  return block.operations[block.operations.length - 1]?.operands ?? [];
}

/** The only block of region `index` of `op` (structured ops hold one block per region). */
function regionBlock(op: Operation, index: number): Block {
  const block = op.regions[index]?.blocks[0];
  if (block === undefined) throw new EngineUnsupportedError(`${op.name} without region ${index}`);
  return block;
}

/** The `scf.condition` ending the before-region of an `scf.while`. */
function conditionOf(block: Block): Operation {
  const term = block.operations[block.operations.length - 1];
  if (term?.name !== 'scf.condition')
    throw new EngineUnsupportedError('scf.while before-region without scf.condition');
  return term;
}

/** Walks blocks and lowers the structural op classes for one function. */
class BlockLowering<Carried, B extends EngineBackend<Carried>> {
  readonly #structural: Readonly<Record<StructuralOpClass, (op: Operation) => void>> = {
    // The parent op reads a terminator's operands (see yielded).
    terminator: () => {},
    for: (op) => this.#for(op),
    while: (op) => this.#while(op),
    if: (op) => this.#if(op),
    unsupported: (op) => {
      throw new EngineUnsupportedError(
        `the ${this.backend.engineName} engine cannot compile ${op.name}`,
      );
    },
  };

  constructor(
    readonly backend: B,
    readonly handlers: OpHandlers<B>,
  ) {}

  /** Lowers the ops of `block` in order (its terminator is read by the parent op). */
  block(block: Block): void {
    for (const op of block.operations) {
      this.backend.scopeOp(op, () => this.#op(op));
    }
  }

  #op(op: Operation): void {
    const cls = classifyOp(op);
    if (isStructural(cls)) this.#structural[cls](op);
    else this.handlers[cls](this.backend, op);
  }

  #for(op: Operation): void {
    const b = this.backend;
    const body = regionBlock(op, 0);
    const [inductionVariable, ...iterArgs] = body.arguments;
    if (inductionVariable === undefined)
      throw new EngineUnsupportedError('scf.for body without an induction variable');
    const lowerBound = operand(op, 'lowerBound');
    const [iv, ...carried] = b.carry([inductionVariable, ...iterArgs]);
    b.assign([iv as Carried, ...carried], [lowerBound, ...operands(op, 'initArgs')]);
    const loop: CountedLoop = {
      lowerBound,
      upperBound: operand(op, 'upperBound'),
      step: operand(op, 'step'),
      inductionVariable,
      body,
    };
    b.forLoop(loop, () => {
      this.block(body);
      b.assign(carried, yielded(body));
    });
    this.#bindResults(op, carried);
  }

  /** Binds the results of loop `op` to the storage carried into its last iteration. */
  #bindResults(op: Operation, storage: readonly Carried[]): void {
    op.results.forEach((r, k) => {
      this.backend.bindCarried(r, storage[k] as Carried);
    });
  }

  #while(op: Operation): void {
    const b = this.backend;
    const before = regionBlock(op, 0);
    const after = regionBlock(op, 1);
    const beforeVars = b.carry(before.arguments);
    const afterVars = b.carry(after.arguments);
    b.assign(beforeVars, operands(op, 'inits'));
    b.whileLoop(() => {
      this.block(before);
      const condition = conditionOf(before);
      b.assign(afterVars, operands(condition, 'args'));
      b.exitUnless(operand(condition, 'condition'));
      this.block(after);
      b.assign(beforeVars, yielded(after));
    });
    this.#bindResults(op, afterVars);
  }

  #if(op: Operation): void {
    const b = this.backend;
    const results = b.carry(op.results);
    const branch = (region: number): (() => void) => {
      const block = op.regions[region]?.blocks[0];
      return () => {
        if (block === undefined) return;
        this.block(block);
        b.assign(results, yielded(block));
      };
    };
    const hasElse = (op.regions[1]?.blocks.length ?? 0) > 0;
    b.ifElse(operand(op, 'condition'), branch(0), hasElse ? branch(1) : undefined);
  }
}
