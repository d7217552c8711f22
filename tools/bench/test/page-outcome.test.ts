/**
 * A browser suite's outcome survives the page reloading under it (Vite optimizing a late
 * dependency): any number of reloads up to the limit, at any point of the wait, gives the
 * outcome the reloaded page publishes; one reload more, or any other error, is thrown.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_RELOADS, type OutcomePage, outcomeOf } from '../src/browser/page-outcome.ts';

const RELOAD =
  'jsHandle.jsonValue: Execution context was destroyed, most likely because of a navigation';
const RELOAD_WHILE_WAITING = 'page.waitForFunction: Execution context was destroyed';

/** A page whose waits fail with `failures` (in order), then publish `outcome`. */
function stubPage(
  failures: readonly { message: string; during: 'wait' | 'read' }[],
  outcome: unknown,
) {
  let attempt = 0;
  let loads = 0;
  const page = {
    async waitForFunction() {
      const failure = failures[attempt];
      attempt++;
      if (failure?.during === 'wait') throw new Error(failure.message);
      return {
        async jsonValue() {
          if (failure?.during === 'read') throw new Error(failure.message);
          return outcome;
        },
      };
    },
    async waitForLoadState() {
      loads++;
    },
  } as unknown as OutcomePage;
  return { page, attempts: () => attempt, loads: () => loads };
}

const reloads = (max: number) =>
  fc.array(
    fc.record({
      message: fc.constantFrom(RELOAD, RELOAD_WHILE_WAITING),
      during: fc.constantFrom('wait' as const, 'read' as const),
    }),
    { maxLength: max },
  );

describe('outcomeOf', () => {
  it('returns the outcome after up to MAX_RELOADS reloads, waiting for each load', async () => {
    await fc.assert(
      fc.asyncProperty(reloads(MAX_RELOADS), fc.integer(), async (failures, value) => {
        const stub = stubPage(failures, { result: value });
        await expect(outcomeOf(stub.page, 1000)).resolves.toEqual({ result: value });
        expect(stub.attempts()).toBe(failures.length + 1);
        expect(stub.loads()).toBe(failures.length);
      }),
      { seed: 2026, numRuns: 50 },
    );
  });

  it('throws past MAX_RELOADS reloads, and at once for any other error', async () => {
    const tooMany = Array.from({ length: MAX_RELOADS + 1 }, () => ({
      message: RELOAD,
      during: 'read' as const,
    }));
    await expect(outcomeOf(stubPage(tooMany, {}).page, 1000)).rejects.toThrow(/destroyed/);
    const timeout = stubPage([{ message: 'Timeout 1000ms exceeded', during: 'wait' }], {});
    await expect(outcomeOf(timeout.page, 1000)).rejects.toThrow(/Timeout/);
    expect(timeout.attempts()).toBe(1);
  });
});
