// Runs in an empty project where only the packed @tilekit/conformance (and its declared
// dependencies) is installed: the shipped case data loads and the built-in runner works.
import assert from 'node:assert/strict';
import { createSuite, formatReport, layoutConformance } from '@tilekit/conformance';
import {
  cpuSimTileCall,
  MLIR_VECTORIZATION,
  PTO_TSCATTER_CPUSIM,
  referenceTScatter,
  XLA_LAYOUT_VECTORS,
} from '@tilekit/conformance/testing';

assert.equal(XLA_LAYOUT_VECTORS.cases.length, 102);
assert.ok(MLIR_VECTORIZATION.cases.length > 50);

// The reference TSCATTER loop against the PTO simulator, through the standalone runner.
const suite = createSuite({
  name: 'kernels',
  label: 'reference TSCATTER',
  cases: PTO_TSCATTER_CPUSIM.cases.map((c, n) => ({
    id: `kernels/reference/${n}`,
    rule: 'tscatter.flat-offset',
    run: () => {
      assert.deepEqual(referenceTScatter(cpuSimTileCall(c)), c.expected);
    },
  })),
});
const report = await suite.run();
assert.equal(report.failed, 0);
assert.match(formatReport([report]), /50 passed, 0 failed$/);

// Suites build without the implementations being present.
const stub = () => 0;
assert.ok(layoutConformance(new Proxy({}, { get: () => stub })).cases.length > 100);
console.log('pack-smoke @tilekit/conformance: ok');
