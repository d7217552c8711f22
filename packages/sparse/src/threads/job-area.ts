/**
 * A row block written as numbers into a worker's job area (a `Float64Array` in shared
 * memory) and read back there: the kernel id, the row range, the output and each operand
 * (kind, id or scalar value, shape). Every number is an integer below 2^53 or a scalar
 * operand's value, so a `Float64Array` holds each exactly.
 */
import type { BlockOperand, RunBlock } from './protocol.js';

/** Numbers in one job area: room for the operands of any kernel a pool is likely to run. */
export const JOB_AREA_LENGTH = 512;

const TENSOR = 1;
const ARRAY = 2;
const SCALAR = 3;

/** Writes `block` into `area`; returns false (nothing usable written) when it does not fit. */
export function writeJob(area: Float64Array, block: RunBlock): boolean {
  let at = 0;
  const put = (x: number) => {
    if (at < area.length) area[at] = x;
    at++;
  };
  const putShape = (shape: readonly number[]) => {
    put(shape.length);
    for (const n of shape) put(n);
  };
  put(block.kernel);
  put(block.lo);
  put(block.hi);
  put(block.overwrite ? 1 : 0);
  put(block.inPlace ? 1 : 0);
  put(block.copyTo);
  if (block.output === undefined) put(0);
  else {
    put(block.output.array);
    putShape(block.output.shape);
  }
  put(block.operands.length);
  for (const operand of block.operands) {
    if ('tensor' in operand) {
      put(TENSOR);
      put(operand.tensor);
    } else if ('array' in operand) {
      put(ARRAY);
      put(operand.array);
      putShape(operand.shape);
    } else {
      put(SCALAR);
      put(operand.scalar);
    }
  }
  return at <= area.length;
}

/** The block {@link writeJob} wrote into `area`. */
export function readJob(area: Float64Array): RunBlock {
  let at = 0;
  const take = () => area[at++] as number;
  const takeShape = () => Array.from({ length: take() }, take);
  const kernel = take();
  const lo = take();
  const hi = take();
  const overwrite = take() === 1;
  const inPlace = take() === 1;
  const copyTo = take();
  const outputArray = take();
  const output = outputArray === 0 ? undefined : { array: outputArray, shape: takeShape() };
  const operands: BlockOperand[] = [];
  for (let count = take(), k = 0; k < count; k++) {
    const kind = take();
    if (kind === TENSOR) operands.push({ tensor: take() });
    else if (kind === ARRAY) operands.push({ array: take(), shape: takeShape() });
    else operands.push({ scalar: take() });
  }
  return { kernel, lo, hi, operands, output, overwrite, inPlace, copyTo };
}
