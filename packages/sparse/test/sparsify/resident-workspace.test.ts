/**
 * runKernel keeps an expanded output's workspace in the wasm engine's memory from call to call
 * (resident-workspace.ts) where each call used to take a fresh zero-filled one. Every workspace
 * kernel of the output cases, on every engine, is called over and over through runKernel on
 * seeded random operands (densities from empty to full rows in a random order, the kernels'
 * calls interleaved so they share the engine memory), and each result equals, bit for bit,
 * the same call bound to fresh storage.
 */

import { seededRandom } from '@tilekit/conformance/testing';
import { compile, type EngineName } from '@tilekit/loop-engines';
import { describe, expect, it } from 'vitest';
import {
  allocateOutputStorage,
  assembledOutput,
  bindArguments,
  type FormatSpec,
  hasAssembly,
  type KernelOperand,
  resolveFormat,
  runKernel,
  type SparseTensor,
  sparsify,
} from '../../src/index.js';
import { ENGINES } from './every-engine.js';
import { CASES, operandsOf, outputShape } from './output-cases.js';

const DENSITIES = [0, 0.02, 0.1, 0.3, 0.6, 1];
const CALLS = 10;

const workspaceCases = CASES.filter((c) => {
  const { plan } = sparsify(c.expr, c.formats, { valueType: 'f64' });
  return hasAssembly(plan) && plan.assembly.strategy === 'expand';
});

/** The bytes of the first `n` elements of `a` (bit-for-bit comparison, -0 and NaN included). */
const bytesOf = (a: ArrayLike<unknown> & ArrayBufferView, n: number): number[] =>
  Array.from(new Uint8Array(a.buffer, a.byteOffset, (a.byteLength / a.length) * n));

/** `tensor`'s stored arrays as bytes, each cut to the entries the tensor holds. */
function storedBytes(tensor: SparseTensor) {
  const ofLevel = (a: ArrayBufferView | undefined) =>
    a === undefined ? undefined : bytesOf(a as Uint8Array, (a as Uint8Array).length);
  return {
    shape: tensor.shape,
    nnz: tensor.nnz,
    positions: tensor.positions.map(ofLevel),
    coordinates: tensor.coordinates.map(ofLevel),
    values: bytesOf(tensor.values as Float64Array, tensor.values.length),
  };
}

describe('runKernel with a resident workspace equals fresh storage bit for bit', () => {
  it('the output cases include workspace kernels', () => {
    expect(workspaceCases.length).toBeGreaterThanOrEqual(3);
  });

  it.each(ENGINES)('%s engine, every workspace kernel, interleaved seeded calls', (engine) => {
    const random = seededRandom(3500 + ENGINES.indexOf(engine as EngineName));
    const runs = workspaceCases.map((c) => {
      const kernel = sparsify(c.expr, c.formats, { valueType: 'f64' });
      const run = compile(kernel.module, kernel.functionName, { engine });
      const shape = outputShape(c);
      const format = resolveFormat(c.formats[kernel.plan.output.name] as FormatSpec, shape.length);
      const levelSizes = format.order.map((d) => shape[d] as number);
      const capacity = shape.reduce((a, b) => a * b, 1);
      const fresh = (operands: Record<string, KernelOperand>) => {
        const storage = allocateOutputStorage(
          kernel.plan,
          levelSizes,
          levelSizes.map(() => capacity),
        );
        const call = bindArguments(kernel, operands, storage);
        run(...call.args);
        return assembledOutput(kernel, call) as SparseTensor;
      };
      return { c, kernel, run, fresh };
    });
    for (let call = 0; call < CALLS; call++) {
      for (const { c, kernel, run, fresh } of runs) {
        const density = DENSITIES[Math.floor(random() * DENSITIES.length)] as number;
        const seed = Math.floor(random() * 1e6);
        const { operands } = operandsOf(c, density, seed, 32);
        const resident = runKernel(kernel, run, operands) as SparseTensor;
        expect(storedBytes(resident), `${c.name}, call ${call}, density ${density}`).toEqual(
          storedBytes(fresh(operands)),
        );
      }
    }
  });
});
