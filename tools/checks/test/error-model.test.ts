/**
 * One error model: every error class a tilekit package exports derives from that package's base,
 * a `TilekitError` (a stable `code`, `argument`, `expected`, the brand
 * `Symbol.for('@tilekit/error')`), in every entry of every package (each key of its manifest's
 * `exports`, read from the manifest); the CLI recognises library errors by that brand alone.
 */
import * as cli from '@tilekit/cli';
import * as conformance from '@tilekit/conformance';
import { TilekitError } from '@tilekit/errors';
import * as layout from '@tilekit/layout';
import * as engines from '@tilekit/loop-engines';
import * as loopIr from '@tilekit/loop-ir';
import * as sparse from '@tilekit/sparse';
import * as vectorizer from '@tilekit/sparse-vectorizer';
import * as backendSupport from '@tilekit/tfjs-backend-support';
import * as kernels from '@tilekit/tfjs-kernels';
import * as wasmEncoder from '@tilekit/wasm-encoder';
import { describe, expect, it } from 'vitest';
import { packageEntries } from '../scripts/junk-calls/package-entries.js';

const BRAND = Symbol.for('@tilekit/error');

/** Each package's exports and the base its error classes derive from. */
const PACKAGES: readonly [string, Record<string, unknown>, string][] = [
  ['@tilekit/layout', layout, 'LayoutError'],
  ['@tilekit/loop-ir', loopIr, 'LoopIrError'],
  ['@tilekit/loop-engines', engines, 'EngineError'],
  ['@tilekit/sparse-vectorizer', vectorizer, 'VectorizerError'],
  ['@tilekit/sparse', sparse, 'SparseError'],
  ['@tilekit/tfjs-kernels', kernels, 'TileKernelError'],
  ['@tilekit/tfjs-backend-support', backendSupport, 'BackendSupportError'],
  ['@tilekit/conformance', conformance, 'ConformanceError'],
  ['@tilekit/wasm-encoder', wasmEncoder, 'WasmEncoderError'],
];

type ErrorClass = abstract new (...args: never[]) => Error;

const errorClasses = (exports: Record<string, unknown>): [string, ErrorClass][] =>
  Object.entries(exports).filter(
    (entry): entry is [string, ErrorClass] =>
      typeof entry[1] === 'function' &&
      (entry[1] as { prototype?: unknown }).prototype instanceof Error,
  );

describe('every exported error class', () => {
  for (const [name, exports, baseName] of PACKAGES) {
    it(`${name}: derives from ${baseName}, branded, with a code`, () => {
      const base = exports[baseName] as ErrorClass;
      expect(base.prototype).toBeInstanceOf(TilekitError);
      const classes = errorClasses(exports);
      expect(classes.length).toBeGreaterThan(1);
      for (const [className, type] of classes) {
        // A class re-exported from a dependency (tfjs-kernels re-exports layout's) has that base.
        const bases = PACKAGES.map(([, other, otherBase]) => other[otherBase] as ErrorClass);
        expect(
          bases.some((b) => type === b || type.prototype instanceof b),
          className,
        ).toBe(true);
        expect((type.prototype as unknown as Record<symbol, unknown>)[BRAND], className).toBe(true);
        expect(typeof (type.prototype as unknown as { code?: unknown }).code, className).toBe(
          'string',
        );
      }
    });
  }
});

describe('every exported error class of every entry (each key of each exports map)', () => {
  const entries = packageEntries();

  it('the entries are read from the manifests, subpaths included', () => {
    const specifiers = entries.map((e) => e.specifier);
    for (const specifier of ['@tilekit/errors', '@tilekit/cli', '@tilekit/sparse/tfjs']) {
      expect(specifiers).toContain(specifier);
    }
    expect(specifiers.length).toBeGreaterThan(PACKAGES.length);
  });

  for (const { specifier } of entries) {
    it(`${specifier}: every error class is a branded TilekitError with a code`, async () => {
      const exports = (await import(specifier)) as Record<string, unknown>;
      for (const [className, type] of errorClasses(exports)) {
        expect(type === TilekitError || type.prototype instanceof TilekitError, className).toBe(
          true,
        );
        expect((type.prototype as unknown as Record<symbol, unknown>)[BRAND], className).toBe(true);
        expect(typeof (type.prototype as unknown as { code?: unknown }).code, className).toBe(
          'string',
        );
      }
    });
  }
});

/** Runs a CLI command `fail` that throws `error`: its exit code and standard error. */
async function runThrowing(error: Error): Promise<{ exitCode: number; err: string }> {
  const io = cli.memoryIO();
  const failing: cli.Command = {
    name: 'fail',
    summary: 'throws',
    help: 'Usage: tilekit fail',
    run: () => {
      throw error;
    },
  };
  const exitCode = await cli.main(['fail'], io, [...cli.COMMANDS, failing]);
  return { exitCode, err: io.err() };
}

describe('codes and recognition', () => {
  const samples: [Error, string][] = [
    [new layout.LayoutValidationError('index', 'is out of bounds'), 'layout-validation'],
    [new loopIr.AffineEvalError('division by zero'), 'affine-eval'],
    [new loopIr.SegmentError('operand segment sizes do not add up'), 'segment'],
    [new loopIr.MlirParseError("expected ':'", 1, 2), 'mlir-parse'],
    [new loopIr.IRVerifyError('scf.for', 'forLoop', 'is broken', '@f'), 'ir-verify'],
    [new loopIr.PassOptionError('cse', 'x', 'nothing', "'x'"), 'pass-option'],
    [new vectorizer.VectorizeOptionsError('vl'), 'vectorize-options'],
    [new engines.EngineRuntimeError('f', 'integer divide by zero'), 'engine-runtime'],
    [new kernels.KernelArgumentError('tscatter', 'src', 'is bad'), 'kernel-argument'],
    [new backendSupport.BackendArgumentError('runFlat', 'dtype', 'is bad'), 'backend-argument'],
    [
      new backendSupport.KernelNotRegisteredError('spmv', 'SparseOp', 'cpu', 'x'),
      'kernel-not-registered',
    ],
    [new conformance.ConformanceConfigError('exclusions', 'is bad'), 'conformance-config'],
  ];

  it.each(samples)(
    '%s has code %s and the CLI prints it as a library error',
    async (error, code) => {
      expect((error as unknown as { code: string }).code).toBe(code);
      const run = await runThrowing(error);
      expect(run.exitCode).toBe(1);
      expect(run.err).toBe(`tilekit fail: ${error.message}
`);
    },
  );

  it('a plain Error is an internal error, not a library error', async () => {
    const run = await runThrowing(new RangeError('bug'));
    expect(run.exitCode).toBe(70);
    expect(run.err).toMatch(/^tilekit fail: internal error: RangeError: bug/);
  });
});
