/**
 * The sparse kernels on the `webgl` backend: fragment passes generated from the kernel's scalar
 * loop IR by the glsl engine (one output element per fragment, one pass per top-level parallel
 * loop, each reading the previous pass's output; where the output's last extent is a multiple
 * of 4 and the kernel allows it, the last pass writes four per fragment and a spread pass
 * returns them to one per texel), run through tfjs-webgl's program interface on
 * the backend's own textures with sizes as uniforms. WebGL holds every value in float32
 * textures, so indices and extents must stay within 2^24 to be exact; past that, on a WebGL1
 * context, where the loops cannot run in parallel, or where a tensor is empty, the compiled
 * loops run on the host.
 */
import type { GPGPUProgram, MathBackendWebGL } from '@tensorflow/tfjs-backend-webgl';
import { env, type TensorInfo, util } from '@tensorflow/tfjs-core';
import { PREVIOUS_OUTPUT, QUAD_ELEMENTS, QUAD_PASSES } from '@tilekit/loop-engines';
import {
  disposeWebglIntermediates,
  FLOAT_EXACT_INTEGER_LIMIT,
  flatView,
  runFlatProgram,
  withShape,
} from '@tilekit/tfjs-backend-support/webgl-passes';
import { type CallArguments, outputSize, passTensors, uniformValue } from '../call-arguments.js';
import type { CompiledSparseKernel } from '../compiled-kernel.js';
import type { BackendAdvice, HostRouteDecision } from '../route-reason.js';
import { shaderProgram } from '../shader-compilers.js';
import { type ShaderBackend, type ShaderKernels, shaderKernels } from '../shader-kernel.js';
import type { SparseCall } from '../sparse-call.js';
import { passOutputShape } from './pass-output-shape.js';
import type { GlslPassRun, GlslProgramRun, GlslProgramsData } from './prepared-glsl.js';

/**
 * The prepared kernels' passes (both forms), by kernel key: those of the ops whose register
 * entries were imported (see {@link sparseWebglKernels}).
 */
const PREPARED_PASSES = new Map<string, GlslProgramsData>();

/** The four-element passes of a kernel: prepared with it, or generated from its loops. */
function quadProgramOf(compiled: CompiledSparseKernel): GlslProgramRun {
  return PREPARED_PASSES.get(compiled.key)?.quads ?? shaderProgram('glslQuads', compiled);
}

/**
 * The four-element form of the call's last pass, where it applies: the kernel has one and the
 * output's last extent is a multiple of 4, so each fragment's four elements share a row.
 * Earlier passes keep one element per fragment (their output is the next pass's flat input).
 */
function quadPassOf(call: SparseCall, args: CallArguments): GlslPassRun | undefined {
  const fourAligned = (shape: readonly number[]) =>
    shape.length >= 2 && (shape.at(-1) as number) % QUAD_ELEMENTS === 0;
  if (!fourAligned(args.outputShape)) return undefined;
  const quads = quadProgramOf(call.compiled);
  const pass = quads.parallel ? quads.passes.at(-1) : undefined;
  // Inputs read four elements per texel must hold every row's four in one texel too.
  const aligned = pass?.quadInputs.every((arg) => {
    const a = args.args[arg];
    return a?.kind === 'memref' && fourAligned(a.shape);
  });
  return aligned === true ? pass : undefined;
}

/**
 * Input `x` as a quad pass reads it: four consecutive elements per RGBA texel, in a packed
 * texture (near square, as pass outputs are) that the caller binds as an unpacked input (see
 * {@link bindingQuads}) and disposes.
 */
function quadTexture(backend: MathBackendWebGL, x: TensorInfo): TensorInfo {
  const flat = flatView(backend, x);
  const [, rows, columns] = passOutputShape(Math.ceil(util.sizeFromShape(x.shape) / QUAD_ELEMENTS));
  const program: GPGPUProgram = {
    variableNames: [QUAD_PASSES.gather.input],
    // Rank 3 here and rank 2 where a quad pass binds it: tfjs keys programs on whether an
    // input's texture shape equals the output's, but only between equal ranks.
    outputShape: [1, 2 * rows, 2 * columns],
    packedOutput: true,
    userCode: QUAD_PASSES.gather.code,
    enableShapeUniforms: true,
  };
  const quads = runFlatProgram(backend, program, [flat], x.dtype, []);
  disposeWebglIntermediates(backend, [flat]);
  return withShape(quads, [2 * rows, 2 * columns]);
}

/**
 * Runs `run` with the quad textures `quads` seen by tfjs as unpacked, so it binds them as they
 * are (a packed input of an unpacked program would be unpacked first); the flag is restored
 * before anything else sees them, as tfjs returns textures to its pools by it.
 */
function bindingQuads<T>(backend: MathBackendWebGL, quads: readonly TensorInfo[], run: () => T): T {
  const data = quads.map((q) => backend.texData.get(q.dataId));
  for (const d of data) d.isPacked = false;
  try {
    return run();
  } finally {
    for (const d of data) d.isPacked = true;
  }
}

/** What to do about the causes {@link hostReason} gives (see route-reason.ts). */
export const WEBGL_ADVICE: BackendAdvice = {
  webgl1: () =>
    'the page has WebGL1 and the passes need WebGL2: use a WebGL2 browser, or the webgpu backend.',
  'empty-tensor': () => 'an operand is empty, which no WebGL texture holds; nothing to change.',
  'past-float-exact': () =>
    "an index or size passes 16,777,216 (2^24), past which WebGL's float32 textures are inexact: use the webgpu backend, or split the matrix into blocks of rows.",
};

/** Why the call cannot run as exact WebGL passes, or null. */
function hostReason(args: CallArguments): HostRouteDecision | null {
  // The passes read their textures with texelFetch and need R32F textures.
  if (env().getNumber('WEBGL_VERSION') < 2)
    return { cause: 'webgl1', detail: 'the WebGL context is WebGL1' };
  const sizes = args.args.flatMap((a) => (a.kind === 'memref' ? a.shape : [a.value]));
  if ([...sizes, ...args.outputShape].some((s) => s === 0))
    return { cause: 'empty-tensor', detail: 'a tensor is empty' };
  const elements = args.args.map((a) =>
    a.kind === 'memref' ? a.shape.reduce((x, y) => x * y, 1) : 0,
  );
  if ([...sizes, ...elements].some((s) => s > FLOAT_EXACT_INTEGER_LIMIT))
    return {
      cause: 'past-float-exact',
      detail: 'an index or extent exceeds 2^24, past which float32 textures are not exact',
    };
  return null;
}

/**
 * A generated pass as a tfjs-webgl program (shapes as uniforms: one binary for every size). A
 * quad pass renders into a packed texture of `[1, 2 rows, 2 columns]` values, one RGBA texel
 * (four consecutive elements) per fragment, with the texels near square as for other passes.
 */
function passProgram(
  code: string,
  inputs: readonly string[],
  uniforms: readonly { name: string; type: 'i32' | 'f32' }[],
  size: number,
  quads = false,
): GPGPUProgram {
  const [, rows, columns] = passOutputShape(quads ? size / QUAD_ELEMENTS : size);
  return {
    variableNames: [...inputs],
    outputShape: quads ? [1, 2 * rows, 2 * columns] : [1, rows, columns],
    packedOutput: quads,
    userCode: code,
    enableShapeUniforms: true,
    customUniforms: uniforms.map((u) => ({
      name: u.name,
      type: u.type === 'f32' ? 'float' : 'int',
    })),
  };
}

/** A quad pass's packed output as one element per texel (disposing the packed texture). */
function spreadQuads(
  backend: MathBackendWebGL,
  quads: TensorInfo,
  size: number,
  dtype: 'float32' | 'int32',
): TensorInfo {
  const program: GPGPUProgram = {
    variableNames: [QUAD_PASSES.spread.input],
    outputShape: passOutputShape(size),
    packedInputs: true,
    userCode: QUAD_PASSES.spread.code,
    enableShapeUniforms: true,
  };
  const spread = runFlatProgram(backend, program, [quads], dtype, []);
  disposeWebglIntermediates(backend, [quads]);
  return spread;
}

/** How this backend runs a program's passes. */
type RunPasses = ShaderBackend<MathBackendWebGL, GlslProgramRun>['runPasses'];

/** Runs the generated passes; returns the output. */
const runPasses: RunPasses = (backend, call, program, args) => {
  const size = outputSize(args);
  const quadPass = quadPassOf(call, args);
  let output: TensorInfo | undefined;
  for (const [k, narrow] of program.passes.entries()) {
    const quads = quadPass !== undefined && k === program.passes.length - 1;
    const pass = quads ? quadPass : narrow;
    const quadInputs = quads ? pass.quadInputs : [];
    const readsQuads = pass.inputs.map((arg) => quadInputs.includes(arg));
    const views = passTensors(args, pass.inputs).map((t, n) =>
      readsQuads[n] ? quadTexture(backend, t) : flatView(backend, t),
    );
    const quadViews = views.filter((_, n) => readsQuads[n]);
    const previous = output === undefined ? [] : [flatView(backend, output)];
    const names = [
      ...pass.inputs.map((arg) => `m${arg}`),
      ...(output === undefined ? [] : [PREVIOUS_OUTPUT]),
    ];
    const values = pass.uniforms.map((u) => [uniformValue(args, u)]);
    const next = bindingQuads(backend, quadViews, () =>
      runFlatProgram(
        backend,
        passProgram(pass.code, names, pass.uniforms, size, quads),
        [...views, ...previous],
        call.compiled.dtype,
        values,
      ),
    );
    disposeWebglIntermediates(backend, [
      ...views,
      ...previous,
      ...(output === undefined ? [] : [output]),
    ]);
    output = quads ? spreadQuads(backend, next, size, call.compiled.dtype) : next;
    // The output holds its `size` elements in its texture's first texels.
    backend.texData.get(output.dataId).shape = [size];
  }
  if (output === undefined) throw new Error('a parallel program has at least one pass');
  return withShape(output, args.outputShape);
};

/**
 * The sparse kernels for the webgl backend, and where the ready-made ops' prepared passes are
 * added (the register entries add those of the ops they are for).
 */
export const sparseWebglKernels: ShaderKernels<GlslProgramsData> = shaderKernels(
  {
    backendName: 'webgl',
    prepared: (compiled) => PREPARED_PASSES.get(compiled.key)?.narrow,
    program: (compiled) => shaderProgram('glsl', compiled),
    hostReason: (_backend: MathBackendWebGL, _call, _program, args) => hostReason(args),
    advice: WEBGL_ADVICE,
    runPasses,
  },
  PREPARED_PASSES,
);
