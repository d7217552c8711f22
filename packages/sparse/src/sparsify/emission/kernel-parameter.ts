/**
 * One argument of an emitted kernel function, as kernel-signature.ts lays them out; a type of
 * its own so that the emitter and the callers can name it without importing the signature.
 */
import type { MemRefType, ScalarType } from '@tilekit/loop-ir';

/** One argument of an emitted kernel function. */
export type KernelParameter =
  | {
      readonly kind: 'positions';
      readonly tensor: string;
      readonly level: number;
      readonly type: MemRefType;
    }
  | {
      readonly kind: 'coordinates';
      readonly tensor: string;
      readonly level: number;
      readonly type: MemRefType;
    }
  | { readonly kind: 'values'; readonly tensor: string; readonly type: MemRefType }
  | { readonly kind: 'dense'; readonly tensor: string; readonly type: MemRefType }
  | { readonly kind: 'scalar'; readonly tensor: string; readonly type: ScalarType }
  | { readonly kind: 'output'; readonly tensor: string; readonly type: MemRefType }
  | { readonly kind: 'temporary'; readonly tensor: string; readonly type: MemRefType }
  | {
      readonly kind: 'output-positions' | 'output-coordinates';
      readonly tensor: string;
      readonly level: number;
      readonly type: MemRefType;
    }
  | {
      readonly kind:
        | 'output-values'
        | 'output-state'
        | 'workspace-values'
        | 'workspace-filled'
        | 'workspace-coordinates';
      readonly tensor: string;
      readonly type: MemRefType;
    }
  | { readonly kind: 'size'; readonly index: string; readonly type: ScalarType };
