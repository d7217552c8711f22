/** `scf` dialect definitions: structured loops and conditionals. */
import { defineOp, type OpDef } from '../op-def.js';

/** `scf.if` and `scf.condition` branch on one scalar i1. */
const SCALAR_I1_CONDITION = [
  { rule: 'elementKind', refs: ['condition'], kinds: ['i1'] },
  { rule: 'typeKind', refs: ['condition'], kinds: ['scalar'] },
] as const;

/** `scf.for`, `scf.while`, `scf.if` and their terminators. */
export const SCF_OPS: readonly OpDef[] = [
  defineOp('scf.for', {
    operands: ['lowerBound', 'upperBound', 'step', '...initArgs'],
    results: ['...results'],
    regions: 1,
    effects: 'recursive',
    constraints: [
      { rule: 'sameType', refs: ['lowerBound', 'upperBound', 'step'] },
      { rule: 'elementKind', refs: ['lowerBound'], kinds: ['intOrIndex'] },
      { rule: 'typeKind', refs: ['lowerBound'], kinds: ['scalar'] },
      { rule: 'check', name: 'forLoop' },
    ],
  }),
  defineOp('scf.while', {
    operands: ['...inits'],
    results: ['...results'],
    regions: 2,
    effects: 'recursive',
    constraints: [{ rule: 'check', name: 'whileLoop' }],
  }),
  defineOp('scf.if', {
    operands: ['condition'],
    results: ['...results'],
    regions: 2,
    effects: 'recursive',
    constraints: [...SCALAR_I1_CONDITION, { rule: 'check', name: 'ifBranches' }],
  }),
  defineOp('scf.yield', { operands: ['...results'], traits: ['terminator'], effects: 'none' }),
  defineOp('scf.condition', {
    operands: ['condition', '...args'],
    traits: ['terminator'],
    effects: 'none',
    constraints: SCALAR_I1_CONDITION,
  }),
];
