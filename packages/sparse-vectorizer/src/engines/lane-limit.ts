/**
 * The engines' side of the vector width limit (see interpret/vector-lanes.ts): a function
 * holding a wider vector is refused before anything proportional to its width is built.
 */
import { overwideMessage, overwideVector } from '../interpret/vector-lanes.js';
import type { Operation } from '../ir/operation.js';
import { EngineUnsupportedError } from './errors.js';

export { MAX_VECTOR_LANES as MAX_ENGINE_LANES } from '../interpret/vector-lanes.js';

/**
 * Throws {@link EngineUnsupportedError} when a value of `func` is a vector of more than
 * `MAX_ENGINE_LANES` lanes at `vscale`.
 */
export function checkVectorLanes(func: Operation, vscale: number): void {
  const wide = overwideVector(func, vscale);
  if (wide !== undefined)
    throw new EngineUnsupportedError(`${wide.opName}: ${overwideMessage(wide.lanes, vscale)}`);
}
