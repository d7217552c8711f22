/**
 * Relayout kernel cases: the document's figures and XLA's linear-index vectors as golden
 * placements, padding fill, and seeded properties (placement, padding, round trip, conversion)
 * against the reference formulas.
 */
import * as fc from 'fast-check';
import type { ConformanceCase } from '../../core/case.js';
import { CaseMismatch } from '../../core/case.js';
import { expectEqual, expectValues } from '../../core/compare.js';
import { checkProperty } from '../../core/property.js';
import { SEED_COMBINED, SEED_FIGURES } from '../../data/seed-layout-examples.js';
import { XLA_LAYOUT_VECTORS } from '../../data/xla-layout-vectors.js';
import { ANY_LAYOUT, layouts, layoutsFor } from '../../generators/layouts.js';
import {
  formatLayoutSpec,
  formatSpec,
  type LayoutSpec,
  parseSpec,
} from '../../reference/layout-spec.js';
import {
  referenceOffsets,
  referencePhysicalElementCount,
  referenceRelayout,
} from '../../reference/tiled-layout.js';
import type { KernelCaseId, KernelContext } from './kernel-context.js';
import type { KernelOps } from './kernel-impl.js';
import { propertyCase } from './property-case.js';
import { withTensors } from './tensor-scope.js';

type Relayout = NonNullable<KernelOps['relayout']>;

/** Golden placements: logical index → physical offset, from a source that is not code. */
interface Placement {
  readonly name: string;
  readonly shape: string;
  readonly samples: readonly { readonly index: readonly number[]; readonly offset: number }[];
}

/** Logical values 1..n (never 0, so a misplaced element cannot look like padding). */
const iota = (spec: LayoutSpec) =>
  Array.from({ length: spec.dims.reduce((p, d) => p * d, 1) }, (_, k) => k + 1);

const rowMajorPosition = (index: readonly number[], dims: readonly number[]) =>
  index.reduce((s, e, k) => s * dims[k]! + e, 0);

function goldenPlacements(): Placement[] {
  const figures = SEED_FIGURES.cases.map((f) => ({
    name: `seed/${f.name}`,
    shape: f.shape,
    samples: f.offsets.flatMap((row, r) => row.map((offset, c) => ({ index: [r, c], offset }))),
  }));
  const combined = SEED_COMBINED.cases.map((c) => ({
    name: `seed/combined/${c.name}`,
    shape: c.shape,
    samples: c.samples,
  }));
  const byShape = new Map<string, Placement['samples'][number][]>();
  for (const v of XLA_LAYOUT_VECTORS.cases) {
    if (v.kind === 'linear_index')
      byShape.set(v.shape, [
        ...(byShape.get(v.shape) ?? []),
        { index: v.index, offset: v.expected },
      ]);
  }
  const xla = [...byShape].map(([shape, samples]) => ({ name: `xla/${shape}`, shape, samples }));
  return [...figures, ...combined, ...xla];
}

async function relayoutValues(
  ctx: KernelContext,
  relayout: Relayout,
  spec: LayoutSpec,
  padValue?: number,
): Promise<number[]> {
  return withTensors(ctx.target.tf, async (scope) => {
    const x = scope.tensor(iota(spec), spec.dims);
    const options = padValue === undefined ? undefined : { padValue };
    return scope.read(scope.keep(relayout(x, formatLayoutSpec(spec), options)));
  });
}

function placementCase(
  ctx: KernelContext,
  relayout: Relayout,
  p: Placement,
): ConformanceCase<KernelCaseId> {
  const spec = parseSpec(p.shape);
  return {
    id: `kernels/relayout/${p.name}`,
    rule: 'relayout.placement',
    run: async () => {
      const buffer = await relayoutValues(ctx, relayout, spec);
      const actual = p.samples.map((s) => buffer[s.offset] ?? Number.NaN);
      const expected = p.samples.map((s) => rowMajorPosition(s.index, spec.dims) + 1);
      expectValues(
        actual,
        expected,
        `relayout(x = 1..n, '${formatLayoutSpec(spec)}') at the golden offsets`,
        {
          tolerance: ctx.tolerance,
          position: (k) => `element [${p.samples[k]!.index}] -> offset ${p.samples[k]!.offset}`,
        },
      );
    },
  };
}

/** Checks that exactly the padding slots of `spec` hold `padValue` in `buffer`. */
function expectPadding(
  ctx: KernelContext,
  spec: LayoutSpec,
  buffer: readonly number[],
  padValue: number,
): void {
  const size = referencePhysicalElementCount(spec);
  if (buffer.length !== size)
    throw new CaseMismatch(
      `relayout(${formatSpec(spec)}) has ${buffer.length} slots, expected ${size}`,
    );
  const used = new Set(referenceOffsets(spec));
  const slots = buffer.flatMap((_, p) => (used.has(p) ? [] : [p]));
  expectValues(
    slots.map((p) => buffer[p]!),
    slots.map(() => padValue),
    `padding slots of relayout(${formatSpec(spec)}, {padValue: ${padValue}})`,
    { tolerance: ctx.tolerance, position: (k) => `slot ${slots[k]}` },
  );
}

function figurePaddingCases(
  ctx: KernelContext,
  relayout: Relayout,
): ConformanceCase<KernelCaseId>[] {
  return SEED_FIGURES.cases
    .filter((f) => f.paddingSlots.length > 0)
    .map((f) => ({
      id: `kernels/relayout/seed/${f.name}/padding`,
      rule: 'relayout.padding-fill',
      run: async () => {
        const spec = parseSpec(f.shape);
        for (const padValue of [undefined, -1]) {
          const buffer = await relayoutValues(ctx, relayout, spec, padValue);
          expectEqual(
            f.paddingSlots.map((p) => buffer[p]),
            f.paddingSlots.map(() => padValue ?? 0),
            `padding slots ${f.paddingSlots} with padValue ${padValue}`,
          );
        }
      },
    }));
}

function relayoutProperties(
  ctx: KernelContext,
  ops: KernelOps,
  relayout: Relayout,
): ConformanceCase<KernelCaseId>[] {
  const { tf } = ctx.target;
  const tolerance = ctx.tolerance;
  const cases: ConformanceCase<KernelCaseId>[] = [
    propertyCase(
      ctx,
      'kernels/relayout/property/placement',
      'relayout.placement',
      layouts(ANY_LAYOUT),
      async (spec) => {
        const buffer = await relayoutValues(ctx, relayout, spec);
        const offsets = referenceOffsets(spec);
        expectValues(
          offsets.map((p) => buffer[p] ?? Number.NaN),
          iota(spec),
          `element slots of relayout(${formatSpec(spec)})`,
          { tolerance },
        );
      },
    ),
    {
      id: 'kernels/relayout/property/padding-fill',
      rule: 'relayout.padding-fill',
      run: () =>
        checkProperty(
          fc.asyncProperty(
            layouts(ANY_LAYOUT),
            fc.option(fc.integer({ min: -9, max: 9 }), { nil: undefined }),
            async (spec, padValue) => {
              expectPadding(
                ctx,
                spec,
                await relayoutValues(ctx, relayout, spec, padValue),
                padValue ?? 0,
              );
            },
          ),
          ctx.settings,
        ),
    },
  ];
  const { unrelayout, convertLayout } = ops;
  if (unrelayout) {
    cases.push(
      propertyCase(
        ctx,
        'kernels/relayout/property/round-trip',
        'relayout.round-trip',
        layouts(ANY_LAYOUT),
        (spec) =>
          withTensors(tf, async (scope) => {
            const buffer = scope.keep(
              relayout(scope.tensor(iota(spec), spec.dims), formatLayoutSpec(spec)),
            );
            const back = scope.keep(unrelayout.call(ops, buffer, formatSpec(spec)));
            expectEqual(
              [...back.shape],
              spec.dims,
              `shape of unrelayout(relayout(x), ${formatSpec(spec)})`,
            );
            expectValues(
              await scope.read(back),
              iota(spec),
              `unrelayout(relayout(x), ${formatSpec(spec)})`,
              { tolerance },
            );
          }),
      ),
    );
  }
  if (convertLayout) {
    const pairs = layouts(ANY_LAYOUT).chain((from) =>
      layoutsFor(from.dims, ANY_LAYOUT).map((to) => ({ from, to })),
    );
    cases.push({
      id: 'kernels/relayout/property/convert',
      rule: 'relayout.convert',
      run: () =>
        checkProperty(
          fc.asyncProperty(pairs, ({ from, to }) =>
            withTensors(tf, async (scope) => {
              const buffer = scope.tensor(referenceRelayout(from, iota(from), 0), [
                referencePhysicalElementCount(from),
              ]);
              const converted = scope.keep(
                convertLayout.call(ops, buffer, formatSpec(from), formatSpec(to)),
              );
              const expected = referenceRelayout(to, iota(to), 0);
              expectValues(
                await scope.read(converted),
                expected,
                `convertLayout(buffer, ${formatSpec(from)}, ${formatSpec(to)})`,
                { tolerance },
              );
            }),
          ),
          ctx.settings,
        ),
    });
  }
  return cases;
}

/** Relayout cases, when the target has a `relayout` op (round trip and conversion need theirs). */
export function relayoutCases(ctx: KernelContext): ConformanceCase<KernelCaseId>[] {
  const { ops } = ctx.target;
  const relayout = ops.relayout;
  if (!relayout) return [];
  const bound: Relayout = (x, layout, options) => relayout.call(ops, x, layout, options);
  return [
    ...goldenPlacements().map((p) => placementCase(ctx, bound, p)),
    ...figurePaddingCases(ctx, bound),
    ...relayoutProperties(ctx, ops, bound),
  ];
}
