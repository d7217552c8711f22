import { env } from '@tensorflow/tfjs-core';

/**
 * Silences tfjs's "install tfjs-node" console banner in the demo's output. `PROD` only turns off
 * debug checks and warnings; it changes no numerics.
 */
export function quietTfjs(): void {
  env().set('PROD', true);
}

/** "1.51x faster" / "1.72x slower" for a ratio of baseline time to our time. */
export function speedupPhrase(ratio: number): string {
  return ratio >= 1 ? `${ratio.toFixed(2)}x faster` : `${(1 / ratio).toFixed(2)}x slower`;
}
