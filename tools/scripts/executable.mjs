/**
 * Whether a path is an executable file: shared by the scripts that locate system tools
 * (ensure-chromium.mjs, mlir-opt.mjs).
 */
import { accessSync, constants } from 'node:fs';

/** True when `path` exists and the current user may execute it. */
export function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
