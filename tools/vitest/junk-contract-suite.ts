import { callableExports, type JunkTarget, junkCallFailures } from '@tilekit/test-support/junk';
import { expect, it } from 'vitest';

/**
 * Registers the Vitest tests every package's error-contract suite makes (inside its
 * `describe`): its targets are exactly the package's exported functions and classes, and for
 * each junk stream in `seeds` no call of a target breaks the contract (see
 * `@tilekit/test-support/junk`); `error` names the package's error (`a LayoutError`).
 */
export function itKeepsTheErrorContract(
  namespace: Readonly<Record<string, unknown>>,
  targets: Readonly<Record<string, JunkTarget>>,
  error: string,
  seeds: readonly number[] = [1, 2],
): void {
  it('the targets are every exported function and class', () => {
    expect(Object.keys(targets).sort()).toEqual(callableExports(namespace));
  });

  for (const seed of seeds) {
    it(`junk stream ${seed}: a result or ${error} naming a parameter, in every position`, async () => {
      expect(await junkCallFailures(targets, seed)).toEqual([]);
    });
  }
}
