/**
 * What each entry point costs an app's production build: a minimal Vite app per register entry
 * and op, gzipped, less the same app with only tfjs and its backend. A size past its budget fails.
 * Also: the root README's opening example builds as the README says it does.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fencedBlocks } from '../../vitest/readme-examples.ts';
import { type AppBundle, buildApp } from './support/vite-bundle.js';
import { repoRoot } from './support/workspace.js';

/**
 * A stretch from the middle of each prepared conversion kernel's wasm bytes (in hex: the
 * transposition, the row build), which only it holds.
 */
const CONVERSION_HEX = (() => {
  const text = readFileSync(
    join(repoRoot, 'packages/sparse/src/sparse-tensor/conversion-wasm.generated.ts'),
    'utf8',
  );
  return [...text.matchAll(/'([0-9a-f]+)'/g)].map(([, hex = '']) =>
    hex.slice(hex.length / 2, hex.length / 2 + 48),
  );
})();

/**
 * Text of the host tensors' constructors (construction.ts's error for a values list of the wrong
 * length), which an app carries only when it builds sparse tensors.
 */
const CONSTRUCTION_TEXTS = [
  'values (one per coordinate)',
  // The structured level type and the check of block maps, registered by the same installers.
  'so it must follow a dense level',
  'must be stored by one level',
];

/** The goal for a ready-made sparse op with any register entry: 35 KB over tfjs. */
const SPARSE_OP_GOAL_KIB = 35_000 / 1024;

type Backend = 'cpu' | 'webgl' | 'webgpu' | 'wasm';

/** What an app imports beside tfjs and `backend`, and what that may add (KiB, gzip). */
interface BundleCase {
  readonly name: string;
  readonly backend: Backend;
  readonly code: string;
  readonly budgetKiB: number;
  /** A ready-made sparse op with a register entry and nothing else: held to the goal too. */
  readonly opRow?: true;
}

const KERNEL_OPS = ['relayout', 'unrelayout', 'convertLayout', 'tscatter', 'tgather'];
const SPARSE_OPS = ['spmv', 'spmm', 'sddmm', 'sparseDot', 'sparseToDense'];
const BACKENDS: readonly Backend[] = ['cpu', 'webgl', 'webgpu', 'wasm'];

/** An app using `names` from `entry` (so the bundler keeps them) after importing `register`. */
const uses = (register: string, entry: string, names: readonly string[]) =>
  `import '${register}';\nimport { ${names.join(', ')} } from '${entry}';\nconsole.log(${names.join(', ')});\n`;

// Budgets: today's size with a little room, so that growth is a decision. The goal for each
// ready-made sparse op is 35 KB (34.2 KiB) over tfjs, with every register entry (checked below).
// The ops and their gradients run kernels prepared ahead of time
// (packages/sparse/scripts/prepare-kernels.ts runs the compiler over them at development time): per op, the wasm bytes and binding plan of each kernel for CSR matrices and sparse
// vectors, float32 and int32, default options, and its gradients' derivations. An op adds its own
// when first called, so a bundle holds those of the ops it uses. The ops recognise a
// TfSparseTensor through the hook its class registers (tfjs/device-sparse.ts) rather than by
// importing it: the class holds every constructor and toDense() (sparseToDense's kernels), which
// an app calling an op with a TfSparseTensor has imported already and one passing host
// SparseTensors never needs (the first-app row below shows them). Likewise a host SparseTensor's
// constructors and conversions (storage built from coordinates, dense data or another library's
// arrays, conversion between formats, transposition) are installed into the class by the
// entries that hand out sparse tensors (sparse-tensor/construction-hook.ts): an op keeps only
// what it does with a tensor it is given (wrapping storage, its checks, reading entries back),
// and the app that built the tensor carries the rest. That took 7.2 KiB off every op row
// (cpu + spmv 32.6 -> 25.4) and put 0.4 on the rows that hold the constructors (the hook and its
// call sites); bundled-sparse-apps.test.ts runs such bundles. The code for a formatted (sparse)
// output's storage is given by the compiler with its kernels (sparsify/calling/
// output-storage-hook.ts), as no prepared kernel assembles an output: 1.4 more off every op row.
// The level types only such built tensors can hold (loose_compressed, structured[n, m]) and
// the check of block formats' level maps are registered by the same installers
// (sparse-tensor/levels/registry.ts): 0.8-0.9 more off every op row.
// The compiler (notation
// parser, loop emitter, vectorizer, engines, loop IR) is reached only through
// @tilekit/sparse/tfjs/compiler, sparseOp, and the GPU register entries, whose shaders are
// generated from the emitted loops. The ops' own plumbing (entry coordinates, gradients,
// uploads, batched spmm) runs tfjs's kernels without their op wrappers (tfjs/direct-kernels.ts),
// so a cpu or wasm row carries no tfjs op beyond the baseline's (their wrappers took 0.7 KiB off
// every cpu and wasm row, 1.1 off spmm's). Of cpu + spmv's 32.6 KiB before the constructors
// left (each part's share is what leaving it out saves): the sparse tensors on the host (formats
// and their checks, packing, conversion, the constructors from TensorFlow's triple and scipy's
// arrays) about 14, the tfjs ops, kernels and gradients about 7.5,
// binding operands (sparsify/calling: bind.ts, output storage) under 5,
// spmv's prepared kernels 2.6 (a kernel's data is its plan, parameters and
// wasm bytes, two thirds of it wasm; expression, formats, options and dtype are read from its
// spelling), the wasm runtime that instantiates and calls them (loop-engines' runtime/) 3.4,
// errors 1.3. Block and structured operands' level-space products and operand conversion, and
// reading operand and output windows, come with the compiler (sparsify hands them over with
// each kernel that needs them: ops/block-route.ts, sparsify/planning/block-view.ts,
// operand-window.ts and output-window.ts hold the hooks the ops keep); only converting block
// tensors (sparse-tensor/level-map) stays. The GPU backends'
// operand forms (row-major-forms.ts, webgpu/dot-products.ts) come with the GPU kernels only.
// Every op row meets the goal (cpu 21.6 to 24.0, wasm 22.1 to 24.4, an op's own GPU entry
// 26.7 to 31.3, the full webgl entry 29.8 to 32.3, the full webgpu entry 31.5 to 34.1: it
// carries every op's prepared WGSL and webgpu forms, 3.2-3.7 KiB over an op's own entry).
// sparseDot's dense dot product is one reduction per call, which the vectorizer leaves without
// the short path of a matrix's rows (sparse-vectorizer's vectorize.ts): 0.5-0.6 off its rows,
// and what brought the full webgpu entry with sparseDot from 34.6 within the goal. The webgpu forms
// (gradients' output-major kernels, sparseDot's entry products) always run as passes, so they
// ship without a host image (prepared/prepared-kernel.ts): 1.2 off the full webgpu entry.
// The GPU entries run the prepared kernels' passes, generated with them as data (one module per
// op and backend, prepared/<op>-{webgl,webgpu}-passes.generated.ts; the full register entry
// imports every op's, since it cannot know which ops the app calls, and an op's own entry
// only that op's), and need the compiler only for other formats, as the cpu and wasm entries do. The webgpu entries also
// carry what that backend runs beyond the cpu route's kernels (prepared/webgpu-forms.ts): the
// gradients' output-major rewrites, kernels and passes, and sparseDot's entry products (with
// the to-dense kernel, which densifies its sparse operand differentiably; the forms densify
// through tfjs's scatter, webgpu/scatter-dense.ts), so that gradients run there without the
// compiler entry. The explanations of a host route that name operand formats other than CSR
// and sparse vectors come with the compiler, the only route to kernels for such formats
// (tfjs/format-obstacles.ts; route-reason.ts keeps the rest: 0.4 off every GPU row). The
// webgpu passes are prepared only for the kernels webgpu looks up: not for the sampled
// gradients, nor for kernels its output-major forms or entry products replace (0.3-0.6 off each
// webgpu op row, 2.5 off the full entry's), and sparseDot's entry products, a webgpu form,
// ship no wasm (see above). The 6.8 KiB that register-webgpu/spmv adds over cpu + spmv, by module shares
// gzipped apart (which add up to 11.3): the GPU call plumbing 2.1, spmv's output-major
// gradient forms with their densifying about 1.6, the webgpu kernel and its prepared-pass revival
// 1.8, the schedules' launch arithmetic with its argument checks (loop-engines) 1.5,
// tfjs-backend-support's checked webgpu helpers 1.5, spmv's prepared WGSL 1.3, the host-route
// explanations 0.6, the row-major forms 0.5 (shortening the WGSL text gains almost nothing
// gzipped: its repeats compress). The refusal to read GPU data back on the host route, which
// only webgpu needs, is webgpu's own (webgpu/kernels.ts: 0.1 off every webgl row). The
// 5.1 KiB that register-webgl/spmv adds over cpu + spmv, by module shares gzipped apart (which
// add up to 8.4): the webgl kernel with its quad passes and texel functions 2.4, the GPU call
// plumbing (shader-kernel.ts, call-arguments.ts, the compiler hook) 1.9, tfjs-backend-support's
// checked webgl helpers 1.4 (the error contract holds every published entry to their checks),
// spmv's prepared GLSL 1.2, the host-route explanations 0.6, the row-major forms 0.5. Shader
// text is generated without copies (a cast names its operand, a loop-carried assignment takes
// no temporary), which the prepared passes share. Importing the
// compiler entry beside cpu + spmv adds about 89 (loop IR 31, engines 25, the sparse compiler
// 31, vectorizer 7, encoder 4). Each row prints its @tilekit packages' shares. Preparing every
// matrix format (CSC, COO, DCSR, DCSC beside CSR) would cost about 7 KiB more per op (spmv's
// table: 2.8 KiB for CSR, 9.8 for all five), which is why other formats take the compiler (or
// could be converted to CSR on the host first).
/**
 * Each full register entry (`register-<backend>`) beside each op. spmm's rows carry its prepared
 * wasm kernel's blocks of row entries (the wasm engine's row accumulation), 0.03-0.08 KiB. The
 * binding's sizing plan, made once per kernel (a fifth off a small call), adds 0.02-0.08 to
 * every sparse row: the full webgpu entry with sddmm is within 0.01 of the goal.
 */
const SPARSE_BUDGET_KIB: Readonly<Record<Backend, Record<string, number>>> = {
  cpu: { spmv: 23.6, spmm: 23.4, sddmm: 24.2, sparseDot: 24.1, sparseToDense: 21.8 },
  wasm: { spmv: 23.9, spmm: 23.9, sddmm: 24.6, sparseDot: 24.4, sparseToDense: 22.3 },
  webgl: { spmv: 32.0, spmm: 31.8, sddmm: 32.5, sparseDot: 32.5, sparseToDense: 30.0 },
  webgpu: { spmv: 33.6, spmm: 33.5, sddmm: 34.3, sparseDot: 34.2, sparseToDense: 31.7 },
};

/**
 * The compiler entry beside cpu + spmv: every format, dtype and option compiles. It grows with
 * what the compiler accepts (block and n:m operands planned in level space, output windows, the
 * resident SpGEMM workspace took it from 120.6 to 124.7; the hooks through which the compiler
 * gives the op rows' left-out constructors and output storage, and the vectorizer's scalar short
 * path, to 125.8; the level types and maps the constructors register, to 126.2; the loop nest's
 * emission budget, the parser's integer range checks and the module list check, to 127.0;
 * sparseOp's value type kept apart from the default in its cache key, to 127.3; the
 * interpreter's whole-view checks of memref arguments, to 127.5; the wasm engine's induction
 * pointers and the transposition's four-entry count, to 128.5; the compiled engines'
 * `maxWhileIterations` with the interpreter's check of it, to 128.84; the wasm engine's blocks
 * of row entries, to 129.2; the planner's requested loop orders (and their errors naming a
 * window as written), to 129.53; summing repeated coordinates in place, to 129.69; formats
 * of one value per entry (CSF, COO and those between) read and packed on 32-bit arrays, and
 * converted in one mode order without a sort, to 130.91); the op rows above do not
 * (their prepared kernels are compiled without induction pointers or a loop bound).
 */
const SPARSE_COMPILER_BUDGET_KIB = 131.0;

/**
 * cpu + spmv + `TfSparseTensor.fromCoordinates`, the constructor a tfjs user calls first: the
 * class with every constructor (coordinate lists, TensorFlow's triple, scipy's arrays, dense
 * data, storage tensors) and `toDense` (sparseToDense's kernels) beside the op. Savings that
 * only move code out of the op rows into the constructors show here. Of its 10.4 KiB over
 * cpu + spmv (34.6 in all), the host tensors' constructors and conversions (which TfSparseTensor's builds
 * run, and which the op rows leave to the app that builds its operands) are about 7.6, the class
 * about 1.8 and `toDense` 1.1 (its prepared kernels 1.0); the clamping of storage on a GPU runs
 * tfjs's kernels without their op wrappers. The chunked passes of CSR -> DCSR and CSR -> COO
 * (kept arrays V8 compiles as constants) took it to 35.7, and CSF, COO and the formats between
 * them read and packed on 32-bit arrays (a CSF -> COO conversion at 0.16-0.22 of the time)
 * to 36.82.
 */
const SPARSE_FIRST_APP_BUDGET_KIB = 36.9;

/**
 * An op's own GPU register entry (register-webgl/spmv, ...) beside that op: its kernels and only
 * its prepared passes, where the full entry carries every op's (each op's GLSL 1.1-2.2 KiB gzip,
 * WGSL 0.7-1.3).
 */
const SPARSE_OP_ENTRY_BUDGET_KIB: Readonly<Record<'webgl' | 'webgpu', Record<string, number>>> = {
  webgl: { spmv: 28.8, spmm: 29.5, sddmm: 30.3, sparseDot: 28.6, sparseToDense: 26.9 },
  webgpu: { spmv: 30.4, spmm: 30.0, sddmm: 31.5, sparseDot: 30.5, sparseToDense: 28.3 },
};

/**
 * An app holding host sparse tensors, which it imports from the package's main entry (19.3
 * KiB): that entry installs the transposition on WebAssembly that converting between CSR and
 * CSC runs (about 1.0 KiB: its wasm bytes and the call), and the row build of constructions. The op rows above import only the tfjs
 * entry and do not carry it (an op converts no storage); the test checks both by the wasm
 * bytes' presence. The chunked passes of CSR -> DCSR and CSR -> COO took it from 19.5 to 19.9,
 * the transposition's four-entry count and closing shift pass (0.17 KiB of wasm) to 20.1, and
 * the lasting views that let the engine keep a tensor's arrays between its transpositions to
 * 20.24, and summing repeated coordinates in place (a construction at 20000² with 40 k entries
 * 0.81-0.88 of the time) to 20.39, and CSF, COO and the formats between them read and packed on
 * 32-bit arrays, converting in one mode order without a sort (CSF -> COO at 0.16-0.22 of the
 * time, COO -> CSF 0.32-0.44), to 21.69, and the build of rows from entries on WebAssembly (two
 * counting scatters, 1.3 KiB of wasm for both value widths: `fromCoordinates` into CSR at 20000²
 * with 40 k entries at 0.64 of the time) to 22.99.
 */
const SPARSE_HOST_ENTRY_BUDGET_KIB = 23.05;

const CASES: readonly BundleCase[] = [
  {
    name: '@tilekit/layout linearIndex',
    backend: 'cpu',
    code: `import { linearIndex } from '@tilekit/layout';\nconsole.log(linearIndex);\n`,
    budgetKiB: 8,
  },
  ...BACKENDS.map((backend) => ({
    name: `@tilekit/tfjs-kernels/register-${backend} + its five ops`,
    backend,
    code: uses(`@tilekit/tfjs-kernels/register-${backend}`, '@tilekit/tfjs-kernels', KERNEL_OPS),
    budgetKiB: 28,
  })),
  ...SPARSE_OPS.map((op) => ({
    name: `@tilekit/sparse/tfjs/register-cpu + ${op}`,
    backend: 'cpu' as const,
    code: uses('@tilekit/sparse/tfjs/register-cpu', '@tilekit/sparse/tfjs', [op]),
    budgetKiB: SPARSE_BUDGET_KIB.cpu[op] as number,
    opRow: true as const,
  })),
  {
    name: '@tilekit/sparse/tfjs/register-cpu + @tilekit/sparse/tfjs/compiler + spmv',
    backend: 'cpu',
    code: uses('@tilekit/sparse/tfjs/register-cpu', '@tilekit/sparse/tfjs', ['spmv']).replace(
      '\n',
      "\nimport '@tilekit/sparse/tfjs/compiler';\n",
    ),
    budgetKiB: SPARSE_COMPILER_BUDGET_KIB,
  },
  {
    name: '@tilekit/sparse/tfjs/register-cpu + spmv + TfSparseTensor.fromCoordinates',
    backend: 'cpu',
    code: `import '@tilekit/sparse/tfjs/register-cpu';\nimport { spmv, TfSparseTensor } from '@tilekit/sparse/tfjs';\nconsole.log(spmv, TfSparseTensor.fromCoordinates);\n`,
    budgetKiB: SPARSE_FIRST_APP_BUDGET_KIB,
  },
  {
    name: '@tilekit/sparse SparseTensor.fromCoordinates and convert',
    backend: 'cpu',
    code: `import { SparseTensor } from '@tilekit/sparse';\nconsole.log(SparseTensor.fromCoordinates([[0, 1]], [1], [2, 2]).convert('CSC'));\n`,
    budgetKiB: SPARSE_HOST_ENTRY_BUDGET_KIB,
  },
  ...(['wasm', 'webgl', 'webgpu'] as const).flatMap((backend) =>
    SPARSE_OPS.map((op) => ({
      name: `@tilekit/sparse/tfjs/register-${backend} + ${op}`,
      backend,
      code: uses(`@tilekit/sparse/tfjs/register-${backend}`, '@tilekit/sparse/tfjs', [op]),
      budgetKiB: SPARSE_BUDGET_KIB[backend][op] as number,
      opRow: true as const,
    })),
  ),
  ...(['webgl', 'webgpu'] as const).flatMap((backend) =>
    SPARSE_OPS.map((op) => ({
      name: `@tilekit/sparse/tfjs/register-${backend}/${op} + ${op}`,
      backend,
      code: uses(`@tilekit/sparse/tfjs/register-${backend}/${op}`, '@tilekit/sparse/tfjs', [op]),
      budgetKiB: SPARSE_OP_ENTRY_BUDGET_KIB[backend][op] as number,
      opRow: true as const,
    })),
  ),
];

const baselineCode = (backend: Backend) =>
  `import * as tf from '@tensorflow/tfjs-core';\nimport '@tensorflow/tfjs-backend-${backend}';\nconsole.log(tf.add);\n`;

/** `work` over `items`, two at a time, results in `items`' order. */
async function inPairs<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all([worker(), worker()]);
  return results;
}

mkdirSync(join(repoRoot, '.tmp'), { recursive: true });
const scratch = mkdtempSync(join(repoRoot, '.tmp', 'bundle-size-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** `bundle`'s @tilekit packages, largest first, as `name KiB` (gzip, each package on its own). */
function tilekitShares(bundle: AppBundle): string {
  return [...bundle.byPackage]
    .filter(([name]) => name.startsWith('@tilekit/'))
    .sort((a, b) => b[1] - a[1])
    .map(([name, bytes]) => `${name.slice('@tilekit/'.length)} ${(bytes / 1024).toFixed(1)}`)
    .join(', ');
}

describe('bundle size of each register entry and op in a Vite production build', () => {
  it('stays within its budget over tfjs and the backend alone', async () => {
    // Two kernels (the transposition, the row build), each for two value widths.
    expect(CONVERSION_HEX, 'prepared conversion kernels').toHaveLength(4);
    // Two builds at a time: Rollup's work is single-threaded, esbuild's minifier another process.
    const bundles = await inPairs(
      [...BACKENDS.map(baselineCode), ...CASES.map((c) => baselineCode(c.backend) + c.code)],
      (app) => buildApp(scratch, app),
    );
    const baseline = (backend: Backend) => bundles[BACKENDS.indexOf(backend)]!.gzipBytes;
    const rows: string[] = [];
    const over: string[] = [];
    const overGoal: string[] = [];
    CASES.forEach((c, i) => {
      const bundle = bundles[BACKENDS.length + i]!;
      const added = (bundle.gzipBytes - baseline(c.backend)) / 1024;
      rows.push(
        `${c.name}: +${added.toFixed(2)} KiB gzip (budget ${c.budgetKiB}; ${tilekitShares(bundle)})`,
      );
      // Each import adds code: a case that adds nothing measured the wrong app.
      expect(added, c.name).toBeGreaterThan(0.5);
      if (added > c.budgetKiB) over.push(rows.at(-1)!);
      if (c.opRow && added > SPARSE_OP_GOAL_KIB) overGoal.push(c.name);
      // Conversion's kernels on WebAssembly come with the package's main entry, and only with it.
      if (c.name.startsWith('@tilekit/sparse'))
        for (const [k, hex] of CONVERSION_HEX.entries())
          expect(bundle.code.includes(hex), `${c.name}: prepared conversion kernel ${k}`).toBe(
            c.code.includes("from '@tilekit/sparse'"),
          );
      // The host tensors' constructors come with whatever builds sparse tensors (the main
      // entry, TfSparseTensor, the compiler), never with an op alone.
      if (c.name.startsWith('@tilekit/sparse'))
        for (const text of CONSTRUCTION_TEXTS)
          expect(bundle.code.includes(text), `${c.name}: the constructors (${text})`).toBe(
            /TfSparseTensor|from '@tilekit\/sparse'|compiler/.test(c.code),
          );
    });
    console.log(rows.join('\n'));
    expect(over).toEqual([]);
    expect(overGoal, `op rows over the ${SPARSE_OP_GOAL_KIB.toFixed(2)} KiB goal`).toEqual([]);
  }, 900_000);
});

describe("the root README's opening example in a Vite app", () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const example = fencedBlocks(readme).find((b) => b.language === 'js')!.body;

  it('uses top-level await, which Vite rejects at its default target', async () => {
    expect(example).toMatch(/^await /m);
    await expect(buildApp(scratch, example)).rejects.toThrow(/Top-level await is not available/);
  }, 300_000);

  it('builds with the build.target the README names', async () => {
    const target = /build: \{ target: '([^']+)' \}/.exec(readme)?.[1];
    expect(target).toBe('es2022');
    const built = await buildApp(scratch, example, target);
    expect(built.gzipBytes).toBeGreaterThan(50_000);
  }, 300_000);
});
