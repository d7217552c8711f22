/**
 * What the ready-made ops run on webgpu beyond their cpu route's kernels, prepared ahead of
 * time: their gradients' dense output-major forms (the derivations, rewrites and kernels, see
 * gradients/output-major.ts) and `sparseDot`'s entry products (webgpu/dot-products.ts). Only
 * the webgpu register entries import these modules, so cpu and wasm bundles leave them out.
 * Their kernels run as passes on every call (the generator keeps a host image only for a form
 * that might not), so they ship without one: see prepared-kernel.ts.
 */
import { addPreparedOutputMajor, type OutputMajorPlan } from '../gradients/output-major-plan.js';
import { type PreparedOpData, usePreparedKernels } from './prepared-kernel.js';

/** An op's webgpu forms, as its generated module holds them. */
export interface WebgpuFormsData extends PreparedOpData {
  /** Output-major forms by key (see gradients/output-major-plan.ts). */
  readonly outputMajor: readonly (readonly [string, OutputMajorPlan])[];
}

/** Adds an op's webgpu forms to those calls look up (the webgpu entries call this). */
export function useWebgpuForms(forms: WebgpuFormsData): void {
  usePreparedKernels(forms);
  addPreparedOutputMajor(forms.outputMajor);
}
