/** Named structural checks referenced by op definitions (`{rule: 'check', name}`). */
import type { VerifyContext } from '../context.js';
import { affineMapOperands, constantValue, indexCast, selectCondition } from './arith.js';
import { funcSignature, returnMatchesFunction } from './func.js';
import { memrefAccess, vectorMemoryAccess } from './memory.js';
import { forLoop, ifBranches, whileLoop } from './scf.js';
import { broadcastCompatible, maskRank, reductionKind, vectorPosition } from './vector.js';

/** Every named check, by the name op definitions use. */
export const CHECKS: ReadonlyMap<string, (ctx: VerifyContext) => void> = new Map(
  Object.entries({
    affineMapOperands,
    broadcastCompatible,
    constantValue,
    forLoop,
    funcSignature,
    ifBranches,
    indexCast,
    maskRank,
    memrefAccess,
    reductionKind,
    returnMatchesFunction,
    selectCondition,
    vectorMemoryAccess,
    vectorPosition,
    whileLoop,
  }),
);
