/**
 * Layout cases from the worked examples of the "Tiled layout" document: the full offset tables
 * of Figures 1 and 2, their expanded shapes and padding slots, and the combined-dimensions
 * example.
 */
import { type ConformanceCase, check } from '../../core/case.js';
import { expectEqual, expectValues } from '../../core/compare.js';
import {
  SEED_COMBINED,
  SEED_FIGURES,
  type SeedCombinedExample,
  type SeedFigure,
} from '../../data/seed-layout-examples.js';
import { parseSpec } from '../../reference/layout-spec.js';
import type { LayoutImpl } from './layout-impl.js';
import { layoutRuleOf } from './layout-rules.js';
import type { LayoutCaseId } from './xla-cases.js';

/** The implementation's `expandedShape` of shape text `text` is `expected`. */
function expectExpandedShape<S>(impl: LayoutImpl<S>, text: string, expected: readonly number[]) {
  expectEqual(impl.expandedShape(impl.parseShape(text)), expected, `expandedShape(${text})`);
}

function figureCases<S>(impl: LayoutImpl<S>, figure: SeedFigure): ConformanceCase<LayoutCaseId>[] {
  const base: LayoutCaseId = `layout/seed/${figure.name}`;
  const cols = figure.offsets[0]!.length;
  const position = (k: number) => `(${Math.floor(k / cols)},${k % cols})`;
  const slots = figure.offsets.flat().length + figure.paddingSlots.length;
  return [
    {
      id: `${base}/offsets`,
      rule: layoutRuleOf(parseSpec(figure.shape)),
      run: () => {
        const shape = impl.parseShape(figure.shape);
        const actual = figure.offsets.flatMap((row, r) =>
          row.map((_, c) => impl.linearIndex(shape, [r, c])),
        );
        expectValues(
          actual,
          figure.offsets.flat(),
          `linearIndex over ${figure.shape} (${figure.derivation})`,
          { position },
        );
      },
    },
    {
      id: `${base}/offset-map`,
      rule: layoutRuleOf(parseSpec(figure.shape)),
      run: () => {
        const actual = Array.from(impl.offsetMap(impl.parseShape(figure.shape)));
        expectValues(actual, figure.offsets.flat(), `offsetMap(${figure.shape})`, { position });
      },
    },
    {
      id: `${base}/padding`,
      rule: 'layout.tile-padding',
      run: () => {
        expectExpandedShape(impl, figure.shape, figure.expandedShape);
        const shape = impl.parseShape(figure.shape);
        const count = impl.physicalElementCount(shape);
        check(
          count === slots,
          () => `physicalElementCount(${figure.shape}): expected ${slots}, got ${count}`,
        );
        const empty = Array.from({ length: slots }, (_, p) => p).filter(
          (p) => impl.delinearize(shape, p) === null,
        );
        expectEqual(
          empty,
          figure.paddingSlots,
          `slots delinearize reports as padding in ${figure.shape}`,
        );
        const inverse = Array.from(impl.inverseMap(shape));
        const unused = inverse.flatMap((logical, p) => (logical === -1 ? [p] : []));
        expectEqual(unused, figure.paddingSlots, `slots inverseMap marks -1 in ${figure.shape}`);
      },
    },
  ];
}

function combinedCases<S>(
  impl: LayoutImpl<S>,
  example: SeedCombinedExample,
): ConformanceCase<LayoutCaseId>[] {
  const base: LayoutCaseId = `layout/seed/combined/${example.name}`;
  return [
    {
      id: `${base}/offsets`,
      rule: 'layout.combine-dimension',
      run: () => {
        const shape = impl.parseShape(example.shape);
        const actual = example.samples.map((s) => impl.linearIndex(shape, s.index));
        expectValues(
          actual,
          example.samples.map((s) => s.offset),
          `linearIndex over ${example.shape} (${example.derivation})`,
          {
            position: (k) => `[${example.samples[k]!.index}]`,
          },
        );
      },
    },
    {
      id: `${base}/expanded-shape`,
      rule: 'layout.combine-dimension',
      run: () => {
        expectExpandedShape(impl, example.shape, example.expandedShape);
        expectExpandedShape(impl, example.combinedShape, example.expandedShape);
      },
    },
  ];
}

/** Cases of the document's figures and combined-dimensions example. */
export function seedLayoutCases<S>(impl: LayoutImpl<S>): ConformanceCase<LayoutCaseId>[] {
  return [
    ...SEED_FIGURES.cases.flatMap((figure) => figureCases(impl, figure)),
    ...SEED_COMBINED.cases.flatMap((example) => combinedCases(impl, example)),
  ];
}
