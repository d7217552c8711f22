/** `func` dialect definitions. */
import { defineOp, type OpDef } from '../op-def.js';

/** `func.func`, `func.return`, `func.call`. */
export const FUNC_OPS: readonly OpDef[] = [
  defineOp('func.func', {
    regions: 1,
    traits: ['symbol'],
    constraints: [
      { rule: 'attr', name: 'sym_name', kind: 'string' },
      { rule: 'attr', name: 'function_type', kind: 'type' },
      { rule: 'check', name: 'funcSignature' },
    ],
  }),
  defineOp('func.return', {
    operands: ['...operands'],
    traits: ['terminator'],
    effects: 'none',
    constraints: [{ rule: 'check', name: 'returnMatchesFunction' }],
  }),
  defineOp('func.call', {
    operands: ['...operands'],
    results: ['...results'],
    // No effect information: a callee may read or write any memory.
    effects: 'unknown',
    constraints: [{ rule: 'attr', name: 'callee', kind: 'symbolRef' }],
  }),
];
