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

type Triplet = readonly [row: number, col: number, value: number];

const at = (array: ArrayLike<number | bigint> | undefined, k: number): number =>
  Number((array as ArrayLike<number | bigint>)[k]);

/** A rank-2 tensor's stored entries, in storage order (any dense/compressed/singleton levels). */
export function storedEntries(t: SparseTensor): Triplet[] {
  const [level0, level1] = t.format.levels as [string, string];
  const [size0, size1] = t.levelSizes as [number, number];
  const rowFirst = t.format.order[0] === 0;
  const out: Triplet[] = [];
  const emit = (c0: number, c1: number, position: number) => {
    const value = at(t.values as ArrayLike<number | bigint>, position);
    out.push(rowFirst ? [c0, c1, value] : [c1, c0, value]);
  };
  const visit = (parent: number, c0: number) => {
    if (level1 === 'dense') {
      for (let j = 0; j < size1; j++) emit(c0, j, parent * size1 + j);
    } else if (level1.startsWith('compressed')) {
      const pos = t.positions[1];
      for (let p = at(pos, parent); p < at(pos, parent + 1); p++) {
        emit(c0, at(t.coordinates[1], p), p);
      }
    } else {
      emit(c0, at(t.coordinates[1], parent), parent);
    }
  };
  if (level0 === 'dense') {
    for (let i = 0; i < size0; i++) visit(i, i);
  } else {
    for (let p = at(t.positions[0], 0); p < at(t.positions[0], 1); p++) {
      visit(p, at(t.coordinates[0], p));
    }
  }
  return out;
}

/** A scipy matrix's stored entries, in its storage order. */
function scipyEntries(result: ScipyResult): Triplet[] {
  const out: Triplet[] = [];
  if (result.kind === 'coo') {
    for (let k = 0; k < result.row.length; k++) {
      out.push([result.row[k] as number, result.col[k] as number, result.data[k] as number]);
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
  const nonzero = (e: Triplet) => e[2] !== 0;
  const a = storedEntries(ours).filter(nonzero);
  const b = scipyEntries(theirs).filter(nonzero);
  if (a.length !== b.length) fail(`${a.length} non-zero entries against scipy's ${b.length}`);
  for (let k = 0; k < a.length; k++) {
    const [ra, ca, va] = a[k] as Triplet;
    const [rb, cb, vb] = b[k] as Triplet;
    if (ra !== rb || ca !== cb || !close(va, vb, tolerance)) {
      fail(`entry ${k}: (${ra}, ${ca}) = ${va} against scipy's (${rb}, ${cb}) = ${vb}`);
    }
  }
}
