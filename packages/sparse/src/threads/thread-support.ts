/**
 * Whether this platform gives the pool threads with shared memory, and why not where it does
 * not. Node has `worker_threads`; a page has `SharedArrayBuffer` only when it is cross-origin
 * isolated (COOP/COEP headers), and the pool's browser workers are not built yet.
 */

/** What {@link threadsUnavailableReason} reads of the global scope. */
export interface ThreadEnvironment {
  readonly SharedArrayBuffer?: unknown;
  readonly crossOriginIsolated?: boolean;
  readonly process?: { readonly versions?: { readonly node?: string } };
}

/**
 * `undefined` where the pool can start workers, else why it runs on the calling thread
 * (`environment`: the global scope, or a stand-in for one).
 */
export function threadsUnavailableReason(
  environment: ThreadEnvironment = globalThis as ThreadEnvironment,
): string | undefined {
  const global = environment;
  if (typeof global.SharedArrayBuffer !== 'function') {
    return global.crossOriginIsolated === false
      ? 'SharedArrayBuffer is unavailable: the page is not cross-origin isolated (serve it with Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp)'
      : 'SharedArrayBuffer is unavailable on this platform';
  }
  if (typeof global.process?.versions?.node !== 'string') {
    return "the pool's workers are built for Node's worker_threads only; in a browser it runs on the calling thread";
  }
  return undefined;
}
