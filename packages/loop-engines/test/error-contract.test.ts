/**
 * The error contract of `@tilekit/loop-engines`: every export, given junk from the shared corpus
 * in any argument position (the others plausible), returns or throws an `EngineError` naming
 * one of its parameters, and its error classes construct from anything.
 */
import { findFunction, parseModule } from '@tilekit/loop-ir';
import type { JunkTarget } from '@tilekit/test-support/junk';
import { callTarget } from '@tilekit/test-support/junk-targets';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itKeepsTheErrorContract } from '../../../tools/vitest/junk-contract-suite.ts';
import * as engines from '../src/index.js';

const TEXT = `func.func @copy(%n: index, %a: memref<?xf32>, %b: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %a[%i] : memref<?xf32>
    memref.store %v, %b[%i] : memref<?xf32>
  }
  return
}`;

const module = parseModule(TEXT);
const memory = new WebAssembly.Memory({ initial: 1 });
const program = engines.compileWgsl(module, 'copy');
if (!program.parallel) throw new Error('the copy loop should run in parallel');
const pass = program.passes[0];
const launchInput = { scalar: () => 8, extent: () => 8, data: () => undefined };

/** A target whose arguments are a module, a function name and options. */
const compiler = (
  f: (module: never, fnName: never, options: never) => unknown,
  options: unknown = {},
): JunkTarget => ({
  plausible: () => [module, 'copy', options],
  call: (m, n, o) => f(m as never, n as never, o as never),
  parameters: ['module', 'fnName', 'options'],
});

/** An error class constructed with junk: it must build, whatever it is given. */
const errorClass = (
  make: (...args: never[]) => unknown,
  plausible: unknown[],
  parameters: string[],
): JunkTarget => ({
  plausible: () => [...plausible],
  call: (...args) => make(...(args as never[])),
  parameters,
});

/** The parameters of the entries that compile a function of a module. */
const COMPILE_PARAMETERS = ['module', 'fnName', 'options', 'sharedMemory'];

const TARGETS: Record<string, JunkTarget> = {
  EngineError: errorClass((m) => new engines.EngineError(m), ['message'], ['message']),
  EngineArgumentError: errorClass(
    (a, d) => new engines.EngineArgumentError(a, d),
    ['#0', 'is wrong'],
    ['argument', 'detail'],
  ),
  EngineRuntimeError: errorClass(
    (f, d) => new engines.EngineRuntimeError(f, d),
    ['f', 'trap'],
    ['functionName', 'detail'],
  ),
  EngineUnsupportedError: errorClass(
    (m) => new engines.EngineUnsupportedError(m),
    ['message'],
    ['message'],
  ),
  IndexRangeError: errorClass(
    (f, d) => new engines.IndexRangeError(f, d),
    ['f', 'index out of range'],
    ['functionName', 'detail'],
  ),
  buildWasm: callTarget(COMPILE_PARAMETERS, () => [module, 'copy', {}, false], engines.buildWasm),
  canRunInPlace: callTarget(
    ['data', 'memory'],
    () => [new Float32Array(new ArrayBuffer(64)), memory],
    engines.canRunInPlace,
  ),
  checkVectorLanes: callTarget(
    ['func', 'vscale'],
    () => [findFunction(module, 'copy'), 1],
    engines.checkVectorLanes,
  ),
  compile: compiler(engines.compile, { engine: 'js' }),
  compileGlsl: compiler(engines.compileGlsl),
  compileJs: compiler(engines.compileJs),
  compileWasm: compiler(engines.compileWasm),
  compileWgsl: compiler(engines.compileWgsl),
  generateJsSource: compiler(engines.generateJsSource),
  compileWasmOnMemory: callTarget(
    ['module', 'fnName', 'memory', 'options'],
    () => [module, 'copy', memory, {}],
    engines.compileWasmOnMemory,
  ),
  engineArray: {
    plausible: () => [Float64Array, 4],
    call: (type, length) => {
      // Disposed at once: junk lengths must not hold regions for the rest of the run.
      const array = engines.engineArray(type as never, length as never);
      array.dispose();
      return array.disposed;
    },
    parameters: ['type', 'length'],
  },
  instantiateWasmKernel: callTarget(
    ['image'],
    () => [engines.wasmKernelImage(module, 'copy')],
    engines.instantiateWasmKernel,
  ),
  instantiateWasmKernelOnMemory: callTarget(
    ['image', 'memory'],
    () => [engines.wasmKernelImage(module, 'copy'), memory],
    engines.instantiateWasmKernelOnMemory,
  ),
  isSharedMemory: callTarget(['memory'], () => [memory], engines.isSharedMemory),
  isMarkedImmutable: callTarget(['data'], () => [new Float32Array(2)], engines.isMarkedImmutable),
  markImmutable: {
    plausible: () => [new Float32Array(2), new Int32Array(2)],
    call: (...arrays) => engines.markImmutable(...(arrays as never[])),
    parameters: ['markImmutable arrays'],
  },
  markOverwritten: {
    plausible: () => [new Float32Array(2), new Int32Array(2)],
    call: (...arrays) => engines.markOverwritten(...(arrays as never[])),
    parameters: ['markOverwritten arrays'],
  },
  passLaunch: callTarget(
    ['uniforms', 'trips', 'schedule', 'sizes'],
    () => [
      [{ name: 'n', arg: 0 }],
      4,
      engines.scheduleLaunch({ kind: 'per-iteration' }, 4, 1, 0),
      { scalar: () => 4, extent: () => 4 },
    ],
    engines.passLaunch,
  ),
  scheduleLaunch: callTarget(
    ['schedule', 'trips', 'averageLength', 'columns'],
    () => [{ kind: 'row-group' }, 10, 3, 0],
    engines.scheduleLaunch,
  ),
  scheduleLaunchFor: callTarget(
    ['schedule', 'trips', 'extent', 'innerTrips', 'columnTrips'],
    () => [{ kind: 'column-grid' }, 10, () => 4, () => undefined, () => 8],
    engines.scheduleLaunchFor,
  ),
  simulateInvocations: callTarget(
    ['pass', 'input', 'invocations'],
    () => [pass, launchInput, [0, 1, 2]],
    engines.simulateInvocations,
  ),
  warpAccesses: callTarget(
    ['pass', 'invocations', 'segmentElements'],
    () => [pass, engines.simulateInvocations(pass as never, launchInput, [0, 1]), 32],
    engines.warpAccesses,
  ),
  wasmKernelImage: callTarget(
    COMPILE_PARAMETERS,
    () => [module, 'copy', {}, false],
    engines.wasmKernelImage,
  ),
  whileOverwritten: callTarget(
    ['whileOverwritten arrays', 'run'],
    () => [[new Float64Array(2)], () => 1],
    engines.whileOverwritten,
  ),
};

describe('every export of @tilekit/loop-engines keeps the error contract on junk', () => {
  itKeepsTheErrorContract(engines, TARGETS, 'an EngineError');

  it('a mark call with one bad array marks none of the good ones', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 3 }),
        fc.constantFrom(null, 1, [1], new ArrayBuffer(4)),
        (count, bad) => {
          const good = Array.from({ length: count }, () => new Float64Array(1));
          expect(() => engines.markImmutable(...good, bad as never)).toThrow(
            engines.EngineArgumentError,
          );
          expect(() => engines.markOverwritten(...good, bad as never)).toThrow(
            `markOverwritten arrays[${count}]`,
          );
          for (const a of good) expect(engines.isMarkedImmutable(a)).toBe(false);
        },
      ),
      { seed: 20261128, numRuns: 50 },
    );
  });

  it('junk error constructors still build a readable, typed error', () => {
    const error = new engines.EngineArgumentError(Symbol('x') as never, Object.create(null));
    expect(error).toBeInstanceOf(engines.EngineError);
    expect(error.argument).toBe('a symbol');
    expect(error.message).toBe('argument a symbol: an object without a prototype');
  });
});
