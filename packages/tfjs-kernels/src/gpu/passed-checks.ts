/**
 * The data checks a tensor's values have already passed, so that a tensor used call after call
 * (the index tile of a model's scatter, typically) is scanned once, not on every call: a scan of
 * 65,536 offsets took longer than the GPU passes of the call it guarded. tfjs never changes the
 * values behind a `dataId` (an op returns new data; `Variable.assign` moves the variable to
 * another `dataId`), so a check that passed stays passed for as long as the data lives; entries
 * go with their `dataId` (a WeakMap). A failing check records nothing and throws every time.
 */

const passed = new WeakMap<object, Set<string>>();

/**
 * Runs `check` on the data of `dataId` unless a check with the same `key` (what it checks and
 * against which sizes) already passed on it.
 */
export function checkOnce(dataId: object, key: string, check: () => void): void {
  const done = passed.get(dataId);
  if (done?.has(key)) return;
  check();
  if (done === undefined) passed.set(dataId, new Set([key]));
  else done.add(key);
}
