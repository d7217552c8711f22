/**
 * Differential test against mlir-opt-22, structure: for every corpus kernel and option set,
 * our output verifies in mlir-opt-22, and we make the same decision per loop and emit the
 * same multiset of operations as MLIR's --sparse-vectorization, except where a documented
 * fix says otherwise (test/mlir/expectations.ts).
 */

import { verifyModule } from '@tilekit/loop-ir';
import { loadCorpus, runChunks } from '@tilekit/test-support';
import { describe, expect, it } from 'vitest';
import { FIX_EXPECTATIONS } from './expectations.js';
import { OPTION_SETS } from './option-sets.js';
import { asRecord, loopDecisions, opCounts, vectorizeCorpus } from './pipeline.js';

const corpus = loadCorpus();

function difference(a: Map<string, number>, b: Map<string, number>): Record<string, number> {
  const out = new Map<string, number>();
  for (const name of new Set([...a.keys(), ...b.keys()])) {
    out.set(name, (a.get(name) ?? 0) - (b.get(name) ?? 0));
  }
  return asRecord(out);
}

it('the corpus has at least 30 kernels and every one parses in mlir-opt-22', () => {
  expect(corpus.length).toBeGreaterThanOrEqual(30);
  const parsed = runChunks(
    corpus.map((k) => k.text),
    [],
  );
  expect(parsed.filter((c) => !c.ok)).toEqual([]);
});

describe.each(OPTION_SETS)('--sparse-vectorization="$flag"', (set) => {
  const versions = vectorizeCorpus(corpus, set);

  it('our output verifies in mlir-opt-22 and in our verifier', () => {
    const texts = corpus.map((k) => versions.get(k.name)?.ours.text ?? '');
    const checked = runChunks(texts, []);
    const failures = checked.flatMap((c, k) => (c.ok ? [] : [`${corpus[k]?.name}: ${c.error}`]));
    expect(failures).toEqual([]);
    for (const v of versions.values()) expect(() => verifyModule(v.ours.module)).not.toThrow();
  });

  it.each(corpus.map((k) => k.name))('%s: same loop decisions and ops as mlir-opt-22', (name) => {
    const v = versions.get(name);
    if (v === undefined || !('module' in v.mlir)) throw new Error(`mlir-opt-22 failed on ${name}`);
    const ours = loopDecisions(v.ours.module);
    const mlir = loopDecisions(v.mlir.module);
    // The report says what the output shows.
    expect(v.ours.report.loops.map((l) => l.vectorized)).toEqual(ours);
    const fix = FIX_EXPECTATIONS[name];
    if (fix?.keptScalar !== undefined) {
      const kept = Object.entries(fix.keptScalar);
      for (const [position, code] of kept) {
        expect(mlir[Number(position)]).toBe(true);
        expect(ours[Number(position)]).toBe(false);
        expect(v.ours.report.loops[Number(position)]).toMatchObject({ vectorized: false, code });
      }
      const expected = mlir.map((d, k) => (fix.keptScalar?.[k] === undefined ? d : false));
      expect(ours).toEqual(expected);
      // Left scalar means left as it was: the output has the input's operations.
      expect(asRecord(opCounts(v.ours.module))).toEqual(asRecord(opCounts(v.kernel.module)));
      return;
    }
    expect(ours).toEqual(mlir);
    const delta = difference(opCounts(v.ours.module), opCounts(v.mlir.module));
    expect(delta).toEqual(fix?.extraOps ?? {});
  });
});
