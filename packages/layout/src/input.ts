import { LayoutValidationError } from './errors.js';
import { parseShape } from './text/parse.js';
import type { ArrayShape, Shape } from './types.js';
import { validateShape } from './validate.js';

/** Every index/size function takes the shape as XLA text or as a parsed shape. */
export type ShapeInput = string | Shape;

/**
 * Resolves text or a shape object to a validated array shape; a buffer `b(...)` stands for the
 * array it holds. Tuples, tokens and opaque shapes have no element layout to index.
 */
export function toArrayShape(input: ShapeInput, argument = 'shape'): ArrayShape {
  const shape = typeof input === 'string' ? parseShape(input) : validateShape(input);
  if (shape.kind === 'array') return shape;
  if (shape.kind === 'buffer') return shape.buffer;
  throw new LayoutValidationError(argument, `expected an array shape, got a ${shape.kind} shape`);
}
