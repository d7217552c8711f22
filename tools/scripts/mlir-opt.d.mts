/** Types of mlir-opt.mjs. */

/** Where Debian's packages put the binary, in the order we look. */
export declare const MLIR_OPT_CANDIDATES: readonly string[];

/** Absolute path of mlir-opt-22 (PATH first, then the Debian locations), or undefined. */
export declare function findMlirOpt(): string | undefined;

/** Thrown when mlir-opt-22 is needed but not installed. */
export declare class MlirOptMissingError extends Error {}

/** What one mlir-opt-22 run produced. */
export interface MlirOptResult {
  readonly stdout: string;
  readonly stderr: string;
  readonly status: number;
}

/** Runs mlir-opt-22 on `input` with `args`; throws MlirOptMissingError when absent. */
export declare function runMlirOpt(input: string, args?: readonly string[]): MlirOptResult;
