/** The shipped case data: provenance on every file, and the MLIR data consistent with its tools. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RULES } from '../src/index.js';
import {
  type CaseFile,
  MLIR_VECTORIZATION,
  PTO_TSCATTER_CPUSIM,
  SEED_COMBINED,
  SEED_FIGURES,
  SEED_TILE_CASES,
  summariseModule,
  XLA_LAYOUT_VECTORS,
} from '../src/testing.js';

/** The .mlir sources of MLIR_VECTORIZATION's inputs (its generator reads them). */
const CORPUS_DIR = fileURLToPath(new URL('../corpus/', import.meta.url));

const FILES: readonly CaseFile<unknown>[] = [
  XLA_LAYOUT_VECTORS,
  PTO_TSCATTER_CPUSIM,
  SEED_FIGURES,
  SEED_COMBINED,
  SEED_TILE_CASES,
  MLIR_VECTORIZATION,
];

describe('case files', () => {
  it.each(FILES.map((f) => ({ name: f.name, file: f })))(
    '$name has a version, a source and cases',
    ({ file }) => {
      expect(Number.isInteger(file.version) && file.version >= 1).toBe(true);
      expect(file.source.length).toBeGreaterThan(20);
      expect(file.cases.length).toBeGreaterThan(0);
    },
  );

  it('keeps the reference data whole', () => {
    expect(XLA_LAYOUT_VECTORS.cases.length).toBe(102);
    expect(PTO_TSCATTER_CPUSIM.cases.length).toBe(50);
  });

  it('names only known rules in hand-derived tile cases', () => {
    for (const c of SEED_TILE_CASES.cases) expect(Object.keys(RULES)).toContain(c.rule);
  });
});

describe('MLIR vectorization data', () => {
  const { cases, configs } = MLIR_VECTORIZATION;

  it('has every option set for every input loop, taken from a named corpus file and commit', () => {
    expect(configs.map((c) => c.name)).toEqual(['vl8', 'vl16-idx32', 'vl4-vla']);
    for (const c of cases) {
      // Cases generated before the corpus moved here name its former home.
      expect(c.source).toMatch(
        new RegExp(
          `^packages/(conformance|sparse-vectorizer/test)/corpus/${c.name}\\.mlir@[0-9a-f]{7,}$`,
        ),
      );
      expect(Object.keys(c.expected)).toEqual(configs.map((k) => k.name));
    }
  });

  it('holds each loop exactly as its corpus file (packages/conformance/corpus) spells it', () => {
    const corpus = readdirSync(CORPUS_DIR).filter((f) => f.endsWith('.mlir'));
    expect(corpus.sort()).toEqual(cases.map((c) => `${c.name}.mlir`).sort());
    for (const c of cases)
      expect(c.input).toBe(readFileSync(join(CORPUS_DIR, `${c.name}.mlir`), 'utf8'));
  });

  it("stores mlir-opt's output and the summary read from it", () => {
    for (const c of cases) {
      for (const expected of Object.values(c.expected)) {
        const summary = summariseModule(expected.output).find((f) => f.name === c.function);
        expect({ loops: summary?.loops, vectorOps: summary?.vectorOps }).toEqual({
          loops: expected.loops,
          vectorOps: expected.vectorOps,
        });
      }
    }
  });

  it('executes every loop with a full-vector and a remainder trip count, except where it says why not', () => {
    for (const c of cases) {
      if (c.unexecutable !== undefined) expect(c.executions).toEqual([]);
      else
        expect(c.executions.map((e) => e.name).sort()).toEqual(
          c.executions.length === 1 ? ['const'] : ['n32', 'n37'],
        );
    }
  });

  it("finds MLIR's own vectorized output wrong only on corpus loops documented as MLIR miscompiles", () => {
    const disagreeing = cases.filter((c) =>
      c.executions.some((e) => Object.values(e.mlirVectorizedAgrees).includes(false)),
    );
    expect(disagreeing.length).toBeGreaterThan(0);
    for (const c of disagreeing) expect(c.name).toMatch(/^fix\d_/);
  });
});
