/**
 * Dense references shared by the block sparse and n:m structured tests: random small-integer
 * matrices, n:m pruning and a matrix product, each a plain loop over row-major data.
 */

/** A float array type the references fill. */
type FloatArrayType = Float32ArrayConstructor | Float64ArrayConstructor;

/** A random `rows x cols` matrix with about `density` non-zeros (small integers). */
export function randomMatrix<T extends FloatArrayType = Float32ArrayConstructor>(
  rows: number,
  cols: number,
  density: number,
  next: () => number,
  type: T = Float32Array as T,
): InstanceType<T> {
  const out = new type(rows * cols);
  for (let k = 0; k < out.length; k++) out[k] = next() < density ? 1 + Math.floor(next() * 9) : 0;
  return out as InstanceType<T>;
}

/** `data` with only the first `n` non-zeros of each group of `m` columns kept. */
export function pruned<T extends Float32Array | Float64Array>(
  data: T,
  rows: number,
  cols: number,
  n: number,
  m: number,
): T {
  const out = data.slice() as T;
  for (let i = 0; i < rows; i++) {
    for (let g = 0; g < cols; g += m) {
      let kept = 0;
      for (let j = g; j < g + m; j++) {
        if (out[i * cols + j] !== 0 && ++kept > n) out[i * cols + j] = 0;
      }
    }
  }
  return out;
}

/** `A * B` in float32 (`A` is `n x m`, `B` is `m x p`). */
export function matmul(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  n: number,
  m: number,
  p: number,
): Float32Array {
  const out = new Float32Array(n * p);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < m; j++) {
      for (let k = 0; k < p; k++) {
        out[i * p + k] =
          (out[i * p + k] as number) + (a[i * m + j] as number) * (b[j * p + k] as number);
      }
    }
  }
  return out;
}
