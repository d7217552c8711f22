/**
 * Every emitter kernel x storage format x position/coordinate width computes what a dense
 * evaluation of the same notation computes, on random inputs of densities 0 to 100 %, with
 * empty rows, and with a single row or column.
 */

import { compile } from '@tilekit/loop-engines';
import { describe, expect, it } from 'vitest';
import { bindArguments, type StorageWidth, sparsify } from '../../src/index.js';
import { STORAGE_WIDTHS } from '../support/storage-options.js';
import { CATALOG, makeInputs } from './catalog.js';
import { denseEvaluate, withoutNegativeZeros } from './fixtures.js';

const DENSITIES = [0, 0.001, 0.01, 0.3, 1];

/** One input case: index sizes plus density and structure. */
interface SizeCase {
  readonly label: string;
  readonly sizes: Readonly<Record<string, number>>;
  readonly density: number;
  readonly emptyRows?: boolean;
}

/** Index sizes per case; 8-bit storage keeps every position and coordinate below 256. */
function sizeCases(width: StorageWidth): SizeCase[] {
  const small = width === 8;
  const regular = small ? { i: 12, j: 10, k: 3 } : { i: 64, j: 48, k: 5 };
  return [
    ...DENSITIES.map((density) => ({ label: `density ${density}`, sizes: regular, density })),
    { label: 'empty rows', sizes: regular, density: 0.3, emptyRows: true },
    { label: 'single row', sizes: { ...regular, i: 1 }, density: 0.3 },
    { label: 'single column', sizes: { ...regular, j: 1 }, density: 0.3 },
    { label: 'long vector', sizes: { ...regular, i: small ? 200 : 700 }, density: 0.01 },
  ];
}

describe.each(CATALOG)('$name: $expr', (kernel) => {
  it.each(kernel.formats.flatMap((format) => STORAGE_WIDTHS.map((width) => ({ format, width }))))(
    '$format, width $width',
    ({ format, width }) => {
      const formats = Object.fromEntries(kernel.sparse.map((n) => [n, format]));
      const k = sparsify(kernel.expr, formats, {
        posWidth: width,
        crdWidth: width,
        ...(kernel.valueType === undefined ? {} : { valueType: kernel.valueType }),
      });
      const run = compile(k.module, k.functionName, { engine: 'js' });
      const round = kernel.valueType === 'i32' ? (x: number) => x | 0 : Math.fround;
      for (const [c, { label, sizes, density = 0.3, emptyRows = false }] of sizeCases(
        width,
      ).entries()) {
        const inputs = makeInputs(kernel, format, sizes, {
          density,
          width,
          emptyRows,
          seed: c + 1,
        });
        const outSize = k.plan.output.indices.reduce((n, i) => n * (sizes[i] as number), 1);
        const init = new Float64Array(outSize).fill(kernel.init ?? 0);
        const initial =
          kernel.valueType === 'i32' ? Int32Array.from(init) : Float32Array.from(init);
        const call = bindArguments(k, inputs.operands, initial);
        run(...call.args);
        const expected = denseEvaluate(kernel.expr, inputs.dense, init, round);
        expect(withoutNegativeZeros(call.output), label).toEqual(withoutNegativeZeros(expected));
      }
    },
  );
});
