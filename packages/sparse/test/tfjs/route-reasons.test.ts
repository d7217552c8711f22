/**
 * The explanations `lastSparseKernelRun()` gives when a GPU backend runs a sparse kernel on the
 * CPU: said in the op's and formats' words with what to do, never the loop IR's. The kernels
 * are compiled here by the same wgsl and glsl engines the backends use (no GPU needed), over
 * every op and matrix format; the other causes are checked over every op and backend. The
 * formats' part of the explanations comes with the compiler route, installed here as the
 * compiler entry installs it.
 */
import {
  compileGlsl,
  compileWgsl,
  type GlslProgram,
  type WgslProgram,
} from '@tilekit/loop-engines';
import { describe, expect, it } from 'vitest';
import { type NamedFormat, resolveFormat } from '../../src/index.js';
import { sparsify } from '../../src/sparsify/index.js';
import { installSparseCompilerRoute } from '../../src/tfjs/compile-route.js';
import type { CompiledSparseKernel } from '../../src/tfjs/compiled-kernel.js';
import { formatsExplanation } from '../../src/tfjs/format-obstacles.js';
import {
  type HostRouteCause,
  type HostRouteContext,
  hostRouteExplanation,
} from '../../src/tfjs/route-reason.js';
import { shaderProgramOf } from '../../src/tfjs/shader-programs.js';
import { WEBGL_ADVICE } from '../../src/tfjs/webgl/kernels.js';
import { WEBGPU_ADVICE } from '../../src/tfjs/webgpu/kernels.js';
import { rng } from '../sparsify/fixtures.js';
import { MATRIX_FORMATS } from './support/formats.js';

/** The ready-made ops: kernel name, expression, sparse operand. */
const OPS = [
  { op: 'spmv', kernelName: 'SparseSpmv', expr: 'y(i) = A(i,j) * x(j)', sparse: 'A' },
  { op: 'spmm', kernelName: 'SparseSpmm', expr: 'C(i,k) = A(i,j) * B(j,k)', sparse: 'A' },
  {
    op: 'sddmm',
    kernelName: 'SparseSddmm',
    expr: 'X(i,j) = S(i,j) * (A(i,k) * B(k,j))',
    sparse: 'S',
  },
  { op: 'sparseToDense', kernelName: 'SparseToDenseTensor', expr: 'D(i,j) = A(i,j)', sparse: 'A' },
] as const;

installSparseCompilerRoute();

/** Loop-IR words a web developer should not have to read. */
const JARGON = /scf\.|memref|top level|iteration argument|invocation per|runs once/;

/** The backends' program makers, as their kernels use them. */
const PROGRAM_OF = {
  webgl: shaderProgramOf(compileGlsl),
  webgpu: shaderProgramOf(compileWgsl),
} as const;

/** Whether `backend` makes parallel passes of the kernel, and the engine's reason if not. */
function programOf(
  backend: 'webgl' | 'webgpu',
  expr: string,
  formats: Record<string, NamedFormat>,
  rank = 2,
) {
  const kernel = sparsify(expr, formats);
  const resolved = Object.fromEntries(
    Object.entries(formats).map(([name, f]) => [name, resolveFormat(f, rank)]),
  );
  // What the program makers read of a compiled kernel: the loops and the operands' formats.
  const compiled = { kernel, formats: resolved } as unknown as CompiledSparseKernel;
  const program: WgslProgram | GlslProgram = PROGRAM_OF[backend](compiled);
  return { program, resolved };
}

describe('sequential loops: every op and matrix format, on webgl and webgpu', () => {
  for (const backend of ['webgl', 'webgpu'] as const)
    for (const o of OPS)
      for (const format of MATRIX_FORMATS) {
        it(`${o.op} with ${format} on ${backend}`, () => {
          const { program, resolved } = programOf(backend, o.expr, { [o.sparse]: format });
          // CSR gives parallel passes everywhere (one row per invocation or output element),
          // DCSR on webgpu too (one stored row per invocation).
          if (format === 'CSR' || (format === 'DCSR' && backend === 'webgpu'))
            expect(program.parallel).toBe(true);
          if (program.parallel) return;
          const context: HostRouteContext = {
            kernelName: o.kernelName,
            backend,
            expr: o.expr,
            formats: resolved,
          };
          const reason = hostRouteExplanation(
            { cause: 'sequential-loops', detail: program.reason },
            context,
          );
          expect(reason.startsWith(`${o.op} ran on the CPU on ${backend}`)).toBe(true);
          expect(reason).toContain(`${o.sparse} is stored as ${format}`);
          expect(reason).toContain(`Convert ${o.sparse} to CSR`);
          expect(reason).toContain(`${o.sparse}.convert('CSR')`);
          expect(reason).toContain("TfSparseTensor.fromDense(dense, 'CSR')");
          expect(reason).not.toMatch(JARGON);
          // The engine's own words stay available as the detail; they are the jargon.
          expect(program.reason.length).toBeGreaterThan(0);
          // Where the host route cannot run either (webgpu cannot read GPU data back), the same
          // reason and advice, without saying that anything ran.
          const refused = hostRouteExplanation(
            { cause: 'sequential-loops', detail: program.reason },
            context,
            {},
            true,
          );
          const lead = `${o.op} has no ${backend} form for these operands: `;
          expect(refused.startsWith(lead)).toBe(true);
          expect(refused).not.toMatch(/ran on the CPU|were read back/);
          expect(refused.slice(lead.length)).toBe(reason.slice(reason.indexOf('): ') + 3));
        });
      }

  it('a dot product (a reduction into one value) says so and names the parallel form', () => {
    for (const backend of ['webgl', 'webgpu'] as const) {
      const { program } = programOf(backend, 'x = a(i) * b(i)', { a: 'sparse-vector' }, 1);
      expect(program.parallel).toBe(false);
      const reason = hostRouteExplanation(
        { cause: 'sequential-loops', detail: (program as { reason: string }).reason },
        {
          kernelName: 'SparseDot',
          backend,
          expr: 'x = a(i) * b(i)',
          formats: { a: resolveFormat('sparse-vector', 1) },
        },
      );
      expect(reason.startsWith(`sparseDot ran on the CPU on ${backend}`)).toBe(true);
      expect(reason).toContain('reduction');
      expect(reason).toContain('tf.sum');
      expect(reason).not.toMatch(JARGON);
    }
  });

  it("CSR matrices and sparse vectors (the prepared kernels' formats) are never in the way", () => {
    // So the ready-made ops explain their sequential loops alike without the compiler route.
    const next = rng(11);
    for (let k = 0; k < 20; k++) {
      const names = ['A', 'B', 'S', 'a', 'b'].filter(() => next() < 0.6);
      const formats = Object.fromEntries(
        names.map((name) => [
          name,
          next() < 0.5 ? resolveFormat('CSR', 2) : resolveFormat('sparse-vector', 1),
        ]),
      );
      for (const backend of ['webgl', 'webgpu'] as const)
        expect(
          formatsExplanation({ kernelName: 'SparseOp', backend, expr: 'e', formats }, 'where: '),
        ).toBeUndefined();
    }
  });

  it('a sparseOp is named by its expression', () => {
    const expr = 'y(j) = A(i,j) * x(i)';
    const { program, resolved } = programOf('webgl', expr, { A: 'COO' });
    expect(program.parallel).toBe(false);
    const reason = hostRouteExplanation(
      { cause: 'sequential-loops', detail: (program as { reason: string }).reason },
      { kernelName: 'SparseOp', backend: 'webgl', expr, formats: resolved },
    );
    expect(reason.startsWith(`sparseOp('${expr}') ran on the CPU on webgl`)).toBe(true);
    expect(reason).toContain('A is stored as COO');
  });
});

/**
 * What each other cause's explanation must tell the user to do (or that nothing needs doing),
 * and the backends that give it (the backend's own causes are said by its kernels' advice).
 */
const ADVICE: Readonly<
  Record<Exclude<HostRouteCause, 'sequential-loops'>, [RegExp, ...('webgl' | 'webgpu')[]]>
> = {
  'host-made-arguments': [/Pass scalars as plain numbers/, 'webgl', 'webgpu'],
  webgl1: [/need WebGL2.*webgpu backend/, 'webgl'],
  'empty-tensor': [/empty.*nothing to change/, 'webgl'],
  'past-float-exact': [/16,777,216.*webgpu backend.*blocks of rows/, 'webgl'],
  'binding-limit': [/more arrays at once.*split the expression into two ops/, 'webgpu'],
  'small-cpu-inputs': [/small and still in CPU memory.*WEBGPU_CPU_FORWARD/, 'webgpu'],
};

/** Each backend's kernels' advice. */
const BACKEND_ADVICE = { webgl: WEBGL_ADVICE, webgpu: WEBGPU_ADVICE } as const;

describe('the other host-route causes, seeded over ops and backends', () => {
  const next = rng(37);
  const kernels = [...OPS.map((o) => [o.kernelName, o.op] as const), ['SparseDot', 'sparseDot']];
  for (const [cause, [advice, ...backends]] of Object.entries(ADVICE) as [
    HostRouteCause,
    (typeof ADVICE)[keyof typeof ADVICE],
  ][])
    for (let k = 0; k < 4; k++) {
      const [kernelName, op] = kernels[Math.floor(next() * kernels.length)] as readonly [
        string,
        string,
      ];
      const backend = backends[Math.floor(next() * backends.length)] as 'webgl' | 'webgpu';
      const format = MATRIX_FORMATS[Math.floor(next() * MATRIX_FORMATS.length)] as NamedFormat;
      it(`${cause}: ${op} on ${backend} (${format})`, () => {
        const detail = `engine text ${k}`;
        const reason = hostRouteExplanation(
          { cause, detail },
          {
            kernelName,
            backend,
            expr: 'y(i) = A(i,j) * x(j)',
            formats: { A: resolveFormat(format, 2) },
          },
          BACKEND_ADVICE[backend],
        );
        expect(reason.startsWith(`${op} ran on the CPU on ${backend}: `)).toBe(true);
        expect(reason).toMatch(advice);
        const refused = hostRouteExplanation(
          { cause, detail },
          { kernelName, backend, expr: 'y(i) = A(i,j) * x(j)', formats: {} },
          BACKEND_ADVICE[backend],
          true,
        );
        expect(refused).toBe(
          `${op} has no ${backend} form for these operands: ${reason.slice(`${op} ran on the CPU on ${backend}: `.length)}`,
        );
        expect(reason).not.toMatch(JARGON);
        // Only the binding limit quotes its figures (the device's limit); no other reason
        // repeats the technical detail.
        expect(reason.includes(detail)).toBe(cause === 'binding-limit');
      });
    }
});
