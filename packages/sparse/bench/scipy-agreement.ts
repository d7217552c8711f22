/**
 * The scipy suites' check that tilekit computed what scipy computed, made once per case
 * outside the timing: the stored entries of both results, read straight from their storage
 * arrays in storage order (tilekit's levels walked here, not through `convert` or
 * `toCoordinates`, which some cases measure), must name the same coordinates in the same
 * order with the same values. Stored zeros are skipped on both sides (scipy drops a sum that
 * cancels, a kernel may store it). Values must be equal, or within a relative `tolerance`
 * where the two sum in different orders.
 */
import type { ScipyResult } from '@tilekit/bench/scipy';
import type { SparseTensor, ValueArray } from '../src/index.js';

/** A stored entry: its coordinates in dimension order, then its value. */
type Entry = readonly number[];

const at = (array: ArrayLike<number | bigint> | undefined, k: number): number =>
  Number((array as ArrayLike<number | bigint>)[k]);

/**
 * A tensor's stored entries of any rank, in storage order (dense, compressed and singleton
 * levels of any kind; not block or structured formats, which no scipy result has), each as
 * its coordinates in dimension order followed by its value.
 */
export function storedEntries(t: SparseTensor): Entry[] {
  const { levels, order } = t.format;
  if (t.format.expressions !== undefined) {
    throw new Error('storedEntries does not read formats with level expressions');
  }
  const values = t.values as ArrayLike<number | bigint>;
  const out: Entry[] = [];
  const levelCoordinates: number[] = [];
  // Level `l` below stored position `parent` of level `l - 1` (the root's is 0).
  const visit = (l: number, parent: number) => {
    if (l === levels.length) {
      const entry = new Array<number>(levels.length + 1);
      order.forEach((d, level) => {
        entry[d] = levelCoordinates[level] as number;
      });
      entry[levels.length] = at(values, parent);
      out.push(entry);
      return;
    }
    const level = levels[l] as string;
    const enter = (position: number, coordinate: number) => {
      levelCoordinates[l] = coordinate;
      visit(l + 1, position);
    };
    if (level === 'dense') {
      const size = t.levelSizes[l] as number;
      for (let c = 0; c < size; c++) enter(parent * size + c, c);
    } else if (level.startsWith('singleton')) {
      enter(parent, at(t.coordinates[l], parent));
    } else if (level.startsWith('compressed') || level.startsWith('loose_compressed')) {
      // The parent's segment (a loose level keeps a start and an end per parent); below a
      // non-unique level, singleton children share its positions: one entry per position.
      const pair = level.startsWith('loose') ? 2 : 1;
      const last = at(t.positions[l], pair * parent + 1);
      for (let p = at(t.positions[l], pair * parent); p < last; p++) {
        enter(p, at(t.coordinates[l], p));
      }
    } else throw new Error(`storedEntries does not read ${level} levels`);
  };
  visit(0, 0);
  return out;
}

/** A scipy result's stored entries, in its storage order, as {@link storedEntries} gives them. */
function scipyEntries(result: ScipyResult): Entry[] {
  const out: Entry[] = [];
  if (result.kind === 'coo') {
    for (let k = 0; k < result.data.length; k++) {
      out.push([...result.coords.map((c) => c[k] as number), result.data[k] as number]);
    }
  } else if (result.kind === 'csr' || result.kind === 'csc') {
    for (let outer = 0; outer + 1 < result.indptr.length; outer++) {
      for (let p = result.indptr[outer] as number; p < (result.indptr[outer + 1] as number); p++) {
        const inner = result.indices[p] as number;
        const value = result.data[p] as number;
        out.push(result.kind === 'csr' ? [outer, inner, value] : [inner, outer, value]);
      }
    }
  }
  return out;
}

function close(a: number, b: number, tolerance: number): boolean {
  return a === b || Math.abs(a - b) <= tolerance * Math.max(1, Math.abs(a), Math.abs(b));
}

/**
 * Throws, naming the first difference, unless tilekit's result (a sparse tensor, or a dense
 * row-major array) holds what scipy's does.
 */
export function expectSameAsScipy(
  what: string,
  ours: SparseTensor | ValueArray,
  theirs: ScipyResult,
  tolerance = 0,
): void {
  const fail = (detail: string): never => {
    throw new Error(`${what}: tilekit and scipy disagree: ${detail}`);
  };
  if (ArrayBuffer.isView(ours)) {
    if (theirs.kind !== 'dense') fail(`scipy returned a ${theirs.kind} matrix, tilekit an array`);
    if (ours.length !== theirs.data.length) {
      fail(`${ours.length} elements against scipy's ${theirs.data.length}`);
    }
    for (let k = 0; k < ours.length; k++) {
      const a = Number(ours[k]);
      const b = theirs.data[k] as number;
      if (!close(a, b, tolerance)) fail(`element ${k}: ${a} against scipy's ${b}`);
    }
    return;
  }
  if (ours.shape.join() !== theirs.shape.join()) {
    fail(`shape [${ours.shape}] against scipy's [${theirs.shape}]`);
  }
  const rank = ours.shape.length;
  const nonzero = (e: Entry) => e[rank] !== 0;
  const a = storedEntries(ours).filter(nonzero);
  const b = scipyEntries(theirs).filter(nonzero);
  if (a.length !== b.length) fail(`${a.length} non-zero entries against scipy's ${b.length}`);
  const coordinatesOf = (e: Entry) => e.slice(0, rank);
  for (let k = 0; k < a.length; k++) {
    const ea = a[k] as Entry;
    const eb = b[k] as Entry;
    const [va, vb] = [ea[rank] as number, eb[rank] as number];
    if (coordinatesOf(ea).join() !== coordinatesOf(eb).join() || !close(va, vb, tolerance)) {
      fail(
        `entry ${k}: (${coordinatesOf(ea).join(', ')}) = ${va} against scipy's (${coordinatesOf(eb).join(', ')}) = ${vb}`,
      );
    }
  }
}
