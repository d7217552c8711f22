/**
 * Numerical gradient checks: the vector-Jacobian product `tf.grad(f)(x, dy)` against central
 * differences of `sum(dy * f(x))`, computed from plain arrays.
 */
import { expect } from 'vitest';
import { expectNoLeak, tf } from './tf.js';

/** Central-difference estimate of d/dx sum(dy * f(x)) at `x`, element by element. */
export function finiteDifferenceVjp(
  f: (x: tf.Tensor) => tf.Tensor,
  x: tf.Tensor,
  dy: tf.Tensor,
  step = 0.25,
): number[] {
  const base = Array.from(x.dataSync());
  const weights = dy.dataSync();
  const objective = (values: number[]) =>
    tf.tidy(() => {
      const y = f(tf.tensor(values, x.shape, x.dtype)).dataSync();
      let total = 0;
      for (let k = 0; k < y.length; k++) total += weights[k]! * y[k]!;
      return total;
    });
  return base.map((_, k) => {
    const plus = base.slice();
    const minus = base.slice();
    plus[k]! += step;
    minus[k]! -= step;
    return (objective(plus) - objective(minus)) / (2 * step);
  });
}

/** Asserts that tfjs's gradient of `f` at `x` matches finite differences, leaking nothing. */
export function expectGradientMatchesFiniteDifferences(
  f: (x: tf.Tensor) => tf.Tensor,
  x: tf.Tensor,
  dy: tf.Tensor,
): void {
  const numeric = finiteDifferenceVjp(f, x, dy);
  expectNoLeak(() => {
    const analytic = tf.grad(f)(x, dy);
    expect(analytic.shape).toEqual(x.shape);
    const values = Array.from(analytic.dataSync());
    values.forEach((v, k) => {
      expect(v).toBeCloseTo(numeric[k]!, 3);
    });
    analytic.dispose();
  });
}
