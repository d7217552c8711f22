/**
 * Relayout-family cases as backend-independent data, with expected outputs built from
 * `@tilekit/layout`'s whole-array maps (an independent implementation of the layout math):
 * relayout out[p] = x[inverseMap[p]] (or the pad value), unrelayout out[i] = buffer[offsetMap[i]],
 * convertLayout through both. Backend-free: the WebGL and WebGPU suites share it.
 */

import type { Tensor } from '@tensorflow/tfjs-core';
import * as tf from '@tensorflow/tfjs-core';
import { inverseMap, offsetMap } from '@tilekit/layout';
import { convertLayout, relayout, unrelayout } from '../../../src/index.js';
import { shapeText } from '../../../src/layout/shape-text.js';

export type LayoutDtype = 'float32' | 'int32' | 'bool';

/** One call of a relayout-family op on a logical tensor of `dims`. */
export interface LayoutCase {
  readonly op: 'relayout' | 'unrelayout' | 'convertLayout';
  readonly dtype: LayoutDtype;
  readonly dims: readonly number[];
  /** Logical values (row-major), from which the op's input is built. */
  readonly values: readonly number[];
  /** The layout of relayout's output, or of unrelayout's / convertLayout's input buffer. */
  readonly layout: string;
  /** convertLayout's target layout. */
  readonly to?: string;
  readonly padValue: number;
}

/** The buffer `values` occupy under `layout` (padding slots hold `fill`). */
function physicalBuffer(c: LayoutCase, layout: string, fill: number): number[] {
  return Array.from(inverseMap(shapeText(c.dtype, c.dims, layout)), (i) =>
    i < 0 ? fill : c.values[i]!,
  );
}

/** The op's input values and shape. */
export function layoutInput(c: LayoutCase): { values: number[]; shape: number[] } {
  if (c.op === 'relayout') return { values: [...c.values], shape: [...c.dims] };
  // Padding slots of an input buffer hold a marker that must never reach the output.
  const values = physicalBuffer(c, c.layout, c.dtype === 'bool' ? 1 : 77);
  return { values, shape: [values.length] };
}

/** The expected output values. */
export function expectedLayoutResult(c: LayoutCase): number[] {
  switch (c.op) {
    case 'relayout':
      return physicalBuffer(c, c.layout, c.padValue);
    case 'unrelayout': {
      const buffer = layoutInput(c).values;
      return Array.from(offsetMap(shapeText(c.dtype, c.dims, c.layout)), (p) => buffer[p]!);
    }
    case 'convertLayout':
      return physicalBuffer(c, c.to!, c.padValue);
  }
}

/** Runs the case's op on the active backend (through the public ops). */
export function runLayoutCase(c: LayoutCase, input?: Tensor): Tensor {
  return tf.tidy(() => {
    const { values, shape } = layoutInput(c);
    const x = input ?? tf.tensor(values, shape, c.dtype);
    const whole = shapeText(c.dtype, c.dims, c.layout);
    switch (c.op) {
      case 'relayout':
        return relayout(x, c.layout, { padValue: c.padValue });
      case 'unrelayout':
        return unrelayout(x, whole);
      case 'convertLayout':
        return convertLayout(x, whole, c.to!, { padValue: c.padValue });
    }
  });
}
