/** `memref` dialect definitions: scalar loads/stores and shape queries. */
import { defineOp, type OpDef } from '../op-def.js';

/** What a scalar load or store requires: a memref addressed by index-typed indices that fit its rank. */
const MEMREF_ACCESS = [
  { rule: 'typeKind', refs: ['memref'], kinds: ['memref'] },
  { rule: 'typeKind', refs: ['indices'], kinds: ['index'] },
  { rule: 'check', name: 'memrefAccess' },
] as const;

/** `memref.load`, `memref.store`, `memref.dim`. */
export const MEMREF_OPS: readonly OpDef[] = [
  defineOp('memref.load', {
    operands: ['memref', '...indices'],
    results: ['result'],
    effects: 'read',
    constraints: MEMREF_ACCESS,
  }),
  defineOp('memref.store', {
    operands: ['value', 'memref', '...indices'],
    effects: 'write',
    constraints: MEMREF_ACCESS,
  }),
  defineOp('memref.dim', {
    operands: ['source', 'index'],
    results: ['result'],
    traits: ['pure'],
    constraints: [
      { rule: 'typeKind', refs: ['source'], kinds: ['memref'] },
      { rule: 'typeKind', refs: ['index', 'result'], kinds: ['index'] },
    ],
  }),
];
