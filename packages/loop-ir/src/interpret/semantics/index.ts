/** The semantics table: every executable op, keyed by name. */
import type { OpSemantics } from './context.js';
import { CONTROL_SEMANTICS } from './control.js';
import { ELEMENTWISE_SEMANTICS } from './elementwise.js';
import { MEMORY_SEMANTICS } from './memory.js';
import { VECTOR_SEMANTICS } from './vector.js';

/** Op name -> semantics. Terminators (`scf.yield`, `scf.condition`, `func.return`) are not here. */
export const SEMANTICS: ReadonlyMap<string, OpSemantics> = new Map([
  ...ELEMENTWISE_SEMANTICS,
  ...MEMORY_SEMANTICS,
  ...VECTOR_SEMANTICS,
  ...CONTROL_SEMANTICS,
]);

export type { ExecContext, OpSemantics } from './context.js';
