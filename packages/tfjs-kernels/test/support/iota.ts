/** `[f(0), f(1), ..., f(n - 1)]`: the values of a test tensor (`0 .. n - 1` by default). */
export function iota(n: number, f: (k: number) => number = (k) => k): number[] {
  return Array.from({ length: n }, (_, k) => f(k));
}
