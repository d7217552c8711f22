/**
 * The kernels prepared ahead of time (src/tfjs/prepared/): the committed modules are what the
 * generator writes; every prepared kernel computes bit for bit what the compiler's kernel
 * computes on seeded random operands (empty and skewed ones included), through the engine's
 * memory and in place over an imported one (as on the wasm backend's heap); the ready-made ops and
 * their gradients run on the cpu and wasm backends with the compiler removed and equal tfjs's
 * dense ops; the webgpu passes prepared with each kernel webgpu runs are the wgsl engine's (code, bindings,
 * uniforms, and the launch for seeded random sizes) and its webgl passes the glsl engine's; and a call nothing was prepared for is a
 * typed error naming the compiler's entry.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-wasm';
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-core/dist/register_all_gradients';
import { seededRandom } from '@tilekit/conformance/testing';
import { BUFFER_PADDING, compileGlsl, compileWgsl, type LaunchSizes } from '@tilekit/loop-engines';
import type { InterpretArg, MemRefData } from '@tilekit/loop-ir';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PREPARE_COMMAND,
  PREPARED_FOLDER,
  preparedModules,
} from '../../scripts/prepare-kernels.js';
import { bindArguments, type KernelOperand, SparseTensor, SparsifyError } from '../../src/index.js';
import { argumentsAlwaysFromShapes } from '../../src/tfjs/call-arguments.js';
import { compileSparseKernel, installSparseCompilerRoute } from '../../src/tfjs/compile-route.js';
import {
  installSparseCompiler,
  kernelSpelling,
  SPARSE_COMPILER_ENTRY,
  spelledKernel,
} from '../../src/tfjs/compiled-kernel.js';
import { installDeriver } from '../../src/tfjs/gradients/derivation.js';
import {
  lastSparseKernelRun,
  sddmm,
  sparseDot,
  sparseToDense,
  spmm,
  spmv,
  TfSparseTensor,
} from '../../src/tfjs/index.js';
import type { SparseKernelAttrs } from '../../src/tfjs/kernel-names.js';
import { type PreparedKernelData, revivedKernel } from '../../src/tfjs/prepared/prepared-kernel.js';
import { SDDMM_KERNELS } from '../../src/tfjs/prepared/sddmm.generated.js';
import { SDDMM_WEBGL_PASSES } from '../../src/tfjs/prepared/sddmm-webgl-passes.generated.js';
import { SDDMM_WEBGPU_FORMS } from '../../src/tfjs/prepared/sddmm-webgpu-forms.generated.js';
import { SDDMM_WEBGPU_PASSES } from '../../src/tfjs/prepared/sddmm-webgpu-passes.generated.js';
import { SPARSE_DOT_KERNELS } from '../../src/tfjs/prepared/sparse-dot.generated.js';
import { SPARSE_DOT_WEBGL_PASSES } from '../../src/tfjs/prepared/sparse-dot-webgl-passes.generated.js';
import { SPARSE_DOT_WEBGPU_FORMS } from '../../src/tfjs/prepared/sparse-dot-webgpu-forms.generated.js';
import { SPARSE_DOT_WEBGPU_PASSES } from '../../src/tfjs/prepared/sparse-dot-webgpu-passes.generated.js';
import { SPMM_KERNELS } from '../../src/tfjs/prepared/spmm.generated.js';
import { SPMM_WEBGL_PASSES } from '../../src/tfjs/prepared/spmm-webgl-passes.generated.js';
import { SPMM_WEBGPU_FORMS } from '../../src/tfjs/prepared/spmm-webgpu-forms.generated.js';
import { SPMM_WEBGPU_PASSES } from '../../src/tfjs/prepared/spmm-webgpu-passes.generated.js';
import { SPMV_KERNELS } from '../../src/tfjs/prepared/spmv.generated.js';
import { SPMV_WEBGL_PASSES } from '../../src/tfjs/prepared/spmv-webgl-passes.generated.js';
import { SPMV_WEBGPU_FORMS } from '../../src/tfjs/prepared/spmv-webgpu-forms.generated.js';
import { SPMV_WEBGPU_PASSES } from '../../src/tfjs/prepared/spmv-webgpu-passes.generated.js';
import { TO_DENSE_KERNELS } from '../../src/tfjs/prepared/to-dense.generated.js';
import { TO_DENSE_WEBGL_PASSES } from '../../src/tfjs/prepared/to-dense-webgl-passes.generated.js';
import { TO_DENSE_WEBGPU_FORMS } from '../../src/tfjs/prepared/to-dense-webgpu-forms.generated.js';
import { TO_DENSE_WEBGPU_PASSES } from '../../src/tfjs/prepared/to-dense-webgpu-passes.generated.js';
import '../../src/tfjs/register-cpu.js';
import '../../src/tfjs/register-wasm.js';
import { shaderProgramOf } from '../../src/tfjs/shader-programs.js';
import { preparedWgslProgram } from '../../src/tfjs/webgpu/prepared-wgsl.js';

tf.env().set('IS_TEST', true);

/**
 * Each prepared kernel's data (the webgpu forms' too), with the expression and dtype its
 * spelling spells.
 */
const PREPARED: readonly (PreparedKernelData & { expr: string; dtype: 'float32' | 'int32' })[] = [
  SPMV_KERNELS,
  SPMM_KERNELS,
  SDDMM_KERNELS,
  SPARSE_DOT_KERNELS,
  TO_DENSE_KERNELS,
  SPMV_WEBGPU_FORMS,
  SPMM_WEBGPU_FORMS,
  SDDMM_WEBGPU_FORMS,
  SPARSE_DOT_WEBGPU_FORMS,
  TO_DENSE_WEBGPU_FORMS,
]
  .flatMap((op) => op.kernels)
  .map((data) => {
    const fields = data.spelling.split('\u0000');
    return { ...data, expr: fields[0] as string, dtype: fields.at(-1) as 'float32' | 'int32' };
  });

/**
 * Each op's prepared kernels, their passes on webgl and webgpu, and its webgpu forms (each op's
 * own modules).
 */
const OP_PASSES = [
  [SPMV_KERNELS, SPMV_WEBGL_PASSES, SPMV_WEBGPU_PASSES, SPMV_WEBGPU_FORMS],
  [SPMM_KERNELS, SPMM_WEBGL_PASSES, SPMM_WEBGPU_PASSES, SPMM_WEBGPU_FORMS],
  [SDDMM_KERNELS, SDDMM_WEBGL_PASSES, SDDMM_WEBGPU_PASSES, SDDMM_WEBGPU_FORMS],
  [SPARSE_DOT_KERNELS, SPARSE_DOT_WEBGL_PASSES, SPARSE_DOT_WEBGPU_PASSES, SPARSE_DOT_WEBGPU_FORMS],
  [TO_DENSE_KERNELS, TO_DENSE_WEBGL_PASSES, TO_DENSE_WEBGPU_PASSES, TO_DENSE_WEBGPU_FORMS],
] as const;
const WEBGL_PASSES = OP_PASSES.flatMap(([, webgl]) => webgl);
const WEBGPU_PASSES = OP_PASSES.flatMap(([, , webgpu]) => webgpu);
/** The kernels only webgpu runs (its forms'), which have no webgl passes. */
const WEBGPU_ONLY = new Set(
  OP_PASSES.flatMap(([, , , forms]) => forms.kernels.map((k) => k.spelling)),
);

/** The bits of a result (so -0 and NaN compare as stored). */
const bitsOf = (a: ArrayLike<number>, dtype: string) =>
  Array.from(
    new Uint32Array((dtype === 'int32' ? Int32Array.from(a) : Float32Array.from(a)).buffer),
  );

describe('the committed prepared modules', () => {
  it('are what the generator writes', async () => {
    const stale: string[] = [];
    for (const [file, text] of await preparedModules())
      if (readFileSync(join(PREPARED_FOLDER, file), 'utf8') !== text) stale.push(file);
    expect(stale, `stale prepared kernels: run ${PREPARE_COMMAND}`).toEqual([]);
  }, 120_000);

  it('are all the folder holds (none left over from an earlier generator)', async () => {
    const written = [...(await preparedModules()).keys()].sort();
    const committed = readdirSync(PREPARED_FOLDER).filter((f) => f.endsWith('.generated.ts'));
    expect(committed.sort()).toEqual(written);
  }, 120_000);

  it("hold each op's GPU passes beside its kernels, for exactly those each backend runs", () => {
    let forwardKernels = 0;
    for (const [op, webgl, webgpu, forms] of OP_PASSES) {
      const spellings = op.kernels.map((k) => k.spelling);
      expect(webgl.map(([key]) => key)).toEqual(spellings);
      // Webgpu runs its forms' kernels (output-major gradients, sparseDot's products) and the
      // op's own kernels that those do not replace: its passes are for those only, in order.
      const forms32 = forms.kernels.map((k) => k.spelling);
      const keys = webgpu.map(([key]) => key);
      expect(keys).toEqual([...spellings, ...forms32].filter((s) => keys.includes(s)));
      expect(keys).toEqual(expect.arrayContaining(forms32));
      // The forward kernels (not the gradients' G(...) = ...), but for sparseDot's reduction to
      // a scalar (x = ...), which webgpu runs as entry products.
      const forward = spellings.filter((s) => !s.startsWith('G(') && /^\w+\(/.test(s));
      expect(keys).toEqual(expect.arrayContaining(forward));
      forwardKernels += forward.length;
    }
    expect(forwardKernels).toBeGreaterThan(0);
  });

  it('are keyed by spellings that read back as what they spell', () => {
    for (const data of PREPARED) {
      const { expr, attrs, dtype } = spelledKernel(data.spelling);
      expect([expr, dtype]).toEqual([data.expr, data.dtype]);
      expect(kernelSpelling(expr, attrs, dtype)).toBe(data.spelling);
    }
  });

  it('give webgpu no passes for what it runs in another form', () => {
    const keys = WEBGPU_PASSES.map(([key]) => key.split('\u0000')[0] as string);
    // Sampled gradients (webgpu gathers the whole output-major gradient at the entries instead).
    expect(keys.filter((expr) => expr.includes('_pattern('))).toEqual([]);
    // Kernels whose loops cannot run as passes (their output-major forms or products can).
    expect(WEBGPU_PASSES.filter(([, data]) => !data.parallel).map(([key]) => key)).toEqual([]);
  });
});

/** The attributes a prepared kernel's spelling spells (see kernelSpelling). */
const attrsOf = (spelling: string): SparseKernelAttrs => spelledKernel(spelling).attrs;

type Shape = 'random' | 'empty' | 'skewed';

/** Random operands for `kernel`'s inputs: a size per index variable, small integer values. */
function operandsFor(
  data: (typeof PREPARED)[number],
  random: () => number,
  shape: Shape,
): Record<string, KernelOperand> {
  const sizes = new Map<string, number>();
  const size = (index: string) => {
    if (!sizes.has(index)) sizes.set(index, shape === 'empty' ? 0 : 1 + Math.floor(random() * 9));
    return sizes.get(index) as number;
  };
  const operands: Record<string, KernelOperand> = {};
  for (const t of data.plan.inputs) {
    const dims = t.indices.map(size);
    const n = dims.reduce((a, b) => a * b, 1);
    const cols = dims.at(-1) ?? 1;
    const values = Array.from({ length: n }, (_, k) => {
      // Skewed: the first row full, the others nearly empty.
      const density = shape === 'skewed' ? (k < cols ? 1 : 0.05) : 0.4;
      return t.format === undefined || random() < density ? Math.floor(random() * 9) - 4 : 0;
    });
    const typed = data.dtype === 'int32' ? Int32Array.from(values) : Float32Array.from(values);
    operands[t.name] =
      t.format === undefined
        ? dims.length === 0
          ? (typed[0] as number)
          : { data: typed, shape: dims }
        : SparseTensor.fromDense(Float64Array.from(values), dims, t.format, {
            dtype: data.dtype,
          });
  }
  return operands;
}

/**
 * `args` copied into `memory` (each memref 16-byte aligned with BUFFER_PADDING bytes after it, as
 * the in-place call requires), and a reader of the copy of `output` after the call.
 */
function onMemory(
  args: readonly InterpretArg[],
  output: unknown,
  memory: WebAssembly.Memory,
): { args: InterpretArg[]; output: () => ArrayLike<number> } {
  let top = 0;
  let outputView: () => ArrayLike<number> = () => [];
  const placed = args.map((arg): InterpretArg => {
    if (typeof arg !== 'object' || arg === null) return arg;
    const data = (ArrayBuffer.isView(arg) ? arg : (arg as { data: MemRefData }).data) as
      | Float32Array
      | Int32Array
      | Uint32Array;
    const bytes = Math.ceil((data.byteLength + BUFFER_PADDING) / 16) * 16;
    const need = Math.ceil((top + bytes) / 65536) - memory.buffer.byteLength / 65536;
    if (need > 0) memory.grow(need);
    const at = top;
    top += bytes;
    const View = data.constructor as Float32ArrayConstructor;
    const view = new View(memory.buffer, at, data.length);
    view.set(data as Float32Array);
    if (data === output) outputView = () => new View(memory.buffer, at, data.length);
    return ArrayBuffer.isView(arg)
      ? view
      : { ...(arg as { readonly shape: readonly number[] }), data: view };
  });
  return { args: placed, output: () => outputView() };
}

/** The wgsl engine's passes of a compiler-made kernel (as the webgpu kernel generates them). */
const compilerWgsl = shaderProgramOf(compileWgsl);

/** Seeded random call sizes, each the same on every read (so two launches see one call). */
function randomSizes(random: () => number): LaunchSizes {
  const drawn = new Map<string, number>();
  const draw = (key: string, max: number) => {
    if (!drawn.has(key)) drawn.set(key, Math.floor(random() * (max + 1)));
    return drawn.get(key) as number;
  };
  return {
    scalar: (arg) => draw(`s${arg}`, 300),
    extent: (arg, dim) => draw(`e${arg},${dim}`, random() < 0.2 ? 0 : 5000),
  };
}

describe("every prepared kernel's webgpu passes are the wgsl engine's", () => {
  it('code, bindings and uniforms, and the launch for seeded random sizes', () => {
    const random = seededRandom(37);
    let passes = 0;
    const bySpelling = new Map(PREPARED.map((data) => [data.spelling, data]));
    for (const [key, passData] of new Map(WEBGPU_PASSES)) {
      const data = bySpelling.get(key);
      if (data === undefined) throw new Error(`webgpu passes of no prepared kernel: ${key}`);
      const prepared = preparedWgslProgram(passData);
      const engine = compilerWgsl(
        compileSparseKernel(data.expr, attrsOf(data.spelling), data.dtype),
      );
      expect(prepared.parallel, data.spelling).toBe(engine.parallel);
      if (!prepared.parallel || !engine.parallel) {
        expect(prepared, data.spelling).toEqual(engine);
        continue;
      }
      expect(prepared.passes.length, data.spelling).toBe(engine.passes.length);
      prepared.passes.forEach((pass, k) => {
        const expected = engine.passes[k] as (typeof engine.passes)[number];
        expect(pass.code).toBe(expected.code);
        expect(pass.inputs).toEqual(expected.inputs);
        expect(pass.uniforms).toEqual(expected.uniforms);
        for (let trial = 0; trial < 40; trial++) {
          const sizes = randomSizes(random);
          expect(pass.launch(sizes), `${data.spelling} pass ${k}`).toEqual(expected.launch(sizes));
        }
        passes++;
      });
    }
    expect(passes).toBeGreaterThan(20);
  }, 120_000);
});

describe("every prepared kernel's webgl passes are the glsl engine's", () => {
  it('code, bindings, quad inputs and uniforms, one element per fragment and four', () => {
    const byKey = new Map(WEBGL_PASSES);
    const engines = {
      narrow: shaderProgramOf(compileGlsl),
      quads: shaderProgramOf((module, fnName, options) =>
        compileGlsl(module, fnName, { ...options, quads: true }),
      ),
    };
    let passes = 0;
    for (const data of PREPARED.filter((d) => !WEBGPU_ONLY.has(d.spelling))) {
      const prepared = byKey.get(data.spelling);
      expect(prepared, data.spelling).toBeDefined();
      const compiled = compileSparseKernel(data.expr, attrsOf(data.spelling), data.dtype);
      for (const form of ['narrow', 'quads'] as const) {
        const engine = engines[form](compiled);
        const expected = engine.parallel
          ? {
              parallel: true,
              passes: engine.passes.map((p) => ({
                code: p.code,
                inputs: p.inputs,
                quadInputs: p.quadInputs,
                uniforms: p.uniforms,
              })),
            }
          : { parallel: false, reason: engine.reason };
        expect(prepared?.[form], `${data.spelling} ${form}`).toEqual(expected);
        if (engine.parallel) passes += engine.passes.length;
      }
    }
    expect(passes).toBeGreaterThan(20);
  }, 120_000);
});

/** The prepared kernels that ship their host image (all but the webgpu forms run as passes only). */
const WITH_IMAGE = PREPARED.filter((data) => data.wasm !== undefined);
const PASSES_ONLY = PREPARED.filter((data) => data.wasm === undefined);

describe('every prepared kernel computes what the compiler computes', () => {
  it('on seeded random, empty and skewed operands (all prepared kernels with a host image)', () => {
    expect(WITH_IMAGE.length).toBeGreaterThan(20);
    const random = seededRandom(37);
    for (const data of WITH_IMAGE) {
      const prepared = revivedKernel(data);
      const compiled = compileSparseKernel(data.expr, attrsOf(data.spelling), data.dtype);
      // Its key is its spelling (its passes are found by it); the rest is the compiler's.
      expect(prepared.key, data.expr).toBe(data.spelling);
      const fieldsOf = (k: typeof compiled) => ({
        expr: k.expr,
        options: k.options,
        dtype: k.dtype,
        formats: k.formats,
        functionName: k.kernel.functionName,
        parameters: k.kernel.parameters,
      });
      expect(fieldsOf(prepared), data.expr).toEqual(fieldsOf(compiled));
      const { notation, ...plan } = compiled.kernel.plan;
      expect(prepared.kernel.plan).toEqual({
        ...plan,
        notation: { op: notation.op, source: data.expr },
      });
      for (const shape of ['random', 'random', 'empty', 'skewed'] as const) {
        const operands = operandsFor(data, random, shape);
        const [ours, theirs] = [prepared, compiled].map((k) => {
          const bound = bindArguments(k.kernel, operands);
          k.run(...bound.args);
          return bitsOf(bound.output as ArrayLike<number>, data.dtype);
        });
        expect(ours, `${data.expr} ${data.dtype} ${shape}`).toEqual(theirs);
        // In place over a memory of someone else's, as on tfjs's wasm heap.
        const [oursInPlace, theirsInPlace] = [prepared, compiled].map((k) => {
          const bound = bindArguments(k.kernel, operands);
          const memory = new WebAssembly.Memory({ initial: 1, maximum: 64 });
          const { args, output } = onMemory(bound.args, bound.output, memory);
          (k.runOnMemory(memory) as (...a: InterpretArg[]) => unknown)(...args);
          return bitsOf(output(), data.dtype);
        });
        expect(oursInPlace, `${data.expr} in place`).toEqual(theirs);
        expect(theirsInPlace).toEqual(theirs);
      }
    }
  });
});

describe('the webgpu forms prepared as passes only (no host image)', () => {
  it('are webgpu forms whose every call runs as passes on every device', () => {
    expect(PASSES_ONLY.length).toBeGreaterThan(5);
    const webgpuPasses = new Map(WEBGPU_PASSES);
    for (const data of PASSES_ONLY) {
      expect(WEBGPU_ONLY.has(data.spelling), data.spelling).toBe(true);
      const passes = webgpuPasses.get(data.spelling);
      // Parallel, within WebGPU's guaranteed 8 storage buffers per stage, arguments from shapes:
      // webgpu's kernel never takes the host route for them.
      expect(passes?.parallel, data.spelling).toBe(true);
      if (passes?.parallel !== true) continue;
      for (const pass of passes.passes) expect(pass.inputs.length + 1).toBeLessThanOrEqual(8);
      const revived = revivedKernel(data);
      expect(revived.passesOnly).toBe(true);
      expect(argumentsAlwaysFromShapes(revived.kernel), data.spelling).toBe(true);
    }
  });

  it('run on the host through the compiler where one is installed, else refuse naming it', () => {
    const random = seededRandom(41);
    for (const data of PASSES_ONLY) {
      const compiled = compileSparseKernel(data.expr, attrsOf(data.spelling), data.dtype);
      const operands = operandsFor(data, random, 'random');
      const revived = revivedKernel(data);
      const ran = (k: typeof compiled) => {
        const bound = bindArguments(k.kernel, operands);
        k.run(...bound.args);
        return bitsOf(bound.output as ArrayLike<number>, data.dtype);
      };
      expect(ran(revived), data.expr).toEqual(ran(compiled));
      installSparseCompiler(undefined);
      try {
        const memory = new WebAssembly.Memory({ initial: 1 });
        for (const use of [() => revived.run, () => revived.runOnMemory(memory)]) {
          expect(use).toThrow(SparsifyError);
          expect(use).toThrow(SPARSE_COMPILER_ENTRY);
        }
      } finally {
        installSparseCompilerRoute();
      }
    }
  });
});

/** A random integer-valued matrix in CSR with empty rows, its dense tensor beside it. */
function csrMatrix(random: () => number, rows: number, cols: number, dtype: 'float32' | 'int32') {
  const data = Array.from({ length: rows * cols }, (_, k) =>
    Math.floor(k / cols) % 3 === 0 || random() < 0.6 ? 0 : Math.floor(random() * 9) - 4,
  );
  const host = SparseTensor.fromDense(Float64Array.from(data), [rows, cols], 'CSR', { dtype });
  return {
    A: TfSparseTensor.fromSparseTensor(host),
    dense: tf.tensor2d(data, [rows, cols], dtype),
  };
}

/** A tensor's values, zeros unsigned. */
const list = (t: tf.Tensor) => Array.from(t.dataSync(), (v) => (v === 0 ? 0 : v));

const denseRandom = (random: () => number, shape: number[], dtype: 'float32' | 'int32') =>
  tf.tensor(
    Array.from({ length: shape.reduce((a, b) => a * b, 1) }, () => Math.floor(random() * 9) - 4),
    shape,
    dtype,
  );

describe('the ready-made ops with the compiler removed', () => {
  const removeCompiler = () => {
    installSparseCompiler(undefined);
    installDeriver(undefined);
  };
  beforeAll(removeCompiler);
  afterAll(installSparseCompilerRoute);

  for (const backend of ['cpu', 'wasm'] as const)
    for (const dtype of ['float32', 'int32'] as const)
      it(`equal tfjs's dense ops on ${backend} (${dtype}), gradients too`, async () => {
        expect(await tf.setBackend(backend)).toBe(true);
        const random = seededRandom(backend === 'cpu' ? 1 : 2);
        const before = tf.memory().numTensors;
        for (let c = 0; c < 4; c++) {
          tf.tidy(() => {
            const [m, n, k] = [1 + c * 5, 2 + c * 3, 1 + c];
            const { A, dense } = csrMatrix(random, m, n, dtype);
            const x = denseRandom(random, [n], dtype);
            const xf = tf.cast(x, 'float32');
            const B = denseRandom(random, [n, k], dtype);
            const L = denseRandom(random, [m, k], dtype);
            const R = denseRandom(random, [k, n], dtype);
            const pairs: [tf.Tensor, tf.Tensor][] = [
              [spmv(A, x), tf.reshape(tf.matMul(dense, tf.reshape(xf, [n, 1])), [m])],
              [spmm(A, B as tf.Tensor2D), tf.matMul(dense, tf.cast(B, 'float32') as tf.Tensor2D)],
              [
                sddmm(A, L as tf.Tensor2D, R as tf.Tensor2D),
                tf.mul(
                  dense,
                  tf.matMul(
                    tf.cast(L, 'float32') as tf.Tensor2D,
                    tf.cast(R, 'float32') as tf.Tensor2D,
                  ),
                ),
              ],
              [sparseToDense(A), dense],
            ];
            const row = tf.reshape(tf.slice(dense, [m - 1, 0], [1, n]), [n]);
            const a = TfSparseTensor.fromSparseTensor(
              SparseTensor.fromDense(Float64Array.from(row.dataSync()), [n], 'sparse-vector', {
                dtype,
              }),
            );
            pairs.push([sparseDot(a, x), tf.sum(tf.mul(row, xf))]);
            pairs.push([sparseDot(a, a), tf.sum(tf.mul(row, row))]);
            pairs.push([sparseToDense(a), row]);
            // Small integers: every order of summation is exact (only the sign of zero may differ).
            for (const [ours, reference] of pairs)
              expect(list(ours)).toEqual(list(tf.cast(reference, dtype)));
            // On the wasm backend the prepared kernel reads and writes the heap in place.
            expect(lastSparseKernelRun()?.inPlace).toBe(backend === 'wasm' ? true : undefined);
            if (dtype === 'int32') return;
            const [dv, dx] = tf.grads((v: tf.Tensor, xx: tf.Tensor) =>
              spmv(A.withValues(v as tf.Tensor1D), xx),
            )([A.values, x]);
            const [dDense, dxDense] = tf.grads((d: tf.Tensor, xx: tf.Tensor) =>
              tf.reshape(tf.matMul(d as tf.Tensor2D, tf.reshape(xx, [n, 1])), [m]),
            )([dense, x]);
            expect(list(dx as tf.Tensor)).toEqual(list(dxDense as tf.Tensor));
            // The values' gradient is the dense one at the stored entries (row by row in CSR).
            const stored = Array.from(dense.dataSync()).flatMap((value, e) =>
              value === 0 ? [] : [e],
            );
            const full = list(dDense as tf.Tensor);
            expect(list(dv as tf.Tensor)).toEqual(stored.map((e) => full[e]));
            for (const grad of [
              tf.grads((v: tf.Tensor, b: tf.Tensor) =>
                spmm(A.withValues(v as tf.Tensor1D), b as tf.Tensor2D),
              )([A.values, B]),
              tf.grads((v: tf.Tensor, l: tf.Tensor, r: tf.Tensor) =>
                sddmm(A.withValues(v as tf.Tensor1D), l as tf.Tensor2D, r as tf.Tensor2D),
              )([A.values, L, R]),
              tf.grads((v: tf.Tensor, xx: tf.Tensor) =>
                sparseDot(a.withValues(v as tf.Tensor1D), xx),
              )([a.values, x]),
              [tf.grad((v: tf.Tensor) => sparseToDense(A.withValues(v as tf.Tensor1D)))(A.values)],
            ])
              for (const g of grad) expect(g.dataSync().every(Number.isFinite)).toBe(true);
          });
        }
        expect(tf.memory().numTensors).toBe(before);
      }, 120_000);

  it('refuses a call nothing was prepared for, naming the compiler entry, and leaks nothing', async () => {
    expect(await tf.setBackend('cpu')).toBe(true);
    const before = tf.memory().numTensors;
    const coo = SparseTensor.fromDense(Float64Array.from([1, 0, 0, 2]), [2, 2], 'COO', {
      dtype: 'float32',
    });
    const csr = coo.convert('CSR');
    const x = tf.tensor1d([1, 2]);
    const calls = [
      () => spmv(coo, x),
      () => spmv(csr, x, { vectorLength: 4 }),
      () => spmv(csr, x, { engine: 'js' }),
    ];
    for (const call of calls) {
      expect(call).toThrow(SparsifyError);
      expect(call).toThrow(SPARSE_COMPILER_ENTRY);
    }
    x.dispose();
    expect(tf.memory().numTensors).toBe(before);
    // The compiler's entry makes the same calls work.
    installSparseCompilerRoute();
    try {
      const y = tf.tidy(() => spmv(coo, tf.tensor1d([1, 2])));
      expect(Array.from(y.dataSync())).toEqual([1, 4]);
      y.dispose();
    } finally {
      removeCompiler();
    }
    expect(tf.memory().numTensors).toBe(before);
  });
});
