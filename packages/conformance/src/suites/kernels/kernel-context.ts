/** What every kernel case builder shares: the target, its tolerance and the property settings. */
import type { PropertySettings } from '../../core/property.js';
import type { Tolerance } from '../../core/tolerance.js';
import type { KernelTarget } from './kernel-impl.js';

/** Id of a kernel suite case. */
export type KernelCaseId = `kernels/${string}`;

/** Shared by the case builders of one kernel suite. */
export interface KernelContext {
  readonly target: KernelTarget;
  /** Allowed difference of float32 outputs on this backend. */
  readonly tolerance: Tolerance;
  readonly settings: PropertySettings;
}
