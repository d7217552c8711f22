/**
 * The layout ops remember resolved layout texts, layout ranks and physical element counts
 * (src/layout/layout-argument.ts, src/ops/layout-op-checks.ts). Remembering may change only the
 * speed: every call in a random sequence of good and bad texts, across ops and arguments, must
 * return or throw exactly what the same call returns or throws from freshly loaded modules,
 * whose memos are empty.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';

type Checks = typeof import('../src/ops/layout-op-checks.js');
type Argument = typeof import('../src/layout/layout-argument.js');

const TEXTS = [
  '{1,0:T(8,128)}',
  '{1,0:T(2,2)}',
  '{0,1}',
  '{1,0:T(8,128)(2,1)}',
  '{2,1,0:T(4,4)}',
  'f32[8,128]{1,0:T(8,128)}',
  'f32[6,10]{1,0:T(2,2)}',
  's32[6,10]{0,1}',
  'f32[?,10]{1,0}',
  '{1,0:T(8,128',
  '{1,1}',
  'f32[6,10]{1,0:T(0,2)}',
  'nonsense',
];
const DIMS = [
  [8, 128],
  [6, 10],
  [4, 4, 4],
];
const OPS = ['relayout', 'unrelayout', 'convertLayout'];

/** What a call gives: its value, or its error's class, fields and message. */
function outcome(call: () => unknown): unknown {
  try {
    return { value: call() };
  } catch (error) {
    const e = error as Error & { op?: string; argument?: string };
    return { error: e.name, op: e.op, argument: e.argument, message: e.message };
  }
}

/** One call of each memoized path, through `argument` and `checks`. */
function callsOf(argument: Argument, checks: Checks, op: string, text: string, dims: number[]) {
  return [
    () => argument.resolveLayoutSpec(op, 'layout', text),
    () => argument.resolveLayoutFor(op, 'to', text, dims),
    () =>
      checks.physicalOutputSize(
        op,
        'layout',
        'float32',
        dims,
        argument.resolveLayoutFor(op, 'layout', text, dims),
      ),
  ];
}

async function fresh(): Promise<[Argument, Checks]> {
  vi.resetModules();
  return [
    await import('../src/layout/layout-argument.js'),
    await import('../src/ops/layout-op-checks.js'),
  ];
}

describe('remembered layout texts and counts', () => {
  it('answer every call as freshly loaded modules do', async () => {
    const [argument, checks] = await fresh();
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(fc.constantFrom(...OPS), fc.constantFrom(...TEXTS), fc.constantFrom(...DIMS)),
          { minLength: 1, maxLength: 8 },
        ),
        async (calls) => {
          for (const [op, text, dims] of calls) {
            const [freshArgument, freshChecks] = await fresh();
            const expected = callsOf(freshArgument, freshChecks, op, text, dims).map(outcome);
            // Twice: the first call may fill the memo, the second must read it.
            for (let k = 0; k < 2; k++)
              expect(callsOf(argument, checks, op, text, dims).map(outcome)).toEqual(expected);
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('hands out dimensions no caller can change', async () => {
    const [argument] = await fresh();
    const resolved = argument.resolveLayoutSpec('unrelayout', 'shape', 'f32[6,10]{1,0:T(2,2)}');
    expect(() => (resolved.dims as number[]).push(1)).toThrow(TypeError);
    expect(argument.resolveLayoutSpec('unrelayout', 'shape', 'f32[6,10]{1,0:T(2,2)}').dims).toEqual(
      [6, 10],
    );
  });
});
