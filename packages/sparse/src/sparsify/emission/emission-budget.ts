/**
 * A bound on how much code one kernel function's loop nests may emit. Each loop emits one
 * loop per lattice point and, inside it, the loops of the next index for every case, so the
 * points of nested loops multiply: six sparse operands under `+` need 63 points at one loop
 * (within `MAX_LATTICE_POINTS`), and at every one of three nested loops their nest
 * grows past a million operations, which takes seconds to emit and the vectorizer and the
 * engines longer still, and at five loops exhausts the heap. The budget counts what decides
 * the code's size as the nest is planned: at every loop, each lattice point's expression
 * terms (plus one for the point), and stops the emission with a {@link SparsifyError} once
 * the count passes {@link MAX_EMITTED_TERMS}, long before memory runs short.
 */

import { SparsifyError } from '../errors.js';
import type { LatticePoint } from '../planning/lattice-point.js';
import { nodesOf } from '../planning/notation.js';

/**
 * Most lattice terms one kernel function's loop nests may emit: the sum, over every loop the
 * nest emits, of each lattice point's expression terms plus one. Five sparse matrices under
 * `+` need about 2,700, six about 12,700 (and 170 k operations); six rank-3 tensors would
 * need 106,000 (1.2 M operations).
 */
export const MAX_EMITTED_TERMS = 16384;

/** What one kernel function's loop nests have emitted so far (see the module comment). */
export class EmissionBudget {
  #spent = 0;

  /** Counts the lattice `points` of one loop; a {@link SparsifyError} once past the budget. */
  spend(points: readonly LatticePoint[]): void {
    for (const point of points) this.#spent += 1 + nodesOf(point.expr).length;
    if (this.#spent > MAX_EMITTED_TERMS) {
      throw new SparsifyError(
        'expression',
        `its loop nest needs more than ${MAX_EMITTED_TERMS} lattice terms (the lattice points of nested loops multiply: too many sparse operands combined by +, -, max or min over several indices); split the kernel`,
      );
    }
  }
}
