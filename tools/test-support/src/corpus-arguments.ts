/**
 * Deterministic interpreter inputs for corpus kernels, derived from each signature's
 * argument names and types (the corpus follows the sparsifier's naming: `pos`, `crd`,
 * `vals`, trip counts `n`, row counts `m`). Float data are exact in binary (quarters, or
 * powers of two for products), so a reassociated vector reduction is bit-identical to
 * the scalar loop.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import type { InterpretArg, MemRefData, ScalarType, Type } from '@tilekit/loop-ir';
import type { Kernel, KernelArg } from './corpus.js';

/** Rows of every 2-D / CSR kernel. */
export const ROWS = 3;

/** Whether the kernel's trip count is a parameter (`%n`, or `%m` rows of a CSR loop). */
export function hasTripParameter(kernel: Kernel): boolean {
  return kernel.args.some((a) => a.name === 'n' || a.name === 'm');
}

function arrayFor(element: ScalarType, length: number): MemRefData {
  if (element.kind === 'float') {
    return element.format === 'f64' ? new Float64Array(length) : new Float32Array(length);
  }
  if (element.kind === 'index') return new BigInt64Array(length);
  switch (element.width) {
    case 8:
      return new Int8Array(length);
    case 16:
      return new Int16Array(length);
    case 32:
      return new Int32Array(length);
    default:
      return new BigInt64Array(length);
  }
}

function fill(data: MemRefData, values: readonly number[]): MemRefData {
  values.forEach((v, k) => {
    if (data instanceof BigInt64Array) data[k] = BigInt(v);
    else (data as Float64Array)[k] = v;
  });
  return data;
}

/** Value profile of a float argument: exact quarters, or powers of two for products. */
function floatProfile(kernel: Kernel, arg: KernelArg): 'quarters' | 'powers' {
  if (kernel.name.startsWith('red_mul')) return 'powers';
  return kernel.name === 'fix1_chain_add_mul' && arg.name === 'b' ? 'powers' : 'quarters';
}

function randomScalar(
  type: ScalarType,
  profile: 'quarters' | 'powers',
  next: () => number,
): number {
  if (type.kind === 'float') {
    if (profile === 'powers') return [1, -1, 2, 0.5][Math.floor(next() * 4)] as number;
    const q = 1 + Math.floor(next() * 32); // nonzero multiples of 1/4 in [-8, 8]
    return (next() < 0.5 ? -q : q) / 4;
  }
  const bound = type.kind === 'integer' && type.width <= 16 ? 300 : 1000;
  return Math.floor(next() * (2 * bound + 1)) - bound;
}

/** Distinct coordinates from [0, bound) (unique, so scatters never collide). */
function distinct(count: number, bound: number, next: () => number): number[] {
  const all = Array.from({ length: bound }, (_, k) => k);
  for (let k = 0; k < count; k++) {
    const j = k + Math.floor(next() * (bound - k));
    [all[k], all[j]] = [all[j] as number, all[k] as number];
  }
  return all.slice(0, count);
}

/** The shape facts every argument of one run is built from. */
interface Layout {
  readonly trip: number;
  readonly dense: number;
  readonly rowPointers: readonly number[];
  readonly nnz: number;
}

/** CSR row pointers of rows with these lengths: [0, l0, l0 + l1, ...]. */
function prefixSums(lengths: readonly number[]): number[] {
  const out = [0];
  for (const l of lengths) out.push((out[out.length - 1] as number) + l);
  return out;
}

function layoutFor(kernel: Kernel, trip: number): Layout {
  const names = new Set(kernel.args.map((a) => a.name));
  const dense = 4 * trip + 140;
  let rowLengths: number[];
  if (names.has('m') && names.has('n')) rowLengths = [2, 0, 3];
  else if (names.has('m')) rowLengths = [trip, trip + 1, Math.max(trip - 1, 0)];
  else rowLengths = [];
  const rowPointers = rowLengths.length > 0 ? prefixSums(rowLengths) : [3, 3 + trip];
  const nnz = rowPointers[rowPointers.length - 1] as number;
  return { trip, dense, rowPointers, nnz };
}

function memrefArg(
  kernel: Kernel,
  arg: KernelArg,
  layout: Layout,
  next: () => number,
): InterpretArg {
  const type = arg.type;
  if (type.kind !== 'memref' || type.element.kind === 'vector') throw new Error('not a memref');
  const element = type.element;
  if (arg.name === 'pos')
    return fill(arrayFor(element, layout.rowPointers.length), layout.rowPointers);
  if (arg.name === 'crd') {
    return fill(arrayFor(element, layout.nnz + 8), distinct(layout.nnz + 8, layout.dense, next));
  }
  const length = arg.name === 'vals' ? layout.nnz + 8 : layout.dense;
  const profile = floatProfile(kernel, arg);
  if (type.shape.length === 2) {
    const cols = layout.trip;
    const values = Array.from({ length: layout.dense * cols }, () =>
      randomScalar(element, profile, next),
    );
    return { data: fill(arrayFor(element, values.length), values), shape: [layout.dense, cols] };
  }
  const values = Array.from({ length }, () => randomScalar(element, profile, next));
  if (type.layout === undefined) return fill(arrayFor(element, length), values);
  // A strided view: every `stride`-th element of a larger buffer, after `offset`.
  const stride = type.layout.strides[0] === '?' ? 3 : (type.layout.strides[0] as number);
  const offset = type.layout.offset === '?' ? 1 : type.layout.offset;
  const data = arrayFor(element, offset + stride * length + 1);
  const buffer = Array.from({ length: data.length }, () => randomScalar(element, profile, next));
  return { data: fill(data, buffer), shape: [length], strides: [stride], offset };
}

function scalarArg(
  kernel: Kernel,
  arg: KernelArg,
  layout: Layout,
  next: () => number,
): InterpretArg {
  const type = arg.type as ScalarType;
  if (type.kind === 'index') return BigInt(arg.name === 'm' ? ROWS : layout.trip);
  if (arg.name === 'k') return Math.floor(next() * 8);
  const value = randomScalar(type, floatProfile(kernel, arg), next);
  return type.kind === 'integer' && type.width === 64 ? BigInt(value) : value;
}

/** Fresh arguments of `kernel` for one run (memrefs are new buffers every call). */
export function makeArguments(kernel: Kernel, trip: number, seed: number): InterpretArg[] {
  const next = seededRandom(seed);
  const layout = layoutFor(kernel, trip);
  return kernel.args.map((arg) =>
    isMemRef(arg.type)
      ? memrefArg(kernel, arg, layout, next)
      : scalarArg(kernel, arg, layout, next),
  );
}

function isMemRef(type: Type): boolean {
  return type.kind === 'memref';
}
