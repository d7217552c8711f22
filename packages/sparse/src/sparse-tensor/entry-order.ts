/**
 * The order in which stored entries are packed: lexicographic by level coordinates, found by
 * least-significant-level-first stable counting sorts. Every pass is linear in the entries
 * plus its bucket count, so building and converting stay linear in `nnz` whatever the input
 * order and however large a level is (a level of up to 2^53 coordinates is sorted by digits).
 */

/** A level no larger than this many buckets past four per entry is sorted in one pass. */
const ONE_PASS_SLACK = 65_536;
/** The most buckets one pass allocates (a larger level is sorted digit by digit). */
const MAX_ONE_PASS_BUCKETS = 2 ** 26;

/**
 * A level's coordinates as sort keys: doubles (a level of up to 2^53 coordinates), or 32-bit
 * integers where every level fits them (half the memory to move).
 */
export type SortKeys = Float64Array | Uint32Array;

/** Entries in sorted order: the permutation (undefined: as given) and the keys it sorts. */
export interface SortedEntries<K extends SortKeys = Float64Array> {
  readonly order: Int32Array | undefined;
  /** `keys[l][k]`: the coordinate at level `l` of the `k`-th entry in sorted order. */
  readonly keys: K[];
}

/** An array of `key`'s kind, `n` long. */
function keysLike<K extends SortKeys>(key: K, n: number): K {
  return new (key.constructor as new (n: number) => K)(n);
}

/**
 * Sorts `count` entries by `keys[0]`, then `keys[1]`, …, stably (entries with equal keys keep
 * their given order, so duplicates are later summed in that order). `keys[l][e]` is entry
 * `e`'s coordinate at level `l`, an integer below `sizes[l]`. Keys already in order are
 * returned as they are.
 */
export function sortEntries<K extends SortKeys>(
  keys: readonly K[],
  sizes: readonly number[],
  count: number,
): SortedEntries<K> {
  if (isLexicographic(keys, count)) return { order: undefined, keys: [...keys] };
  const buffers: SortBuffers = { order: identity(count), scratch: new Int32Array(count) };
  // The first level's one-pass sort writes its sorted keys from the buckets (no gather).
  let first: K | undefined;
  for (let l = keys.length - 1; l >= 0; l--) {
    const key = keys[l] as K;
    if (isAscendingThrough(key, buffers.order)) continue;
    const size = sizes[l] as number;
    if (l === 0 && isOnePass(size, count)) {
      first = keysLike(key, count);
      if (!countingPass(key, size, buffers, first)) first = undefined;
    } else sortBy(key, size, buffers);
  }
  const rest = gathered(first === undefined ? keys : keys.slice(1), buffers.order);
  return { order: buffers.order, keys: first === undefined ? rest : [first, ...rest] };
}

/** Whether a level of `size` coordinates is sorted in one counting pass over `count` entries. */
export function isOnePass(size: number, count: number): boolean {
  return size <= 4 * count + ONE_PASS_SLACK && size <= MAX_ONE_PASS_BUCKETS;
}

interface SortBuffers {
  order: Int32Array;
  scratch: Int32Array;
}

/** `keys` reordered by `order`: `out[l][k] = keys[l][order[k]]`. */
export function gathered<K extends SortKeys>(keys: readonly K[], order: Int32Array): K[] {
  return keys.map((key) => gatherInto(keysLike(key, order.length), key, order));
}

function gatherInto<K extends SortKeys>(out: K, key: K, order: Int32Array): K {
  for (let k = 0; k < order.length; k++) out[k] = key[order[k] as number] as number;
  return out;
}

function identity(count: number): Int32Array {
  const order = new Int32Array(count);
  for (let e = 0; e < count; e++) order[e] = e;
  return order;
}

/** Whether the coordinate tuples never decrease (repeats allowed: they are summed later). */
function isLexicographic(keys: readonly SortKeys[], count: number): boolean {
  const rank = keys.length;
  const first = keys[0];
  if (first === undefined) return true;
  for (let e = 1; e < count; e++) {
    const a = first[e - 1] as number;
    const b = first[e] as number;
    if (b > a) continue;
    if (b < a) return false;
    for (let l = 1; l < rank; l++) {
      const key = keys[l] as SortKeys;
      const x = key[e - 1] as number;
      const y = key[e] as number;
      if (y > x) break;
      if (y < x) return false;
    }
  }
  return true;
}

function isAscendingThrough(key: SortKeys, order: Int32Array): boolean {
  let previous = -1;
  for (let k = 0; k < order.length; k++) {
    const c = key[order[k] as number] as number;
    if (c < previous) return false;
    previous = c;
  }
  return true;
}

/**
 * Stably re-sorts `buffers.order` by `key` (coordinates below `size`): one counting pass when
 * the level is small next to the entries, else one pass per digit, least significant first,
 * with digits about as wide as the entry count (so a pass costs about two entries' worth).
 */
function sortBy(key: SortKeys, size: number, buffers: SortBuffers): void {
  const count = buffers.order.length;
  if (isOnePass(size, count)) {
    countingPass(key, size, buffers);
    return;
  }
  const bits = Math.min(16, Math.max(8, Math.ceil(Math.log2(count + 1))));
  const radix = 2 ** bits;
  for (let divisor = 1; divisor < size; divisor *= radix) {
    countingPass(digitsOf(key, radix, divisor), radix, buffers);
  }
}

/**
 * One stable counting-sort pass by `digits` (each below `buckets`); the result becomes
 * `buffers.order` (the old order the scratch), and `sorted` (when given) receives the digits
 * in sorted order. A pass whose digits are all equal moves nothing and is skipped (false).
 */
function countingPass(
  digits: SortKeys | Int32Array,
  buckets: number,
  buffers: SortBuffers,
  sorted?: SortKeys,
): boolean {
  const { order, scratch } = buffers;
  const count = order.length;
  const starts = new Int32Array(buckets + 1);
  for (let e = 0; e < count; e++) {
    const c = (digits[e] as number) + 1;
    starts[c] = (starts[c] as number) + 1;
  }
  for (let c = 0; c < buckets; c++) {
    if (starts[c + 1] === count) return false;
    starts[c + 1] = (starts[c + 1] as number) + (starts[c] as number);
  }
  for (let k = 0; k < count; k++) {
    const e = order[k] as number;
    const c = digits[e] as number;
    const to = starts[c] as number;
    scratch[to] = e;
    starts[c] = to + 1;
  }
  buffers.order = scratch;
  buffers.scratch = order;
  if (sorted !== undefined) {
    // Bucket c now ends at starts[c].
    let k = 0;
    for (let c = 0; c < buckets; c++) {
      const end = starts[c] as number;
      while (k < end) sorted[k++] = c;
    }
  }
  return true;
}

/**
 * Each key's digit `floor(key / divisor) % buckets`, without `%` on doubles (a library call
 * in JavaScript engines): keys reach 2^53, past what integer operators take.
 */
function digitsOf(key: SortKeys, buckets: number, divisor: number): Int32Array {
  const digits = new Int32Array(key.length);
  for (let e = 0; e < key.length; e++) {
    const q = Math.floor((key[e] as number) / divisor);
    digits[e] = q - Math.floor(q / buckets) * buckets;
  }
  return digits;
}
