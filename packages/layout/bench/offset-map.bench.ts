/**
 * Whole-array maps against the obvious alternative: one `linearIndex` call per element, over the
 * full 4096x4096 array (no subsampling), on the TPU bf16-style layout from the seed document.
 */
import { defineBenchSuite } from '@tilekit/bench';
import { type ArrayShape, inverseMap, linearIndex, offsetMap, parseShape } from '@tilekit/layout';

const TEXT = 'f32[4096,4096]{1,0:T(8,128)(2,1)}';
// A `*` in a later tile joins the row and column tables into one.
const COMBINED_TEXT = 'f32[4096,4096]{1,0:T(8,128)(*,3)}';
// Parsed once, so the baseline pays for indexing, not for re-parsing the text per call.
const shape = parseShape(TEXT) as ArrayShape;
const combinedShape = parseShape(COMBINED_TEXT) as ArrayShape;
const ROWS = 4096;
const COLS = 4096;
const ELEMENTS = ROWS * COLS;

/** The per-element baseline: a row-major walk calling linearIndex for every element. */
function offsetsByLinearIndex(of: ArrayShape = shape): Int32Array {
  const out = new Int32Array(ELEMENTS);
  const index = [0, 0];
  for (let r = 0, i = 0; r < ROWS; r++) {
    index[0] = r;
    for (let c = 0; c < COLS; c++, i++) {
      index[1] = c;
      out[i] = linearIndex(of, index);
    }
  }
  return out;
}

/** The same walk scattering logical positions, which is what inverseMap returns. */
function inverseByLinearIndex(): Int32Array {
  const out = new Int32Array(ELEMENTS).fill(-1);
  const index = [0, 0];
  for (let r = 0, i = 0; r < ROWS; r++) {
    index[0] = r;
    for (let c = 0; c < COLS; c++, i++) {
      index[1] = c;
      out[linearIndex(shape, index)] = i;
    }
  }
  return out;
}

export default defineBenchSuite({
  name: 'layout: offsetMap / inverseMap',
  cases: [
    {
      name: `offsetMap ${TEXT}`,
      items: ELEMENTS,
      ours: { label: 'offsetMap', fn: () => offsetMap(shape) },
      baselines: [{ label: 'loop of linearIndex', fn: () => offsetsByLinearIndex() }],
      goal: '>= 20x baseline, >= 100 M items/s',
      extra: () => ({ 'map bytes': ELEMENTS * 4 }),
    },
    {
      name: `inverseMap ${TEXT}`,
      items: ELEMENTS,
      ours: { label: 'inverseMap', fn: () => inverseMap(shape) },
      baselines: [{ label: 'loop of linearIndex (scatter)', fn: inverseByLinearIndex }],
      goal: '>= 20x baseline, >= 100 M items/s',
      extra: () => ({ 'map bytes': ELEMENTS * 4 }),
    },
    {
      name: `offsetMap ${COMBINED_TEXT}`,
      items: ELEMENTS,
      ours: { label: 'offsetMap', fn: () => offsetMap(combinedShape) },
      baselines: [{ label: 'loop of linearIndex', fn: () => offsetsByLinearIndex(combinedShape) }],
      goal: '>= 20x baseline, within 2x of offsetMap without *',
      extra: () => ({ 'map bytes': ELEMENTS * 4 }),
    },
  ],
});
