/**
 * Whether this platform gives the pool threads with shared memory, and why not where it does
 * not. Node has `worker_threads`; a page has `SharedArrayBuffer` only when it is cross-origin
 * isolated (COOP/COEP headers), and then module workers that wait with `Atomics.waitAsync`.
 */

/** What {@link threadsUnavailableReason} reads of the global scope. */
export interface ThreadEnvironment {
  readonly SharedArrayBuffer?: unknown;
  readonly crossOriginIsolated?: boolean;
  readonly process?: { readonly versions?: { readonly node?: string } };
  readonly Worker?: unknown;
  readonly Atomics?: { readonly waitAsync?: unknown };
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
  if (typeof global.process?.versions?.node === 'string') return undefined;
  if (typeof global.Worker !== 'function') return 'this platform has no workers';
  if (typeof global.Atomics?.waitAsync !== 'function') {
    return "Atomics.waitAsync is unavailable, which the pool's browser workers wait with";
  }
  return undefined;
}
