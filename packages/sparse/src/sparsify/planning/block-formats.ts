/**
 * Block (BSR) and structured (n:m) formats in kernels: their tensors are built, converted and
 * read by `SparseTensor`, but the emitter does not walk `d floordiv k` / `d mod k` levels yet,
 * so an operand or output in one is a typed error naming the format that works.
 */
import { SparsifyError } from '../errors.js';

/** The error for tensor `name` given a block or structured format. */
export function blockFormatError(name: string): SparsifyError {
  return new SparsifyError(
    `formats.${name}`,
    `block and structured formats (levels 'd floordiv k' / 'd mod k') are not compiled into kernels; convert ${name} to 'CSR' (tensor.convert('CSR')) or a dense array first`,
  );
}
