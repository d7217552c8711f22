/**
 * The WebGPU layout passes that copy whole vectors or stage a block through workgroup memory
 * (src/webgpu/layout-pass-kind.ts) agree with cpu bit for bit, outputs and gradients, float32 and
 * int32, with tensors and data ids balanced. Random small shapes never take these forms (blocks
 * need whole tiles of up to 1,024 elements), so each case here is checked to take the form it
 * is named for before it runs.
 */
import { describe, expect, it } from 'vitest';
import { convertLayoutSpec, relayoutSpec, unrelayoutSpec } from '../../src/gpu/layout-specs.js';
import { sizeFromShape } from '../../src/util/shape-size.js';
import { layoutPassCall } from '../../src/webgpu/layout-pass-kind.js';
import type { LayoutCase } from '../support/cross-backend/layout-cases.js';
import { runPair } from '../support/cross-backend/layout-pair-suite.js';
import { expectBalanced, onWebgpu, useBackend } from './support/backends.js';

onWebgpu();

/** The pass the WebGPU kernel plans for `c`. */
function passCall(c: LayoutCase) {
  const dims = [...c.dims];
  const physical = relayoutSpec.plan({ layout: c.layout, padValue: 0 }, dims, c.dtype).outShape;
  const pass =
    c.op === 'relayout'
      ? relayoutSpec.plan({ layout: c.layout, padValue: 0 }, dims, c.dtype)
      : c.op === 'unrelayout'
        ? unrelayoutSpec.plan({ shape: dims, layout: c.layout }, physical, c.dtype)
        : convertLayoutSpec.plan(
            { shape: dims, from: c.layout, to: c.to!, padValue: 0 },
            physical,
            c.dtype,
          );
  const inputSize = c.op === 'relayout' ? sizeFromShape(dims) : sizeFromShape(physical);
  return layoutPassCall(pass.chain, sizeFromShape(pass.outShape), c.dtype, inputSize);
}

type Form = 'staged' | 'vector';
const CASES: [Form, LayoutCase['op'], number[], string, string?][] = [
  ['staged', 'relayout', [64, 64], '{0,1}'],
  ['staged', 'unrelayout', [64, 96], '{0,1}'],
  ['staged', 'relayout', [2, 128, 64], '{1,2,0:T(8,128)}'],
  ['staged', 'relayout', [8, 32, 64], '{0,1,2}'],
  ['staged', 'relayout', [128, 64], '{0,1:T(8,128)}'],
  ['staged', 'convertLayout', [128, 128], '{1,0:T(8,128)}', '{0,1:T(8,128)}'],
  // Tiles that pad: the staged block writes the pad value past the bounds.
  ['staged', 'relayout', [2, 96, 40], '{1,2,0:T(8,128)}'],
  ['staged', 'relayout', [100, 24], '{0,1:T(8,128)}'],
  ['staged', 'unrelayout', [128, 24], '{0,1:T(8,128)}'],
  ['staged', 'convertLayout', [100, 64], '{1,0:T(8,128)}', '{0,1:T(8,128)}'],
  ['vector', 'relayout', [16, 256], '{1,0:T(8,128)}'],
  ['vector', 'unrelayout', [16, 256], '{1,0:T(8,128)}'],
];

describe('webgpu vector and staged layout passes equal cpu', () => {
  for (const [form, op, dims, layout, to] of CASES) {
    for (const dtype of ['float32', 'int32'] as const) {
      it(`${form}: ${op} ${dtype}[${dims}] ${layout}${to === undefined ? '' : ` -> ${to}`}`, async () => {
        const size = sizeFromShape(dims);
        const c: LayoutCase = {
          op,
          dtype,
          dims,
          // Distinct values (float32 ones with fractions and signs), so a misplaced one shows.
          values: Array.from({ length: size }, (_, k) =>
            dtype === 'int32' ? k * 7919 - 2 ** 30 : (k % 2 === 0 ? 1 : -1) * (k + 0.25),
          ),
          layout,
          ...(to === undefined ? {} : { to }),
          padValue: -3,
        };
        const kind = passCall(c).kind;
        expect(form === 'staged' ? kind.staged !== null : kind.vectorLoads).toBe(true);
        const upstream = Array.from({ length: 1 << 16 }, (_, k) => 1 + k / 64);
        await useBackend('cpu');
        const cpu = await runPair(c, upstream);
        await useBackend('webgpu');
        const webgpu = await expectBalanced(() => runPair(c, upstream));
        expect(webgpu).toEqual(cpu);
      });
    }
  }
});
