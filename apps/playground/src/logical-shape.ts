/**
 * The array facts the Layout and Kernels panels share: a shape's logical dimensions and the
 * logical index of a row-major position.
 */
import { type ArrayShape, LayoutValidationError, parseShape } from '@tilekit/layout';

/** Parses `text` as an array shape (tuples, tokens and `?` dimensions have no grid to draw). */
export function parseArrayShape(text: string): { shape: ArrayShape; dims: number[] } {
  const shape = parseShape(text);
  const array = shape.kind === 'buffer' ? shape.buffer : shape;
  if (array.kind !== 'array') {
    throw new LayoutValidationError(
      'shape',
      `the playground draws array shapes, got a ${shape.kind}`,
    );
  }
  const dims = array.dimensions.map((d) => {
    if (d.kind === 'unbounded') {
      throw new LayoutValidationError(
        'shape',
        'an unbounded `?` dimension has no elements to draw',
      );
    }
    return d.size;
  });
  return { shape: array, dims };
}

/** The logical index of row-major position `position` in an array of `dims`. */
export function indexOf(dims: readonly number[], position: number): number[] {
  const index = new Array<number>(dims.length).fill(0);
  for (let d = dims.length - 1; d >= 0; d--) {
    const size = dims[d]!;
    index[d] = position % size;
    position = Math.floor(position / size);
  }
  return index;
}
