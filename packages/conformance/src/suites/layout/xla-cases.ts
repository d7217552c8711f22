/**
 * Layout cases from XLA's own tests and documents (`XLA_LAYOUT_VECTORS`): linear indices,
 * ArraySize figures, element counts, canonical printing and rejected text.
 */
import { type ConformanceCase, check } from '../../core/case.js';
import { expectEqual, expectRejection } from '../../core/compare.js';
import {
  XLA_LAYOUT_VECTORS,
  type XlaArraySizeVector,
  type XlaLinearIndexVector,
  type XlaParsePrintVector,
} from '../../data/xla-layout-vectors.js';
import { parseSpec } from '../../reference/layout-spec.js';
import type { LayoutImpl } from './layout-impl.js';
import { layoutRuleOf } from './layout-rules.js';

/** Id of a layout suite case. */
export type LayoutCaseId = `layout/${string}`;

const LAYOUT_PREFIX = 'LAYOUT ';

function linearIndexCase<S>(
  impl: LayoutImpl<S>,
  v: XlaLinearIndexVector,
): ConformanceCase<LayoutCaseId> {
  return {
    id: `layout/xla/linear-index/${v.shape}@${v.index.join(',')}`,
    rule: layoutRuleOf(parseSpec(v.shape)),
    run: () => {
      const actual = impl.linearIndex(impl.parseShape(v.shape), v.index);
      check(
        actual === v.expected,
        () =>
          `linearIndex(${v.shape}, [${v.index}]): expected ${v.expected}, got ${actual} (${v.source})`,
      );
    },
  };
}

function arraySizeCases<S>(
  impl: LayoutImpl<S>,
  v: XlaArraySizeVector,
): ConformanceCase<LayoutCaseId>[] {
  const cases: ConformanceCase<LayoutCaseId>[] = [
    {
      id: `layout/xla/array-size/${v.shape}`,
      rule: 'layout.xla-array-size',
      run: () => {
        const { elements, bytes } = impl.xlaArraySize(impl.parseShape(v.shape));
        expectEqual(
          { elements, bytes },
          { elements: v.arraysize_elements, bytes: v.arraysize_bytes },
          `xlaArraySize(${v.shape}) (${v.source})`,
        );
      },
    },
  ];
  const expanded = v.expanded_elements;
  if (expanded !== undefined) {
    const { tailPadding } = parseSpec(v.shape);
    const slots = Math.ceil(expanded / tailPadding) * tailPadding;
    cases.push({
      id: `layout/xla/element-count/${v.shape}`,
      rule: 'layout.element-count',
      run: () => {
        const shape = impl.parseShape(v.shape);
        const product = impl.expandedShape(shape).reduce((p, d) => p * d, 1);
        check(
          product === expanded,
          () => `expandedShape(${v.shape}) has ${product} elements, expected ${expanded}`,
        );
        const count = impl.physicalElementCount(shape);
        check(
          count === slots,
          () =>
            `physicalElementCount(${v.shape}): expected ${slots} (${expanded} rounded up to L(${tailPadding})), got ${count}`,
        );
      },
    });
  }
  return cases;
}

function parsePrintCase<S, L>(
  impl: LayoutImpl<S, L>,
  v: XlaParsePrintVector,
): ConformanceCase<LayoutCaseId> {
  const isLayout = v.input.startsWith(LAYOUT_PREFIX);
  const text = isLayout ? v.input.slice(LAYOUT_PREFIX.length) : v.input;
  const roundTrip = () =>
    isLayout ? impl.formatLayout(impl.parseLayout(text)) : impl.formatShape(impl.parseShape(text));
  if (v.expected.startsWith('ERROR')) {
    return {
      id: `layout/xla/reject/${v.input}`,
      rule: 'layout.reject-invalid',
      run: () => expectRejection(roundTrip, `parsing '${text}' (${v.expected}; ${v.source})`),
    };
  }
  return {
    id: `layout/xla/parse-print/${v.input}`,
    rule: 'layout.parse-print',
    run: () => expectEqual(roundTrip(), v.expected, `print(parse('${text}')) (${v.source})`),
  };
}

/** One case per XLA vector (two for ArraySize vectors that also give the expanded count). */
export function xlaLayoutCases<S, L>(impl: LayoutImpl<S, L>): ConformanceCase<LayoutCaseId>[] {
  return XLA_LAYOUT_VECTORS.cases.flatMap((v) => {
    if (v.kind === 'linear_index') return [linearIndexCase(impl, v)];
    if (v.kind === 'array_size') return arraySizeCases(impl, v);
    return [parsePrintCase(impl, v)];
  });
}
