/**
 * The host functions a compiled kernel may import, by name: the interpreter's own float
 * functions (computed in f64, so every engine rounds alike) and the calls that raise the
 * interpreter's runtime errors. The lowering names them; instantiating supplies them.
 */
import { affineDivisionByZero } from '@tilekit/loop-ir';
import { FLOAT_BINARY, FLOAT_UNARY } from '@tilekit/loop-ir/semantics';
import { EngineRuntimeError } from '../../errors.js';
import { whileBoundText } from '../../while-bound.js';

type HostTable = Readonly<Record<string, (...args: number[]) => number>>;

/** Host implementations by import name, their run-time errors naming `@functionName`. */
export function hostFunctionsFor(functionName: string): HostTable {
  return {
    ...(FLOAT_UNARY as HostTable),
    ...(FLOAT_BINARY as HostTable),
    /** Called by compiled code for an `scf.for` whose step is not positive (as the interpreter refuses). */
    'scf.for.badStep': () => {
      throw new EngineRuntimeError(functionName, 'scf.for step must be positive');
    },
    /** Called by compiled code for an `scf.while` about to run past its compiled bound. */
    'scf.while.limit': (bound) => {
      throw new EngineRuntimeError(functionName, whileBoundText(bound as number));
    },
    /** Called by compiled code before an affine division by zero (the interpreter's error). */
    'affine.floordiv.byZero': () => {
      throw affineDivisionByZero('floordiv');
    },
    'affine.ceildiv.byZero': () => {
      throw affineDivisionByZero('ceildiv');
    },
    'affine.mod.byZero': () => {
      throw affineDivisionByZero('mod');
    },
  };
}

/** The host implementations for a kernel run without its name (errors name `@kernel`). */
export const HOST_TABLE: HostTable = hostFunctionsFor('kernel');
