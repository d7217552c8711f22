/**
 * The shared conformance suite on this package: XLA's vectors, the "Tiled layout" document's
 * figures and seeded properties, with this package's one reasoned exclusion.
 */
import { layoutConformance } from '@tilekit/conformance';
import { describe, expect, it } from 'vitest';
import * as layout from '../src/index.js';

layoutConformance(layout, {
  describe,
  it,
  expect,
  exclusions: layout.LAYOUT_CONFORMANCE_EXCLUSIONS,
});
