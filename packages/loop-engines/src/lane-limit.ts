/**
 * The engines' side of the vector width limit (see @tilekit/loop-ir's interpret/vector-lanes.ts): a function
 * holding a wider vector is refused before anything proportional to its width is built.
 */

import type { Operation } from '@tilekit/loop-ir';
import { overwideMessage, overwideVector } from '@tilekit/loop-ir/semantics';
import { expectInteger, expectOperation } from './argument-checks.js';
import { EngineUnsupportedError } from './errors.js';

/**
 * Throws {@link EngineUnsupportedError} when a value of `func` is a vector of more than
 * `MAX_VECTOR_LENGTH` (@tilekit/loop-ir) lanes at `vscale`.
 */
export function checkVectorLanes(func: Operation, vscale: number): void {
  expectOperation(func, 'func');
  expectInteger(vscale, 'vscale', 1);
  const wide = overwideVector(func, vscale);
  if (wide !== undefined)
    throw new EngineUnsupportedError(`${wide.opName}: ${overwideMessage(wide.lanes, vscale)}`);
}
