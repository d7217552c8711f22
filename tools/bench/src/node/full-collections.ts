/**
 * The full (mark-compact) garbage collections of the measured process during each case.
 *
 * A case that returns fresh arrays on every call can run in one of two states of V8's
 * collector in a small process: scavenges alone, or a full collection every few tens of
 * milliseconds (V8 counts the external memory of dead, not yet swept arrays against the old
 * generation's limit). The second state adds a sixth to half to such a case's median, so the
 * report shows how many full collections each case ran through, beside its times.
 */
import { constants, type PerformanceEntry, PerformanceObserver } from 'node:perf_hooks';
import type { CaseProbe } from '../harness.js';

/** One full collection: when it started (`performance.now()` time) and how long it took. */
interface Collection {
  readonly startMs: number;
  readonly durationMs: number;
}

/**
 * Starts recording full collections; the probe reports, for a case's span, how many began in
 * it and their total time (`full GCs in this process`), and forgets those before the span's end.
 */
export function fullCollectionsProbe(): CaseProbe {
  let collections: Collection[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const { detail } = entry as PerformanceEntry & { detail?: { kind?: number } };
      if (detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)
        collections.push({ startMs: entry.startTime, durationMs: entry.duration });
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return async (startMs, endMs) => {
    // Collections arrive on a later turn of the event loop.
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
    const inSpan = collections.filter((c) => c.startMs >= startMs && c.startMs <= endMs);
    collections = collections.filter((c) => c.startMs > endMs);
    const ms = inSpan.reduce((sum, c) => sum + c.durationMs, 0);
    return { 'full GCs in this process': `${inSpan.length} (${ms.toFixed(1)} ms)` };
  };
}
