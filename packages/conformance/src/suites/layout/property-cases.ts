/**
 * Property cases of the layout suite: generated layouts (fixed seed) checked against the
 * reference formulas, one generator per rule so a failure names the rule it broke, plus
 * self-consistency of the inverse functions on any layout.
 */
import * as fc from 'fast-check';
import type { ConformanceCase } from '../../core/case.js';
import { CaseMismatch } from '../../core/case.js';
import { expectEqual, expectValues } from '../../core/compare.js';
import { checkProperty, type PropertySettings } from '../../core/property.js';
import {
  ANY_LAYOUT,
  type LayoutBounds,
  layouts,
  layoutsWithIndex,
} from '../../generators/layouts.js';
import { COMBINE, formatSpec, type LayoutSpec } from '../../reference/layout-spec.js';
import {
  logicalIndices,
  referenceExpandedShape,
  referenceLinearIndex,
  referencePhysicalElementCount,
  rowMajorIndex,
} from '../../reference/tiled-layout.js';
import type { RuleId } from '../../rules.js';
import type { LayoutImpl } from './layout-impl.js';
import type { LayoutCaseId } from './xla-cases.js';

const hasCombine = (spec: LayoutSpec) => spec.tiles.some((t) => t.includes(COMBINE));

/** Linear-index properties: the generator each rule is checked on. */
const LINEAR_INDEX_PROPERTIES: readonly {
  name: string;
  rule: RuleId;
  bounds: LayoutBounds;
  filter?: (s: LayoutSpec) => boolean;
}[] = [
  { name: 'linear-index', rule: 'layout.linear-index', bounds: { tileRank: 'full' } },
  {
    name: 'minor-to-major',
    rule: 'layout.minor-to-major',
    bounds: { tileRank: 'full', permuted: true, levels: { min: 0, max: 1 } },
  },
  {
    name: 'tile-suffix',
    rule: 'layout.tile-suffix',
    bounds: { tileRank: 'suffix', maxRank: 4, maxDim: 6 },
  },
  {
    name: 'repeated-tiling',
    rule: 'layout.repeated-tiling',
    bounds: { tileRank: 'full', levels: { min: 2, max: 3 } },
  },
  {
    name: 'combine-dimension',
    rule: 'layout.combine-dimension',
    bounds: { tileRank: 'full', combine: true, minRank: 2, maxRank: 4, maxDim: 6 },
    filter: hasCombine,
  },
];

function linearIndexProperty<S>(
  impl: LayoutImpl<S>,
  p: (typeof LINEAR_INDEX_PROPERTIES)[number],
  settings: PropertySettings,
): ConformanceCase<LayoutCaseId> {
  const inputs = layoutsWithIndex(p.bounds).filter(({ spec }) => p.filter?.(spec) ?? true);
  return {
    id: `layout/property/${p.name}`,
    rule: p.rule,
    run: () =>
      checkProperty(
        fc.property(inputs, ({ spec, index }) => {
          const text = formatSpec(spec);
          const shape = impl.parseShape(text);
          const expected = referenceLinearIndex(spec, index);
          const actual = impl.linearIndex(shape, index);
          if (actual !== expected)
            throw new CaseMismatch(
              `linearIndex(${text}, [${index}]): expected ${expected}, got ${actual}`,
            );
          expectEqual(
            impl.expandedShape(shape),
            referenceExpandedShape(spec),
            `expandedShape(${text})`,
          );
        }),
        settings,
      ),
  };
}

function elementCountProperty<S>(
  impl: LayoutImpl<S>,
  settings: PropertySettings,
): ConformanceCase<LayoutCaseId> {
  const bounds: LayoutBounds = {
    tileRank: 'full',
    permuted: true,
    levels: { min: 0, max: 3 },
    tailPadding: true,
  };
  return {
    id: 'layout/property/element-count',
    rule: 'layout.element-count',
    run: () =>
      checkProperty(
        fc.property(layouts(bounds), (spec) => {
          const text = formatSpec(spec);
          const count = impl.physicalElementCount(impl.parseShape(text));
          const expected = referencePhysicalElementCount(spec);
          if (count !== expected)
            throw new CaseMismatch(
              `physicalElementCount(${text}): expected ${expected}, got ${count}`,
            );
        }),
        settings,
      ),
  };
}

/** delinearize and inverseMap invert the implementation's own linearIndex and offsetMap. */
function inverseProperties<S>(
  impl: LayoutImpl<S>,
  settings: PropertySettings,
): ConformanceCase<LayoutCaseId>[] {
  const consistent = (check: (text: string, shape: S, spec: LayoutSpec) => void) => () =>
    checkProperty(
      fc.property(layouts(ANY_LAYOUT), (spec) => {
        const text = formatSpec(spec);
        check(text, impl.parseShape(text), spec);
      }),
      settings,
    );
  return [
    {
      id: 'layout/property/offset-map',
      rule: 'layout.linear-index',
      run: consistent((text, shape, spec) => {
        const expected = Array.from(logicalIndices(spec.dims), (index) =>
          impl.linearIndex(shape, index),
        );
        expectValues(
          Array.from(impl.offsetMap(shape)),
          expected,
          `offsetMap(${text}) against linearIndex`,
        );
      }),
    },
    {
      id: 'layout/property/delinearize',
      rule: 'layout.delinearize-inverse',
      run: consistent((text, shape, spec) => {
        const slots = impl.physicalElementCount(shape);
        let elements = 0;
        for (let offset = 0; offset < slots; offset++) {
          const index = impl.delinearize(shape, offset);
          if (index === null) continue;
          elements++;
          const back = impl.linearIndex(shape, index);
          if (back !== offset)
            throw new CaseMismatch(
              `delinearize(${text}, ${offset}) = [${index}], whose linearIndex is ${back}`,
            );
        }
        const expected = spec.dims.reduce((p, d) => p * d, 1);
        if (elements !== expected) {
          throw new CaseMismatch(
            `delinearize(${text}) finds ${elements} element slots among ${slots}, expected ${expected}`,
          );
        }
      }),
    },
    {
      id: 'layout/property/inverse-map',
      rule: 'layout.delinearize-inverse',
      run: consistent((text, shape, spec) => {
        const slots = impl.physicalElementCount(shape);
        const expected = Array.from({ length: slots }, (_, offset) => {
          const index = impl.delinearize(shape, offset);
          return index === null ? -1 : rowMajorIndex(index, spec.dims);
        });
        expectValues(
          Array.from(impl.inverseMap(shape)),
          expected,
          `inverseMap(${text}) against delinearize`,
        );
      }),
    },
  ];
}

/** Every property case of the layout suite. */
export function layoutPropertyCases<S>(
  impl: LayoutImpl<S>,
  settings: PropertySettings,
): ConformanceCase<LayoutCaseId>[] {
  return [
    ...LINEAR_INDEX_PROPERTIES.map((p) => linearIndexProperty(impl, p, settings)),
    elementCountProperty(impl, settings),
    ...inverseProperties(impl, settings),
  ];
}
