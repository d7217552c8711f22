/** `vector` dialect definitions used by (sparse) loop vectorization. */
import { defineOp, type OpDef } from '../op-def.js';

const MEMORY_CHECK = { rule: 'check', name: 'vectorMemoryAccess' } as const;
const INDICES_ARE_INDEX = { rule: 'typeKind', refs: ['indices'], kinds: ['index'] } as const;
/** `vector.insert` and `vector.extract` address an element or sub-vector by a static position. */
const POSITION = [
  { rule: 'attr', name: 'static_position', kind: 'denseArray' },
  { rule: 'check', name: 'vectorPosition' },
] as const;
/** What both mask constructors require of their result: an i1 vector whose rank fits the operands. */
const I1_MASK_RESULT = [
  { rule: 'typeKind', refs: ['result'], kinds: ['vector'] },
  { rule: 'elementKind', refs: ['result'], kinds: ['i1'] },
  { rule: 'check', name: 'maskRank' },
] as const;

/** What masked reads require: lanes the mask leaves off come from `passThru`, shaped as the result. */
const MASKED_READ = [
  { rule: 'sameType', refs: ['passThru', 'result'] },
  { rule: 'boolLike', ref: 'mask', like: 'result' },
] as const;
/** What masked writes require: one mask lane per stored lane. */
const MASKED_WRITE = { rule: 'boolLike', ref: 'mask', like: 'valueToStore' } as const;

/** Every `vector` op definition. */
export const VECTOR_OPS: readonly OpDef[] = [
  defineOp('vector.broadcast', {
    operands: ['source'],
    results: ['vector'],
    traits: ['pure'],
    constraints: [
      { rule: 'typeKind', refs: ['vector'], kinds: ['vector'] },
      { rule: 'check', name: 'broadcastCompatible' },
    ],
  }),
  defineOp('vector.insert', {
    operands: ['valueToStore', 'dest', '...dynamicPosition'],
    results: ['result'],
    traits: ['pure'],
    constraints: [{ rule: 'sameType', refs: ['dest', 'result'] }, ...POSITION],
  }),
  defineOp('vector.extract', {
    operands: ['source', '...dynamicPosition'],
    results: ['result'],
    traits: ['pure'],
    constraints: POSITION,
  }),
  defineOp('vector.load', {
    operands: ['base', '...indices'],
    results: ['result'],
    effects: 'read',
    constraints: [INDICES_ARE_INDEX, MEMORY_CHECK],
  }),
  defineOp('vector.store', {
    operands: ['valueToStore', 'base', '...indices'],
    effects: 'write',
    constraints: [INDICES_ARE_INDEX, MEMORY_CHECK],
  }),
  defineOp('vector.maskedload', {
    operands: ['base', '...indices', 'mask', 'passThru'],
    results: ['result'],
    effects: 'read',
    constraints: [INDICES_ARE_INDEX, ...MASKED_READ, MEMORY_CHECK],
  }),
  defineOp('vector.maskedstore', {
    operands: ['base', '...indices', 'mask', 'valueToStore'],
    effects: 'write',
    constraints: [INDICES_ARE_INDEX, MASKED_WRITE, MEMORY_CHECK],
  }),
  defineOp('vector.gather', {
    operands: ['base', '...indices', 'indexVec', 'mask', 'passThru'],
    results: ['result'],
    effects: 'read',
    constraints: [
      INDICES_ARE_INDEX,
      ...MASKED_READ,
      { rule: 'sameShape', refs: ['indexVec', 'result'] },
      { rule: 'elementKind', refs: ['indexVec'], kinds: ['intOrIndex'] },
      MEMORY_CHECK,
    ],
  }),
  defineOp('vector.scatter', {
    operands: ['base', '...indices', 'indexVec', 'mask', 'valueToStore'],
    effects: 'write',
    constraints: [
      INDICES_ARE_INDEX,
      MASKED_WRITE,
      { rule: 'sameShape', refs: ['indexVec', 'valueToStore'] },
      { rule: 'elementKind', refs: ['indexVec'], kinds: ['intOrIndex'] },
      MEMORY_CHECK,
    ],
  }),
  defineOp('vector.create_mask', {
    operands: ['...operands'],
    results: ['result'],
    traits: ['pure'],
    constraints: [{ rule: 'typeKind', refs: ['operands'], kinds: ['index'] }, ...I1_MASK_RESULT],
  }),
  defineOp('vector.constant_mask', {
    results: ['result'],
    traits: ['pure'],
    constraints: [{ rule: 'attr', name: 'mask_dim_sizes', kind: 'denseArray' }, ...I1_MASK_RESULT],
  }),
  defineOp('vector.reduction', {
    operands: ['vector', '?acc'],
    results: ['dest'],
    traits: ['pure'],
    constraints: [
      { rule: 'attr', name: 'kind', kind: 'combiningKind' },
      { rule: 'typeKind', refs: ['vector'], kinds: ['vector'] },
      { rule: 'sameType', refs: ['acc', 'dest'] },
      { rule: 'check', name: 'reductionKind' },
    ],
  }),
  defineOp('vector.step', {
    results: ['result'],
    traits: ['pure'],
    constraints: [
      { rule: 'typeKind', refs: ['result'], kinds: ['vector'] },
      { rule: 'elementKind', refs: ['result'], kinds: ['index'] },
    ],
  }),
  defineOp('vector.vscale', {
    results: ['result'],
    traits: ['pure'],
    constraints: [{ rule: 'typeKind', refs: ['result'], kinds: ['index'] }],
  }),
];
