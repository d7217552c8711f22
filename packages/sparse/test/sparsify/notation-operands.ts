/**
 * The operands of a tensor index notation read off its text, for tests that build random inputs
 * for a kernel: a plain pattern over the accesses right of `=`, not the parser under test.
 */

/** Each operand's index variables, in order of appearance (`A(i,j) * b(j)`: A i, j; b j). */
export function operandIndices(expr: string): Readonly<Record<string, readonly string[]>> {
  const rhs = expr.slice(expr.indexOf('=') + 1);
  return Object.fromEntries(
    [...rhs.matchAll(/\b([A-Za-z]\w*)\(([a-z](?:,[a-z])*)\)/g)].map(([, name, indices]) => [
      name as string,
      (indices as string).split(','),
    ]),
  );
}
