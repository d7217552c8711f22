/**
 * Detaches one throwaway ArrayBuffer when `TILEKIT_BENCH_DETACH=1`: the state a process is in
 * once anything has transferred a buffer (a worker `postMessage` with a transfer list, a grown
 * WebAssembly memory, some module loaders). From then on V8 checks a buffer's detached bit on
 * every typed-array access, for the rest of the process. Imported first by each suite bundle.
 */
if (process.env.TILEKIT_BENCH_DETACH === '1') {
  const throwaway = new ArrayBuffer(8);
  structuredClone(throwaway, { transfer: [throwaway] });
}
