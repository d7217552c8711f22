/**
 * Convolutions written with affine subscripts (`O(i,j) = I(i+k, j+l) * F(k,l)`) on the wasm
 * engine through `runKernel`: a dense image with a sparse (CSR) filter, whose stored entries
 * drive the loops (outermost, `loopOrder: ['k', 'l', 'i', 'j']`: each entry sweeps the whole
 * output once, where the default order walks the filter's rows again at every output
 * element), and a sparse (CSR) image with a dense filter, located by a binary search per
 * element; each against the same kernel over dense operands in the default loop order. Data: a
 * 256 x 256 image (10 % stored where sparse), a 5 x 5 filter (30 % stored where sparse), f32,
 * one fixed seed.
 */
import { defineBenchSuite } from '@tilekit/bench';
import { compile } from '@tilekit/loop-engines';
import {
  type FormatSpec,
  type KernelOperand,
  runKernel,
  SparseTensor,
  type SparsifyOptions,
  sparsify,
} from '../src/index.js';

const N = 256;
const M = 5;
const CONV = 'O(i,j) = I(i+k, j+l) * F(k,l)';

let seed = 2026;
const random = (): number => {
  seed = (seed * 16807) % 2147483647;
  return seed / 2147483647;
};
const values = (size: number, density: number) =>
  Float32Array.from({ length: size }, () => (random() < density ? 1 + random() : 0));
const image = values(N * N, 0.1);
const filter = values(M * M, 0.3);
const denseImage = { data: image, shape: [N, N] };
const denseFilter = { data: filter, shape: [M, M] };

/** The convolution for `formats`, compiled for the wasm engine, called through runKernel. */
function conv(
  formats: Record<string, FormatSpec>,
  operands: Record<string, KernelOperand>,
  options: SparsifyOptions = {},
): () => unknown {
  const k = sparsify(CONV, formats, options);
  const run = compile(k.module, k.functionName, { engine: 'wasm' });
  return () => runKernel(k, run, operands);
}

const dense = conv({}, { I: denseImage, F: denseFilter });
const OUTPUTS = (N - M + 1) ** 2;

export default defineBenchSuite({
  name: 'sparse: convolutions with affine subscripts (f32, wasm engine)',
  cases: [
    {
      name: `dense ${N}x${N} image, CSR ${M}x${M} filter at 30 %`,
      items: OUTPUTS,
      ours: {
        label: "runKernel, wasm engine, the filter's loops outermost (loopOrder k, l, i, j)",
        fn: conv(
          { F: 'CSR' },
          { I: denseImage, F: SparseTensor.fromDense(filter, [M, M], 'CSR') },
          { loopOrder: ['k', 'l', 'i', 'j'] },
        ),
      },
      baselines: [{ label: 'the same kernel over a dense filter', fn: dense }],
      goal: '>= 2x the dense filter',
    },
    {
      name: `CSR ${N}x${N} image at 10 %, dense ${M}x${M} filter (located by binary search)`,
      items: OUTPUTS,
      ours: {
        label: 'runKernel, wasm engine',
        fn: conv({ I: 'CSR' }, { I: SparseTensor.fromDense(image, [N, N], 'CSR'), F: denseFilter }),
      },
      baselines: [{ label: 'the same kernel over a dense image', fn: dense }],
      goal: '>= 0.02x the dense image',
    },
  ],
});
