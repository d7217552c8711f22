/** `affine` dialect definitions: map application and min/max over map results. */
import { defineOp, type OpDef } from '../op-def.js';

function mapOp(name: string): OpDef {
  return defineOp(`affine.${name}`, {
    operands: ['...mapOperands'],
    results: ['result'],
    traits: ['pure'],
    constraints: [
      { rule: 'attr', name: 'map', kind: 'affineMap' },
      { rule: 'typeKind', refs: ['mapOperands', 'result'], kinds: ['index'] },
      { rule: 'check', name: 'affineMapOperands' },
    ],
  });
}

/** `affine.apply`, `affine.min`, `affine.max`. */
export const AFFINE_OPS: readonly OpDef[] = [mapOp('apply'), mapOp('min'), mapOp('max')];
