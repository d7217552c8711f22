/**
 * The engines' helper exports (array marks, imported memory, the lane limit, shader compile and
 * simulation): seeded junk in any one parameter, the others valid, is an EngineArgumentError
 * naming that parameter, never a TypeError from inside, and a mark call that is rejected marks
 * nothing.
 */
import { describeValue, isTilekitError } from '@tilekit/errors';
import { findFunction, parseModule } from '@tilekit/loop-ir';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canRunInPlace,
  checkVectorLanes,
  compileGlsl,
  compileWasmOnMemory,
  compileWgsl,
  EngineArgumentError,
  isMarkedImmutable,
  markImmutable,
  markOverwritten,
  simulateInvocations,
  warpAccesses,
} from '../src/index.js';

const TEXT = `func.func @copy(%n: index, %a: memref<?xf32>, %b: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %a[%i] : memref<?xf32>
    memref.store %v, %b[%i] : memref<?xf32>
  }
  return
}`;

/** Values that are none of the things the helpers take (a typed array, a memory, an op ...). */
const junk = fc.oneof(
  fc.constantFrom(null, undefined, Number.NaN, -1, 2 ** 53, Symbol('junk'), '', 'x', true, 42n),
  fc.constantFrom([1.5], [null], {}, Object.create(null), new ArrayBuffer(8), () => 1),
  // Non-empty, and holding no valid invocation index or invocation record.
  fc.array(fc.integer({ max: -1 }), { minLength: 1, maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 2 }),
);

function thrownBy(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  return undefined;
}

/** One helper: valid arguments by position, and the parameter names errors must use. */
interface Helper {
  readonly name: string;
  readonly call: (...args: unknown[]) => unknown;
  readonly valid: () => unknown[];
  readonly parameters: readonly string[];
  /** Positions whose junk may be accepted (an options object of defaults may be undefined). */
  readonly optional?: readonly number[];
}

function helpers(): Helper[] {
  const module = parseModule(TEXT);
  const func = findFunction(module, 'copy');
  const memory = new WebAssembly.Memory({ initial: 1 });
  const program = compileWgsl(module, 'copy');
  if (!program.parallel) throw new Error('the copy loop should run in parallel');
  const pass = program.passes[0];
  const input = {
    scalar: () => 8,
    extent: () => 8,
    data: () => undefined,
  };
  const sims = simulateInvocations(pass as never, input, [0, 1]);
  return [
    {
      name: 'canRunInPlace',
      call: canRunInPlace as never,
      valid: () => [new Float32Array(4), memory],
      parameters: ['data', 'memory'],
    },
    {
      name: 'compileWasmOnMemory',
      call: compileWasmOnMemory as never,
      valid: () => [module, 'copy', memory, {}],
      parameters: ['module', 'fnName', 'memory', 'options'],
      optional: [3],
    },
    {
      name: 'checkVectorLanes',
      call: checkVectorLanes as never,
      valid: () => [func, 1],
      parameters: ['func', 'vscale'],
    },
    {
      name: 'compileWgsl',
      call: compileWgsl as never,
      valid: () => [module, 'copy', {}],
      parameters: ['module', 'fnName', 'options'],
      optional: [2],
    },
    {
      name: 'compileGlsl',
      call: compileGlsl as never,
      valid: () => [module, 'copy', {}],
      parameters: ['module', 'fnName', 'options'],
      optional: [2],
    },
    {
      name: 'simulateInvocations',
      call: simulateInvocations as never,
      valid: () => [pass, input, [0, 1]],
      parameters: ['pass', 'input', 'invocations'],
    },
    {
      name: 'warpAccesses',
      call: warpAccesses as never,
      valid: () => [pass, sims, 32],
      parameters: ['pass', 'invocations', 'segmentElements'],
      optional: [2],
    },
  ];
}

describe('helper exports reject junk with a typed error naming the parameter', () => {
  it('every helper, every parameter, seeded junk', () => {
    const all = helpers();
    for (const helper of all)
      expect(() => helper.call(...helper.valid()), helper.name).not.toThrow();
    fc.assert(
      fc.property(fc.constantFrom(...all), fc.nat(), junk, (helper, k, value) => {
        const at = k % helper.parameters.length;
        // `undefined` for an options object or a defaulted count means "the default", and
        // any plain object is an options object (unknown keys are ignored).
        if (value === undefined && helper.optional?.includes(at)) return;
        const plainObject =
          typeof value === 'object' &&
          value !== null &&
          [Object.prototype, null].includes(Object.getPrototypeOf(value));
        if (plainObject && helper.parameters[at] === 'options') return;
        const args = helper.valid();
        args[at] = value;
        const error = thrownBy(() => helper.call(...args));
        expect(error, `${helper.name} #${at} ${describeValue(value)}`).toBeInstanceOf(
          EngineArgumentError,
        );
        expect(isTilekitError(error)).toBe(true);
        expect((error as EngineArgumentError).argument).toContain(helper.parameters[at]);
      }),
      { seed: 20261128, numRuns: 600 },
    );
  });

  it('a mark call with one bad array marks none of the good ones', () => {
    fc.assert(
      fc.property(fc.nat({ max: 3 }), junk, (goodCount, value) => {
        const good = Array.from({ length: goodCount }, () => new Float64Array(1));
        const error = thrownBy(() => markImmutable(...good, value as Float64Array));
        expect(error).toBeInstanceOf(EngineArgumentError);
        expect((error as EngineArgumentError).argument).toBe(`markImmutable arrays[${goodCount}]`);
        for (const a of good) expect(isMarkedImmutable(a)).toBe(false);
        expect(thrownBy(() => markOverwritten(value as Float64Array))).toBeInstanceOf(
          EngineArgumentError,
        );
      }),
      { seed: 20261128, numRuns: 200 },
    );
  });
});
