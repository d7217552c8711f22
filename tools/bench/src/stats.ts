/** Small statistics helpers shared by the Node and browser bench runners. */

/** Median of a non-empty list (mean of the two middle values for even lengths). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('median: values must not be empty');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Formats a duration given in milliseconds with a unit that keeps 3 significant digits. */
export function formatDuration(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toPrecision(3)} s`;
  if (ms >= 1) return `${ms.toPrecision(3)} ms`;
  if (ms >= 1e-3) return `${(ms * 1e3).toPrecision(3)} µs`;
  return `${(ms * 1e6).toPrecision(3)} ns`;
}

/** Formats a rate in items per second (k/M/G suffixes). */
export function formatRate(itemsPerSecond: number): string {
  const units: Array<[number, string]> = [
    [1e9, 'G'],
    [1e6, 'M'],
    [1e3, 'k'],
  ];
  for (const [scale, suffix] of units) {
    if (itemsPerSecond >= scale) return `${(itemsPerSecond / scale).toPrecision(3)} ${suffix}/s`;
  }
  return `${itemsPerSecond.toPrecision(3)} /s`;
}
