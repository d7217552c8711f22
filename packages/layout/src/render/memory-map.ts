import { describeValue } from '@tilekit/errors';
import { LayoutValidationError } from '../errors.js';
import type { ShapeInput } from '../input.js';
import { type MemoryMapLimits, memoryMapModel } from './model.js';
import { renderSvg } from './svg.js';
import { renderText } from './text.js';

/** Options of `renderMemoryMap`. */
export interface MemoryMapOptions extends MemoryMapLimits {
  /** `'svg'` for a picture, `'text'` for a terminal grid. */
  readonly format: 'svg' | 'text';
}

const RENDERERS = { svg: renderSvg, text: renderText } as const;

/**
 * Draws where each element of a 1-D or 2-D shape lives in memory, like the seed document's
 * Figures 1 and 2 (higher ranks: the two most minor logical dimensions, one panel per leading
 * index). Each cell shows its physical offset; outermost tiles are coloured (SVG) or outlined
 * (text), innermost sub-tiles outlined in red (SVG), padding cells drawn, and the physical
 * memory strip listed with its padding slots.
 * @example console.log(renderMemoryMap('f32[3,5]{1,0:T(2,2)}', { format: 'text' }))
 * A panel over `maxCells` throws, or with `overflow: 'summary'` draws its top-left window that
 * fits, marked as elided; either way the output stays bounded by the limits for every shape.
 * @throws LayoutValidationError for an unknown format or overflow, shapes the index functions
 *   reject, or a panel larger than `maxCells` when `overflow` is `'error'` (the default).
 */
export function renderMemoryMap(shape: ShapeInput, options: MemoryMapOptions): string {
  const format = options?.format;
  if (format !== 'svg' && format !== 'text') {
    throw new LayoutValidationError(
      'options.format',
      `expected 'svg' or 'text', got ${describeValue(format)}`,
    );
  }
  return RENDERERS[format](memoryMapModel(shape, options));
}
