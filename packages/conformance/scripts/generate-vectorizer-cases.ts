#!/usr/bin/env -S npx tsx
/**
 * Generates src/fixtures/mlir-vectorization.json from the sparse-vectorizer corpus with the real
 * MLIR tools: for each loop and each option set, what `mlir-opt-22 --sparse-vectorization=...`
 * produces (its text, per-loop decisions, vector-op multiset), and for each argument set the
 * memory and results `mlir-runner` leaves when executing the input function. The vectorized
 * output of every fixed-length option set is executed too and recorded as agreeing or not (it
 * does not always: the corpus holds loops MLIR miscompiles).
 *
 * Usage (from packages/conformance): npx tsx scripts/generate-vectorizer-cases.ts [corpus-dir]
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { summariseModule } from '../src/suites/vectorizer/mlir-text.js';
import {
  type ExecArg,
  execute,
  MLIR_OPT,
  memrefInfo,
  parseSignature,
  type Signature,
} from './mlir-harness.js';

const VERSION = 1;
const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(packageDir, '..', '..');
const corpusDir = resolve(process.argv[2] ?? join(packageDir, 'corpus'));

/** The option sets, as MLIR's own sparse-vectorization tests use them. */
const CONFIGS = [
  {
    name: 'vl8',
    options: { vectorLength: 8, enableVLAVectorization: false, enableSIMDIndex32: false },
    pass: 'vl=8',
  },
  {
    name: 'vl16-idx32',
    options: { vectorLength: 16, enableVLAVectorization: false, enableSIMDIndex32: true },
    pass: 'vl=16 enable-simd-index32=true',
  },
  {
    name: 'vl4-vla',
    options: { vectorLength: 4, enableVLAVectorization: true, enableSIMDIndex32: false },
    pass: 'vl=4 enable-vla-vectorization=true',
  },
] as const;

/** Trip counts: 32 fills every vector of every option set (steps 8, 16 and 4 * vscale 2); 37 leaves a remainder for all. */
const TRIP_COUNTS = { n32: 32, n37: 37 } as const;
const ROWS = 4;
const LENGTH = 160;
const CRD_RANGE = 67;

// Powers of two only: sums and products are exact in any order, so vector and scalar runs agree.
const FLOATS = [0.5, 2, -1, 1, -0.5, 2, 1, 0.5, -2, 1];
const floatAt = (k: number) => FLOATS[k % FLOATS.length]!;
// Shift amounts must stay in range, so loops that shift get non-negative data.
const intAt = (k: number, shifts: boolean) => ((k * 5 + 1) % 13) - (shifts ? 0 : 4);

function valueAt(element: string, k: number, shifts: boolean): number {
  return element.startsWith('f') ? floatAt(k) : intAt(k, shifts);
}

function scalarFor(name: string, type: string, tripCount: number): number {
  if (type === 'index') return name === 'm' ? ROWS : tripCount;
  if (type.startsWith('f')) return 1.5;
  return name === 'p0' ? 5 : 3;
}

/** Arguments of one run; `tripCount` is `n` and the length of the first sparse row. */
function argumentsFor(sig: Signature, tripCount: number): ExecArg[] {
  const shifts = /shift/.test(sig.name);
  // 2-D operands are indexed by row i < m, or by a coordinate k < 67 when there are coordinates.
  const denseRows = sig.params.some((p) => p.name === 'crd') ? CRD_RANGE : ROWS;
  return sig.params.map(({ name, type }) => {
    const memref = memrefInfo(type);
    if (!memref) return { kind: 'scalar', type, value: scalarFor(name, type, tripCount) };
    const { element, rank } = memref;
    if (name === 'pos') {
      // Rows starting at 2 (a non-zero start), the first n long, then an empty row; the others
      // fill whole vectors when n does (16, 32) and leave remainders when it does not (5, 16).
      const rows = tripCount === TRIP_COUNTS.n32 ? [tripCount, 0, 16, 32] : [tripCount, 0, 5, 16];
      const data = [2];
      for (const length of rows) data.push(data[data.length - 1]! + length);
      return { kind: 'memref', elementType: element, shape: [data.length], data };
    }
    if (name === 'crd') {
      // Distinct within any 67 consecutive entries, so scatters never collide.
      const data = Array.from({ length: LENGTH }, (_, k) => (7 * k + 3) % CRD_RANGE);
      return { kind: 'memref', elementType: element, shape: [LENGTH], data };
    }
    const shape = rank === 2 ? [denseRows, tripCount] : [LENGTH];
    const size = shape.reduce((a, b) => a * b, 1);
    return {
      kind: 'memref',
      elementType: element,
      shape,
      data: Array.from({ length: size }, (_, k) => valueAt(element, k, shifts)),
    };
  });
}

function why(sig: Signature): string | undefined {
  if (sig.params.some((p) => p.type.includes('strided<')))
    return 'strided memref arguments are outside the execution argument model';
  return undefined;
}

const sameOutcome = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function gitCommit(file: string): string {
  return (
    execFileSync('git', ['log', '-1', '--format=%h', '--', file], {
      cwd: repoRoot,
      encoding: 'utf8',
    }).trim() || 'uncommitted'
  );
}

const files = readdirSync(corpusDir)
  .filter((f) => f.endsWith('.mlir'))
  .sort();
const cases = files.map((file) => {
  const path = join(corpusDir, file);
  const input = readFileSync(path, 'utf8');
  const sig = parseSignature(input);
  const expected = Object.fromEntries(
    CONFIGS.map((c) => {
      const output = execFileSync(MLIR_OPT, [`--sparse-vectorization=${c.pass}`], {
        input,
        encoding: 'utf8',
      });
      const [summary] = summariseModule(output);
      if (!summary) throw new Error(`${file}: no function in mlir-opt output`);
      return [c.name, { loops: summary.loops, vectorOps: summary.vectorOps, output }];
    }),
  );
  const unexecutable = why(sig);
  const hasTripCount =
    sig.params.some((p) => p.type === 'index' && p.name === 'n') ||
    sig.params.some((p) => p.name === 'pos');
  const variants = unexecutable
    ? []
    : hasTripCount
      ? Object.entries(TRIP_COUNTS)
      : [['const', TRIP_COUNTS.n32] as const];
  const executions = variants.map(([name, tripCount]) => {
    const args = argumentsFor(sig, tripCount);
    const outcome = execute(input, sig, args);
    const mlirVectorizedAgrees = Object.fromEntries(
      CONFIGS.filter((c) => !c.options.enableVLAVectorization).map((c) => [
        c.name,
        sameOutcome(execute(expected[c.name]!.output, sig, args), outcome),
      ]),
    );
    return { name, args, results: outcome.results, memrefs: outcome.memrefs, mlirVectorizedAgrees };
  });
  process.stderr.write(
    `${file}: ${executions.length} executions${unexecutable ? ` (${unexecutable})` : ''}\n`,
  );
  return {
    name: sig.name,
    source: `${relative(repoRoot, path)}@${gitCommit(path)}`,
    function: sig.name,
    input,
    expected,
    executions,
    ...(unexecutable ? { unexecutable } : {}),
  };
});

const tools = [MLIR_OPT, '--version'];
const version =
  execFileSync(tools[0]!, tools.slice(1), { encoding: 'utf8' }).match(
    /LLVM version [\w.-]+/,
  )?.[0] ?? 'LLVM 22';
const header = {
  name: 'mlir-vectorization',
  version: VERSION,
  source: `mlir-opt-22 --sparse-vectorization (${version}) on the corpus in packages/conformance/corpus; executions by mlir-runner (LLVM 22) of the input functions`,
  configs: CONFIGS,
};
const text = `{\n${Object.entries(header)
  .map(([k, v]) => `  ${JSON.stringify(k)}: ${JSON.stringify(v)}`)
  .join(
    ',\n',
  )},\n  "cases": [\n${cases.map((c) => `    ${JSON.stringify(c)}`).join(',\n')}\n  ]\n}\n`;
writeFileSync(join(packageDir, 'src', 'fixtures', 'mlir-vectorization.json'), text);
process.stderr.write(`${cases.length} cases written\n`);
