/**
 * Every PTO rule and argument check of tscatter/tgather, each with an input that breaks it,
 * checking the error class and the quoted message (and that nothing leaks on the way out).
 */
import { describe, expect, it } from 'vitest';
import { KernelArgumentError, PTO_TILE_RULES, PtoConstraintError, tscatter } from '../src/index.js';
import { expectThrowsWithoutLeak, tf } from './support/tf.js';
import { run, type Tiles } from './support/tile-calls.js';

/** The rules are PTO's hardware rules: calls here name A2/A3 unless they name another target. */
const onHardware = (
  op: 'tscatter' | 'tgather',
  options: Parameters<typeof run>[1],
  tiles?: Tiles,
) => run(op, { target: 'a2a3', ...options }, tiles);

function expectRule(
  call: () => unknown,
  ruleId: string,
  target: string,
  detail: string | RegExp,
): void {
  const error = expectThrowsWithoutLeak(call);
  expect(error).toBeInstanceOf(PtoConstraintError);
  const rule = PTO_TILE_RULES.find((r) => r.id === ruleId)!;
  expect((error as PtoConstraintError).rule).toBe(ruleId);
  expect(error.message).toContain(`for target '${target}': "${rule.text}"`);
  expect(error.message).toMatch(detail);
  // Every PTO error says whether target: 'general' gets past it.
  expect(error.message).toMatch(
    rule.targets.includes('general')
      ? /; every target checks this rule, target: 'general' included\)$/
      : /; target: 'general' \(the default\) checks no PTO hardware rule: .*\)$/,
  );
}

describe('PTO implementation checks', () => {
  it('element types must be one of the nine PTO types', () => {
    expectRule(
      () => onHardware('tscatter', { elementType: 'f64' as never }),
      'data-type',
      'a2a3',
      "element type 'f64'",
    );
    expect(PTO_TILE_RULES.find((r) => r.id === 'data-type')!.text).toContain(
      'int32_t, int16_t, int8_t, half, float32_t, uint32_t, uint16_t, uint8_t, bfloat16_t',
    );
  });

  it('index types must be s16, u16, s32 or u32 (on every target)', () => {
    expectRule(
      () => onHardware('tscatter', { indexType: 's8' as never, target: 'any' }),
      'index-type',
      'any',
      "index type 's8'",
    );
  });

  it('dst and src element types must be the same', () => {
    expectRule(
      () => onHardware('tscatter', { dstElementType: 'f16' }),
      'same-data-type',
      'a2a3',
      'dst is f16, src is f32',
    );
  });

  it('4-byte data needs 4-byte indices on a2a3 and a5, not on any', () => {
    expectRule(
      () => onHardware('tscatter', { indexType: 'u16', target: 'a5' }, { idx: [2, 16] }),
      'index-width-for-4-byte-data',
      'a5',
      'data f32 is 4 bytes, index u16 is 2 bytes',
    );
    const ok = onHardware(
      'tscatter',
      { indexType: 'u16', target: 'any', validCol: 8 },
      { idx: [2, 16] },
    );
    ok.dispose();
  });

  it('2-byte data needs 2-byte indices', () => {
    expectRule(
      () => onHardware('tscatter', { elementType: 'f16', indexType: 's32' }, { src: [2, 16] }),
      'index-width-for-2-byte-data',
      'a2a3',
      'data f16 is 2 bytes, index s32 is 4 bytes',
    );
  });

  it('1-byte data needs 2-byte indices', () => {
    expectRule(
      () =>
        onHardware(
          'tscatter',
          { elementType: 's8', indexType: 'u32', dstShape: [2, 32] },
          { src: [2, 32], dtype: 'int32' },
        ),
      'index-width-for-1-byte-data',
      'a2a3',
      'data s8 is 1 bytes, index u32 is 4 bytes',
    );
  });

  it('TGATHER needs b16/b32 data and b32 indices on hardware targets', () => {
    expectRule(
      () =>
        onHardware(
          'tgather',
          { elementType: 'u8', indexType: 's32', dstShape: [2, 32] },
          { src: [2, 32], idx: [2, 32], dtype: 'int32' },
        ),
      'gather-data-width',
      'a2a3',
      'data u8 is 1 bytes',
    );
    expectRule(
      () =>
        onHardware(
          'tgather',
          { elementType: 'f16', indexType: 's16' },
          { src: [2, 16], idx: [2, 16] },
        ),
      'gather-index-width',
      'a2a3',
      'index s16 is 2 bytes',
    );
  });

  it('the valid region must fit the index tile and the data tile it pairs with', () => {
    expectRule(
      () => onHardware('tscatter', { validRow: 3 }),
      'valid-row',
      'a2a3',
      'validRow 3 > 2',
    );
    expectRule(
      () => onHardware('tscatter', { validCol: 9, target: 'any' }),
      'valid-col',
      'any',
      'validCol 9 > 8 (idx cols 8, src cols 8)',
    );
    // The src tile is narrower than the index tile: the valid columns are bounded by src.
    expectRule(
      () => onHardware('tscatter', { validCol: 12 }, { idx: [2, 16] }),
      'valid-col',
      'a2a3',
      'validCol 12 > 8 (idx cols 16, src cols 8)',
    );
  });

  it('row-major tile rows must be a multiple of 32 bytes, for dst, src and idx', () => {
    expectRule(
      () => onHardware('tscatter', { dstShape: [2, 10], target: 'any' }),
      'row-alignment-dst',
      'any',
      'TileDataD: Cols 10 x 4 bytes = 40 bytes',
    );
    expectRule(
      () => onHardware('tscatter', {}, { src: [2, 12] }),
      'row-alignment-src',
      'a2a3',
      'TileDataS: Cols 12 x 4 bytes = 48 bytes',
    );
    expectRule(
      () => onHardware('tscatter', { indexType: 'u16', target: 'any' }, { idx: [2, 8] }),
      'row-alignment-idx',
      'any',
      'TileDataI: Cols 8 x 2 bytes = 16 bytes',
    );
  });

  it('every rule in the table is exercised above', () => {
    const exercised = [
      'data-type',
      'index-type',
      'same-data-type',
      'index-width-for-4-byte-data',
      'index-width-for-2-byte-data',
      'index-width-for-1-byte-data',
      'gather-data-width',
      'gather-index-width',
      'valid-row',
      'valid-col',
      'row-alignment-dst',
      'row-alignment-src',
      'row-alignment-idx',
    ];
    expect(PTO_TILE_RULES.map((r) => r.id).sort()).toEqual(exercised.sort());
  });
});

describe('argument checks', () => {
  const cases: [string, () => unknown, string][] = [
    [
      'src dtype',
      () =>
        tscatter(tf.tensor2d([[true]], [1, 1], 'bool'), tf.tensor2d([[0]], [1, 1], 'int32'), {
          dstShape: [1, 8],
        }),
      "tscatter: argument 'src' must have dtype float32 or int32, got bool",
    ],
    [
      'idx dtype',
      () => tscatter(tf.zeros([1, 8]), tf.zeros([1, 8]), { dstShape: [1, 8] }),
      "tscatter: argument 'idx' must have dtype int32, got float32",
    ],
    [
      'src rank',
      () => tscatter(tf.zeros([8]), tf.zeros([8], 'int32'), { dstShape: [1, 8], target: 'a2a3' }),
      "tscatter: argument 'src' must be a tile [rows, cols] or a batch of tiles [batch, rows, cols], got shape [8] (1-D inputs need target: 'general', which checks no PTO rule)",
    ],
    [
      'batch mismatch',
      () => tscatter(tf.zeros([2, 1, 8]), tf.zeros([3, 1, 8], 'int32'), { dstShape: [1, 8] }),
      "tscatter: argument 'idx' must have the same rank and batch size as 'src' (shape [2,1,8]), got shape [3,1,8]",
    ],
    [
      'dstShape rank',
      () => onHardware('tscatter', { dstShape: [16] }),
      "tscatter: argument 'dstShape' must be [rows, cols], got [16]",
    ],
    [
      'dstShape extent',
      () => onHardware('tscatter', { dstShape: [0, 8] }),
      "tscatter: argument 'dstShape rows' must be an integer >= 1, got 0",
    ],
    [
      'target',
      () => onHardware('tscatter', { target: 'a9' as never }),
      "tscatter: argument 'target' must be one of 'a2a3', 'a5', 'any', 'general', got 'a9'",
    ],
    [
      'bounds',
      () => onHardware('tscatter', { bounds: 'clamp' as never }),
      "tscatter: argument 'bounds' must be one of 'error', 'skip', got 'clamp'",
    ],
    [
      'validRow',
      () => onHardware('tscatter', { validRow: 1.5 }),
      "tscatter: argument 'validRow' must be an integer >= 0, got 1.5",
    ],
    [
      'elementType carried by the wrong dtype',
      () => onHardware('tgather', { elementType: 's32' }),
      "tgather: argument 'elementType' 's32' is carried by int32 tensors, but 'src' has dtype float32",
    ],
    [
      'not a tensor',
      () => tscatter({} as never, [[0]], { dstShape: [1, 8] }),
      "tscatter: argument 'src' must be a Tensor or TensorLike, got object",
    ],
  ];
  for (const [name, call, message] of cases) {
    it(`rejects a bad ${name}`, () => {
      const error = expectThrowsWithoutLeak(call);
      expect(error).toBeInstanceOf(KernelArgumentError);
      expect(error.message).toBe(message);
    });
  }
});
