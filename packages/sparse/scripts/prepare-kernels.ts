/**
 * Prepares the ready-made ops' kernels ahead of time, so that an app using them does not bundle
 * the compiler. Each op (`spmv`, `spmm`, `sddmm`, `sparseDot`, `sparseToDense`) and its
 * gradients run on the cpu backend with the compiler installed, over the operands prepared for
 * (CSR matrices and sparse vectors, float32 and int32 values, the default options); every kernel
 * those calls look up is compiled by the real compiler (sparsify -> vectorize -> the wasm
 * engine) and written, with what binding its operands needs, to
 * `src/tfjs/prepared/<op>.generated.ts`, and its passes on the GPU backends (by the glsl and
 * wgsl engines) to `<op>-webgl-passes.generated.ts` and `<op>-webgpu-passes.generated.ts`.
 *
 * Run it after changing the compiler, the ops or their defaults (a test fails while a committed
 * module differs from what this writes):
 *
 *   npm run prepare-kernels        (in packages/sparse)
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import { compileGlsl, compileWgsl, wasmKernelImage } from '@tilekit/loop-engines';
import type { Module } from '@tilekit/loop-ir';
import { type NamedFormat, SparseTensor } from '../src/index.js';
import { compileSparseKernel } from '../src/tfjs/compile-route.js';
import {
  type CompiledSparseKernel,
  kernelSpelling,
  observeKernelLookups,
} from '../src/tfjs/compiled-kernel.js';
import '../src/tfjs/compiler.js';
import {
  type Derivation,
  installDeriver,
  observeDerivations,
} from '../src/tfjs/gradients/derivation.js';
import { derivation } from '../src/tfjs/gradients/derivative.js';
import { outputMajorKernel, outputMajorPlan } from '../src/tfjs/gradients/output-major.js';
import { OUTPUT_MAJOR_BACKENDS } from '../src/tfjs/gradients/output-major-backends.js';
import {
  applyOutputMajorPlan,
  type OutputMajorPlan,
  outputMajorKey,
} from '../src/tfjs/gradients/output-major-plan.js';
import { sddmm, sparseDot, sparseToDense, spmm, spmv, TfSparseTensor } from '../src/tfjs/index.js';
import type { SparseKernelAttrs } from '../src/tfjs/kernel-names.js';
import type { KernelOperand } from '../src/tfjs/ops/run-sparse-kernel.js';
import {
  type PreparedKernelData,
  type PreparedOpData,
  planData,
  revivedKernel,
} from '../src/tfjs/prepared/prepared-kernel.js';
import '../src/tfjs/register-cpu.js';
import { argumentsAlwaysFromShapes } from '../src/tfjs/call-arguments.js';
import type { WebgpuFormsData } from '../src/tfjs/prepared/webgpu-forms.js';
import { shaderProgramOf } from '../src/tfjs/shader-programs.js';
import { type GlslProgramsData, glslProgramData } from '../src/tfjs/webgl/prepared-glsl.js';
import { installDotProducts } from '../src/tfjs/webgpu/dot-products.js';
import type { WgslProgramData } from '../src/tfjs/webgpu/prepared-wgsl.js';
import { wgslProgramData } from '../src/tfjs/webgpu/wgsl-program-data.js';

/** The folder of the generated modules. */
export const PREPARED_FOLDER = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'src',
  'tfjs',
  'prepared',
);

/** The command that regenerates them (test failures print it). */
export const PREPARE_COMMAND = 'npm run prepare-kernels (in packages/sparse)';

type DType = 'float32' | 'int32';

/** A small sparse operand with every kind of row (empty, one entry, several). */
function sparse(shape: readonly number[], format: NamedFormat, dtype: DType): TfSparseTensor {
  const size = shape.reduce((a, b) => a * b, 1);
  const data = Array.from({ length: size }, (_, k) => (k % 3 === 1 ? 0 : k % 5));
  return TfSparseTensor.fromSparseTensor(
    SparseTensor.fromDense(Float64Array.from(data), [...shape], format, { dtype }),
  );
}

/** A dense operand of `shape`. */
const dense = (shape: readonly number[], dtype: DType) =>
  tf.tensor(
    Array.from({ length: shape.reduce((a, b) => a * b, 1) }, (_, k) => (k % 4) + 1),
    [...shape],
    dtype,
  );

/**
 * The calls each op's kernels are prepared for: the op forward in each dtype, and in float32
 * its gradients with respect to the sparse values and every dense operand.
 */
const OP_CALLS: Readonly<Record<string, (dtype: DType) => void>> = {
  spmv: (dtype) => {
    const A = sparse([4, 3], 'CSR', dtype);
    const x = dense([3], dtype);
    spmv(A, x);
    if (dtype === 'float32')
      tf.grads((v: tf.Tensor, xx: tf.Tensor) => spmv(A.withValues(v as tf.Tensor1D), xx))([
        A.values,
        x,
      ]);
  },
  spmm: (dtype) => {
    const A = sparse([4, 3], 'CSR', dtype);
    const B = dense([3, 2], dtype);
    spmm(A, B as tf.Tensor2D);
    if (dtype === 'float32')
      tf.grads((v: tf.Tensor, b: tf.Tensor) =>
        spmm(A.withValues(v as tf.Tensor1D), b as tf.Tensor2D),
      )([A.values, B]);
  },
  sddmm: (dtype) => {
    const S = sparse([4, 3], 'CSR', dtype);
    const [A, B] = [dense([4, 2], dtype), dense([2, 3], dtype)];
    sddmm(S, A as tf.Tensor2D, B as tf.Tensor2D);
    if (dtype === 'float32')
      tf.grads((v: tf.Tensor, a: tf.Tensor, b: tf.Tensor) =>
        sddmm(S.withValues(v as tf.Tensor1D), a as tf.Tensor2D, b as tf.Tensor2D),
      )([S.values, A, B]);
  },
  sparseDot: (dtype) => {
    const a = sparse([6], 'sparse-vector', dtype);
    const b = sparse([6], 'sparse-vector', dtype);
    const x = dense([6], dtype);
    sparseDot(a, x);
    sparseDot(a, b);
    if (dtype === 'float32') {
      tf.grads((v: tf.Tensor, xx: tf.Tensor) => sparseDot(a.withValues(v as tf.Tensor1D), xx))([
        a.values,
        x,
      ]);
      tf.grads((v: tf.Tensor, w: tf.Tensor) =>
        sparseDot(a.withValues(v as tf.Tensor1D), b.withValues(w as tf.Tensor1D)),
      )([a.values, b.values]);
    }
  },
  sparseToDense: (dtype) => {
    for (const A of [sparse([4, 3], 'CSR', dtype), sparse([6], 'sparse-vector', dtype)]) {
      sparseToDense(A);
      if (dtype === 'float32')
        tf.grad((v: tf.Tensor) => sparseToDense(A.withValues(v as tf.Tensor1D)))(A.values);
    }
  },
};

/** Each op's generated module: file name and exported constant. */
export const PREPARED_MODULES: Readonly<Record<string, { file: string; name: string }>> = {
  spmv: { file: 'spmv.generated.ts', name: 'SPMV_KERNELS' },
  spmm: { file: 'spmm.generated.ts', name: 'SPMM_KERNELS' },
  sddmm: { file: 'sddmm.generated.ts', name: 'SDDMM_KERNELS' },
  sparseDot: { file: 'sparse-dot.generated.ts', name: 'SPARSE_DOT_KERNELS' },
  sparseToDense: { file: 'to-dense.generated.ts', name: 'TO_DENSE_KERNELS' },
};

/**
 * Every kernel `call` looks up, by spelling, and every derivation, by key, each in order of
 * first lookup.
 */
function lookedUp(call: () => void) {
  const kernels = new Map<string, [string, SparseKernelAttrs, DType]>();
  const derivations = new Map<string, Derivation>();
  observeKernelLookups((expr, attrs, dtype) => {
    const spelling = kernelSpelling(expr, attrs, dtype);
    if (!kernels.has(spelling)) kernels.set(spelling, [expr, attrs, dtype]);
  });
  observeDerivations((key, derivation) => {
    if (!derivations.has(key)) derivations.set(key, derivation);
  });
  try {
    tf.tidy(call);
  } finally {
    observeKernelLookups(undefined);
    observeDerivations(undefined);
  }
  return { kernels, derivations };
}

/** The wgsl engine's passes of a compiled kernel. */
const wgslProgramOf = shaderProgramOf(compileWgsl);

/**
 * The module of an op's passes on a GPU backend, named after the op's module: `spmv.generated.ts`
 * (`SPMV_KERNELS`) has its webgl passes in `spmv-webgl-passes.generated.ts`
 * (`SPMV_WEBGL_PASSES`). Each op's passes live apart from its kernels, so that only apps
 * registering that backend bundle them, and apart from the other ops' passes, so that a register
 * entry of one op (register-webgl/spmv) bundles that op's only.
 */
export function passesModule(
  op: string,
  backend: 'webgl' | 'webgpu',
): { file: string; name: string } {
  const { file, name } = PREPARED_MODULES[op] as { file: string; name: string };
  return {
    file: file.replace('.generated.ts', `-${backend}-passes.generated.ts`),
    name: name.replace('_KERNELS', `_${backend.toUpperCase()}_PASSES`),
  };
}

/**
 * The module of an op's webgpu forms (prepared/webgpu-forms.ts), named after the op's module:
 * `spmv.generated.ts` has them in `spmv-webgpu-forms.generated.ts` (`SPMV_WEBGPU_FORMS`), apart
 * from its kernels so that only the webgpu entries bundle them.
 */
export function webgpuFormsModule(op: string): { file: string; name: string } {
  const { file, name } = PREPARED_MODULES[op] as { file: string; name: string };
  return {
    file: file.replace('.generated.ts', '-webgpu-forms.generated.ts'),
    name: name.replace('_KERNELS', '_WEBGPU_FORMS'),
  };
}

/** The text of the module holding `op`'s webgpu forms. */
function webgpuFormsModuleText(op: string, data: WebgpuFormsData): string {
  const { name } = webgpuFormsModule(op);
  return `// Generated by scripts/prepare-kernels.ts (${PREPARE_COMMAND}): do not edit.
import type { WebgpuFormsData } from './webgpu-forms.js';

/** What \`${op}\` runs on webgpu beyond its cpu route's kernels, prepared ahead of time (see webgpu-forms.ts). */
export const ${name}: WebgpuFormsData = JSON.parse(
  '${jsonText(data)}',
);
`;
}

/**
 * Runs `call` on the cpu backend as webgpu runs it (gradients in their output-major form,
 * `sparseDot` as entry products), recording each output-major form it takes, by key.
 */
function asWebgpu(call: () => void, plans: Map<string, OutputMajorPlan>): void {
  const backends = OUTPUT_MAJOR_BACKENDS as Set<string>;
  backends.add('cpu');
  installDeriver({
    derive: derivation,
    outputMajor: (expr, operands) => {
      const plan = outputMajorPlan(expr, operands);
      if (plan === undefined) return undefined;
      plans.set(outputMajorKey(expr, operands), plan);
      return applyOutputMajorPlan(plan, operands as Readonly<Record<string, KernelOperand>>);
    },
  });
  try {
    call();
  } finally {
    backends.delete('cpu');
    installDeriver({ derive: derivation, outputMajor: outputMajorKernel });
  }
}

/**
 * The text of the module holding the webgpu passes of `op`'s prepared kernels, by key, as data
 * (see webgpu/prepared-wgsl.ts).
 */
function webgpuPassesModuleText(
  op: string,
  kernels: readonly [string, SparseKernelAttrs, DType][],
): string {
  const passes = new Map<string, WgslProgramData>();
  for (const [expr, attrs, dtype] of kernels) {
    const key = kernelSpelling(expr, attrs, dtype);
    const compiled: CompiledSparseKernel = compileSparseKernel(expr, attrs, dtype);
    if (!passes.has(key)) passes.set(key, wgslProgramData(wgslProgramOf(compiled)));
  }
  const { name } = passesModule(op, 'webgpu');
  return `// Generated by scripts/prepare-kernels.ts (${PREPARE_COMMAND}): do not edit.
import type { WgslPassesData } from '../webgpu/prepared-wgsl.js';

/** The webgpu passes of \`${op}\`'s prepared kernels, by key, their spelling (see webgpu/prepared-wgsl.ts). */
export const ${name}: WgslPassesData = JSON.parse(
  '${jsonText([...passes])}',
);
`;
}

/**
 * WebGPU's guaranteed `maxStorageBuffersPerShaderStage` (the spec's default limit): passes
 * binding no more run on every device.
 */
const STORAGE_BUFFERS_ON_EVERY_DEVICE = 8;

/**
 * Whether webgpu runs every call of `compiled` as passes: its loops run in parallel, each pass
 * binds no more storage buffers than every device allows, and its arguments follow from shapes.
 * Such a webgpu form needs no host image (see prepared-kernel.ts).
 */
function alwaysPasses(compiled: CompiledSparseKernel): boolean {
  const program = wgslProgramOf(compiled);
  return (
    program.parallel &&
    program.passes.every((pass) => pass.inputs.length + 1 <= STORAGE_BUFFERS_ON_EVERY_DEVICE) &&
    argumentsAlwaysFromShapes(compiled.kernel)
  );
}

/**
 * The prepared data of the kernel `expr` under `attrs`, compiled by the compiler; with its host
 * image unless `passesOnly` (a webgpu form that {@link alwaysPasses}).
 */
function preparedData(
  expr: string,
  attrs: SparseKernelAttrs,
  dtype: DType,
  passesOnly = false,
): PreparedKernelData {
  const compiled = compileSparseKernel(expr, attrs, dtype);
  const { kernel, options } = compiled;
  // Addresses computed from indices: the op bundles that ship these kernels have a size goal,
  // and induction pointers add a little code to every loop.
  const image = wasmKernelImage(compiled.module as Module, kernel.functionName, {
    vscale: options.vscale,
    inductionPointers: false,
  });
  // Prepared kernels are instantiated without host functions, so op bundles leave the table out.
  if (image.hostImports.length > 0)
    throw new Error(
      `${expr} (${dtype}) imports host functions (${image.hostImports.join(', ')}); prepared kernels run without them`,
    );
  const data: PreparedKernelData = {
    spelling: kernelSpelling(expr, attrs, dtype),
    functionName: kernel.functionName,
    plan: planData(kernel.plan),
    parameters: kernel.parameters,
    ...(passesOnly
      ? {}
      : { wasm: { bytes: Buffer.from(image.bytes).toString('hex'), written: image.written } }),
  };
  // What the data leaves out follows from the rest: the revived kernel is the compiler's.
  const revived = revivedKernel(data);
  const same = (a: unknown, b: unknown) => isDeepStrictEqual(a, b);
  const differs = [
    ['expr', revived.expr, compiled.expr],
    ['options', revived.options, options],
    ['dtype', revived.dtype, compiled.dtype],
    ['formats', revived.formats, compiled.formats],
    ['plan', { ...revived.kernel.plan, notation: null }, { ...kernel.plan, notation: null }],
    ['notation.op', revived.kernel.plan.notation.op, kernel.plan.notation.op],
    ['wasm inputs', kernel.parameters.map((p) => p.type), image.inputs],
    ['wasm results', [], image.results],
  ].filter(([, a, b]) => !same(a, b));
  if (differs.length > 0)
    throw new Error(
      `${expr} (${dtype}): the prepared data does not revive the compiler's ${differs.map(([what]) => what).join(', ')}`,
    );
  return data;
}

/** The glsl engine's passes of a compiled kernel, one element per fragment and four. */
const glslProgramOf = shaderProgramOf(compileGlsl);
const glslQuadProgramOf = shaderProgramOf((module, fnName, options) =>
  compileGlsl(module, fnName, { ...options, quads: true }),
);

/** The text of the module holding the webgl passes of `op`'s prepared kernels, by key. */
function webglPassesModuleText(
  op: string,
  kernels: readonly [string, SparseKernelAttrs, DType][],
): string {
  const passes = new Map<string, GlslProgramsData>();
  for (const [expr, attrs, dtype] of kernels) {
    const key = kernelSpelling(expr, attrs, dtype);
    const compiled: CompiledSparseKernel = compileSparseKernel(expr, attrs, dtype);
    if (!passes.has(key))
      passes.set(key, {
        narrow: glslProgramData(glslProgramOf(compiled)),
        quads: glslProgramData(glslQuadProgramOf(compiled)),
      });
  }
  const { name } = passesModule(op, 'webgl');
  return `// Generated by scripts/prepare-kernels.ts (${PREPARE_COMMAND}): do not edit.
import type { GlslPassesData } from '../webgl/prepared-glsl.js';

/** The webgl passes of \`${op}\`'s prepared kernels, by key, their spelling (see webgl/prepared-glsl.ts). */
export const ${name}: GlslPassesData = JSON.parse(
  '${jsonText([...passes])}',
);
`;
}

/** `data` as JSON inside a single-quoted string literal. */
function jsonText(data: unknown): string {
  return JSON.stringify(data).replaceAll('\\', '\\\\').replaceAll("'", "\\'");
}

/** The text of a generated module exporting `data` as `name` (formatted as biome formats it). */
function moduleText(op: string, name: string, data: PreparedOpData): string {
  const json = jsonText(data);
  return `// Generated by scripts/prepare-kernels.ts (${PREPARE_COMMAND}): do not edit.
import type { PreparedOpData } from './prepared-kernel.js';

/** The kernels of \`${op}\` and its gradients, prepared ahead of time (see prepared-kernel.ts). */
export const ${name}: PreparedOpData = JSON.parse(
  '${json}',
);
`;
}

/** Every generated module's text, by file name. */
export async function preparedModules(): Promise<Map<string, string>> {
  if (!(await tf.setBackend('cpu'))) throw new Error('the cpu backend did not start');
  // Runs only where the output-major backends include the active one (asWebgpu).
  installDotProducts();
  // Its products are summed by tfjs's Sum, whose gradient tfjs registers in a module Node cannot
  // load (tfjs-core's ESM build): the gradient of a whole sum stands in for it here.
  if (tf.getGradient(tf.Sum) === undefined)
    tf.registerGradient({
      kernelName: tf.Sum,
      inputsToSave: ['x'],
      gradFunc: (dy, saved) => ({
        x: () => tf.mul(tf.onesLike(saved[0] as tf.Tensor), dy as tf.Tensor),
      }),
    });
  // Densifying (which the webgpu forms do) adds sparseToDense's prepared kernels itself.
  const densifying = new Set(
    (['float32', 'int32'] as const).flatMap((dtype) => [
      ...lookedUp(() => (OP_CALLS.sparseToDense as (dtype: DType) => void)(dtype)).kernels.keys(),
    ]),
  );
  const modules = new Map<string, string>();
  for (const [op, { file, name }] of Object.entries(PREPARED_MODULES)) {
    const prepared: [string, SparseKernelAttrs, DType][] = [];
    const list: PreparedKernelData[] = [];
    const derived = new Map<string, Derivation>();
    for (const dtype of ['float32', 'int32'] as const) {
      const call = OP_CALLS[op] as (dtype: DType) => void;
      const { kernels, derivations } = lookedUp(() => call(dtype));
      for (const [spelling, [expr, attrs, d]] of kernels) {
        if (attrs.engine !== 'wasm' || list.some((k) => k.spelling === spelling)) continue;
        list.push(preparedData(expr, attrs, d));
        prepared.push([expr, attrs, d]);
      }
      for (const [key, derivation] of derivations) derived.set(key, derivation);
    }
    modules.set(file, moduleText(op, name, { kernels: list, derivations: [...derived] }));
    modules.set(passesModule(op, 'webgl').file, webglPassesModuleText(op, prepared));
    // What webgpu runs beyond those: kept apart, so that only its entries bundle it.
    const webgpuKernels: PreparedKernelData[] = [];
    const webgpuPrepared: [string, SparseKernelAttrs, DType][] = [];
    const webgpuDerived = new Map<string, Derivation>();
    const plans = new Map<string, OutputMajorPlan>();
    // The kernels webgpu looks up: its passes are prepared for these only (not for the cpu
    // route's sampled gradients, nor for kernels that webgpu runs in another form).
    const onWebgpu = new Set<string>();
    for (const dtype of ['float32', 'int32'] as const) {
      const call = OP_CALLS[op] as (dtype: DType) => void;
      let seen: ReturnType<typeof lookedUp> | undefined;
      asWebgpu(() => {
        seen = lookedUp(() => call(dtype));
      }, plans);
      const { kernels, derivations } = seen as ReturnType<typeof lookedUp>;
      for (const [spelling, [expr, attrs, d]] of kernels) {
        onWebgpu.add(spelling);
        if (attrs.engine !== 'wasm' || densifying.has(spelling)) continue;
        if ([...list, ...webgpuKernels].some((k) => k.spelling === spelling)) continue;
        const passesOnly = alwaysPasses(compileSparseKernel(expr, attrs, d));
        webgpuKernels.push(preparedData(expr, attrs, d, passesOnly));
        webgpuPrepared.push([expr, attrs, d]);
      }
      for (const [key, d] of derivations) if (!derived.has(key)) webgpuDerived.set(key, d);
    }
    modules.set(
      webgpuFormsModule(op).file,
      webgpuFormsModuleText(op, {
        kernels: webgpuKernels,
        derivations: [...webgpuDerived],
        outputMajor: [...plans],
      }),
    );
    modules.set(
      passesModule(op, 'webgpu').file,
      webgpuPassesModuleText(
        op,
        [...prepared, ...webgpuPrepared].filter(([expr, attrs, d]) =>
          onWebgpu.has(kernelSpelling(expr, attrs, d)),
        ),
      ),
    );
  }
  return modules;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const [file, text] of await preparedModules()) {
    writeFileSync(join(PREPARED_FOLDER, file), text);
    console.log(`wrote src/tfjs/prepared/${file} (${text.length} characters)`);
  }
}
