/**
 * The arith ops that every source-generating engine (JavaScript, WGSL, GLSL) writes as one infix
 * operator, and that operator. The languages agree on these symbols; what differs (wrapping,
 * rounding, booleans) stays with each engine.
 */

/** Integer binary ops and their infix operator. */
export const INT_INFIX: Readonly<Record<string, string>> = {
  'arith.addi': '+',
  'arith.subi': '-',
  'arith.muli': '*',
  'arith.andi': '&',
  'arith.ori': '|',
  'arith.xori': '^',
};

/** Float binary ops and their infix operator. */
export const FLOAT_INFIX: Readonly<Record<string, string>> = {
  'arith.addf': '+',
  'arith.subf': '-',
  'arith.mulf': '*',
  'arith.divf': '/',
};
