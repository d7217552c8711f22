/**
 * TSCATTER/TGATHER kernel cases: the hand-derived seed cases, the PTO CPU simulator's outputs
 * and seeded properties against the reference loops, one generator per rule.
 */
import type { ConformanceCase } from '../../core/case.js';
import { expectEqual, expectValues } from '../../core/compare.js';
import {
  CPU_SIM_ELEMENT_TYPES,
  PTO_TSCATTER_CPUSIM,
  type PtoTScatterCpuSimCase,
} from '../../data/pto-tscatter-cpusim.js';
import { cpuSimTileCall } from '../../data/pto-tscatter-cpusim-call.js';
import {
  SEED_TILE_CASES,
  type SeedTile,
  type SeedTileCase,
} from '../../data/seed-tscatter-examples.js';
import { type TileCallBounds, tileCalls } from '../../generators/tile-calls.js';
import { referenceTGather, referenceTScatter, type TileCall } from '../../reference/tile-ops.js';
import type { RuleId } from '../../rules.js';
import type { KernelCaseId, KernelContext } from './kernel-context.js';
import type { TileElementType, TileIndexType, TileOpCallOptions } from './kernel-impl.js';
import { propertyCase } from './property-case.js';
import { withTensors } from './tensor-scope.js';

type TileOp = 'tscatter' | 'tgather';

/** A call with its declared types. */
interface TypedCall extends TileCall {
  readonly dtype: 'float32' | 'int32';
  readonly elementType?: TileElementType;
  readonly indexType?: TileIndexType;
}

/** Runs `op` on the target and returns the whole output tile, row-major. */
function runTileOp(ctx: KernelContext, op: TileOp, call: TypedCall): Promise<number[]> {
  const { ops, tf } = ctx.target;
  return withTensors(tf, async (scope) => {
    const src = scope.tensor(Array.from(call.src), call.srcShape, call.dtype);
    const idx = scope.tensor(Array.from(call.idx), call.idxShape, 'int32');
    const options: TileOpCallOptions & { dstShape: readonly number[] } = {
      dstShape: call.dstShape,
      validRow: call.validRow,
      validCol: call.validCol,
      target: 'any',
      ...(call.elementType === undefined ? {} : { elementType: call.elementType }),
      ...(call.indexType === undefined ? {} : { indexType: call.indexType }),
    };
    const out =
      op === 'tscatter' ? ops.tscatter!(src, idx, options) : ops.tgather!(src, idx, options);
    scope.keep(out);
    expectEqual([...out.shape], [...call.dstShape], `${op} output shape`);
    return scope.read(out);
  });
}

async function expectTile(
  ctx: KernelContext,
  op: TileOp,
  call: TypedCall,
  expected: readonly number[],
  origin: string,
): Promise<void> {
  const cols = call.dstShape[1];
  const actual = await runTileOp(ctx, op, call);
  expectValues(actual, expected, `${op} ${origin}`, {
    tolerance: call.dtype === 'float32' ? ctx.tolerance : { absolute: 0, relative: 0 },
    position: (k) => `dst(${Math.floor(k / cols)},${k % cols})`,
  });
}

/** Row-major storage of a seed tile, padding included. */
const storageOf = (tile: SeedTile) =>
  tile.rows.flatMap((row) => [...row, ...Array<number>(tile.cols - row.length).fill(tile.pad)]);

function seedCase(ctx: KernelContext, c: SeedTileCase): ConformanceCase<KernelCaseId> {
  const call: TypedCall = {
    src: storageOf(c.src),
    srcShape: [c.src.rows.length, c.src.cols],
    idx: storageOf(c.idx),
    idxShape: [c.idx.rows.length, c.idx.cols],
    dstShape: c.dstShape,
    validRow: c.validRow,
    validCol: c.validCol,
    dtype: 'float32',
  };
  return {
    id: `kernels/${c.op}/seed/${c.name}`,
    rule: c.rule,
    run: () => expectTile(ctx, c.op, call, c.expected.flat(), `(${c.derivation})`),
  };
}

/** The most specific rule a simulator case exercises. */
function cpuSimRule(c: PtoTScatterCpuSimCase): RuleId {
  const valid = [];
  for (let i = 0; i < c.validRow; i++)
    for (let j = 0; j < c.validCol; j++) valid.push(c.idxData[i * c.idx[1] + j]);
  if (new Set(valid).size < valid.length) return 'tscatter.last-writer-wins';
  if (c.validRow < c.idx[0] || c.validCol < c.idx[1]) return 'tscatter.index-valid-region';
  if (c.src[1] !== c.idx[1]) return 'tscatter.padding-columns';
  return 'tscatter.flat-offset';
}

function cpuSimCase(
  ctx: KernelContext,
  c: PtoTScatterCpuSimCase,
  n: number,
): ConformanceCase<KernelCaseId> {
  const call: TypedCall = {
    ...cpuSimTileCall(c),
    dtype: c.dtype === 'float32' ? 'float32' : 'int32',
    elementType: CPU_SIM_ELEMENT_TYPES[c.dtype],
    indexType: CPU_SIM_ELEMENT_TYPES[c.indexDtype] as TileIndexType,
  };
  const label = `${c.dtype}[${c.dst}] <- ${c.dtype}[${c.src}] by ${c.indexDtype}[${c.idx}] valid ${c.validRow}x${c.validCol}`;
  return {
    id: `kernels/tscatter/pto-cpusim/${String(n).padStart(2, '0')}`,
    rule: cpuSimRule(c),
    run: () =>
      expectTile(ctx, 'tscatter', call, c.expected, `${label} against the PTO CPU simulator`),
  };
}

/** Each scatter rule and the calls it is checked on. */
const SCATTER_PROPERTIES: readonly {
  rule: RuleId;
  bounds: TileCallBounds;
  filter?: (c: TileCall) => boolean;
}[] = [
  { rule: 'tscatter.flat-offset', bounds: { offsets: 'distinct' } },
  { rule: 'tscatter.last-writer-wins', bounds: { offsets: 'repeat' } },
  {
    rule: 'tscatter.index-valid-region',
    bounds: { offsets: 'distinct' },
    filter: (c) => c.idxShape[0] > c.validRow || c.idxShape[1] > c.validCol,
  },
  {
    rule: 'tscatter.padding-columns',
    bounds: { offsets: 'distinct', padding: 'independent' },
    filter: (c) => c.srcShape[1] !== c.idxShape[1],
  },
];

const asFloat = (call: TileCall): TypedCall => ({ ...call, dtype: 'float32' });

/** The call's valid index entries taken modulo the source size, so every offset reads inside it. */
function asGather(call: TileCall): TypedCall {
  const size = call.srcShape[0] * call.srcShape[1];
  const idx = Array.from(call.idx, (k, p) => {
    const [i, j] = [Math.floor(p / call.idxShape[1]), p % call.idxShape[1]];
    return i < call.validRow && j < call.validCol ? k % size : k;
  });
  return { ...call, idx, dstShape: call.idxShape, dtype: 'float32' };
}

function tileProperties(ctx: KernelContext): ConformanceCase<KernelCaseId>[] {
  const { ops } = ctx.target;
  const cases: ConformanceCase<KernelCaseId>[] = [];
  if (ops.tscatter) {
    for (const p of SCATTER_PROPERTIES) {
      const calls = tileCalls(p.bounds).filter((c) => p.filter?.(c) ?? true);
      cases.push(
        propertyCase(
          ctx,
          `kernels/tscatter/property/${p.rule.split('.')[1]}`,
          p.rule,
          calls,
          (call) =>
            expectTile(
              ctx,
              'tscatter',
              asFloat(call),
              referenceTScatter(call),
              'against the reference loop',
            ),
        ),
      );
    }
  }
  if (ops.tgather) {
    const calls = tileCalls({ offsets: 'repeat', padding: 'independent' });
    cases.push(
      propertyCase(
        ctx,
        'kernels/tgather/property/flat-offset',
        'tgather.flat-offset',
        calls,
        (call) =>
          expectTile(
            ctx,
            'tgather',
            asGather(call),
            referenceTGather(asGather(call)),
            'against the reference loop',
          ),
      ),
    );
  }
  if (ops.tscatter && ops.tgather) {
    const calls = tileCalls({ offsets: 'distinct', padding: 'independent' });
    cases.push(
      propertyCase(
        ctx,
        'kernels/tgather/property/inverse',
        'tgather.inverse',
        calls,
        async (call) => {
          const scattered = await runTileOp(ctx, 'tscatter', asFloat(call));
          const back: TypedCall = {
            ...call,
            src: scattered,
            srcShape: call.dstShape,
            dstShape: call.srcShape,
            dtype: 'float32',
          };
          // Restores src on the valid region; everything else (src padding included) reads as zero.
          const expected = Array.from(call.src, (v, p) =>
            Math.floor(p / call.srcShape[1]) < call.validRow && p % call.srcShape[1] < call.validCol
              ? v
              : 0,
          );
          await expectTile(ctx, 'tgather', back, expected, 'of tscatter (distinct offsets)');
        },
      ),
    );
  }
  return cases;
}

/** TSCATTER/TGATHER cases for whichever of the two ops the target has. */
export function tileCases(ctx: KernelContext): ConformanceCase<KernelCaseId>[] {
  const { ops } = ctx.target;
  const seeds = SEED_TILE_CASES.cases
    .filter((c) => ops[c.op] !== undefined)
    .map((c) => seedCase(ctx, c));
  const cpuSim = ops.tscatter ? PTO_TSCATTER_CPUSIM.cases.map((c, n) => cpuSimCase(ctx, c, n)) : [];
  return [...seeds, ...cpuSim, ...tileProperties(ctx)];
}
