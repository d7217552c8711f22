/**
 * A kernel's WebGPU passes as plain data, prepared ahead of time with its wasm image
 * (scripts/prepare-kernels.ts writes them; wgsl-program-data.ts makes them from the wgsl
 * engine's program): each pass's code, bindings and uniforms, and how its launch is computed
 * from the call's arguments (the loop bounds as scalar arguments or constants, and the
 * schedule's inputs). Reviving them gives the passes the webgpu kernel runs, so a prepared
 * kernel needs neither its loops nor the wgsl engine.
 */
import {
  type LaunchSizes,
  type PassLaunch,
  passLaunch,
  scheduleLaunchFor,
  type WgslPass,
  type WgslUniform,
} from '@tilekit/loop-engines';

/** A loop bound known on the host: a scalar argument or a constant. */
export type HostValueData = { readonly arg: number } | { readonly constant: number };

/** A loop's bounds, where all three are host values. */
export interface TripsData {
  readonly lower: HostValueData;
  readonly upper: HostValueData;
  readonly step: HostValueData;
}

/** What a pass's schedule reads at launch (see the loop engines' pass-schedule.ts). */
export type ScheduleData =
  | { readonly kind: 'per-iteration' }
  | {
      readonly kind: 'row-group';
      /** The inner loop's bounds, or the memref argument whose extent gives the entries. */
      readonly rowLength:
        | { readonly kind: 'bounds'; readonly trips: TripsData | null }
        | { readonly kind: 'extent'; readonly arg: number }
        | { readonly kind: 'unknown' };
    }
  | { readonly kind: 'column-grid'; readonly columns: TripsData | null };

/** One pass as data. */
export interface WgslPassData {
  readonly code: string;
  readonly inputs: readonly number[];
  readonly uniforms: readonly WgslUniform[];
  /** The pass loop's bounds; null where they are read from memory. */
  readonly trips: TripsData | null;
  readonly schedule: ScheduleData;
}

/** A kernel's passes as data, or why its loops cannot run as passes. */
export type WgslProgramData =
  | { readonly parallel: true; readonly passes: readonly WgslPassData[] }
  | { readonly parallel: false; readonly reason: string };

/** An op's prepared passes (a generated module's data): each kernel's, by its key. */
export type WgslPassesData = readonly (readonly [string, WgslProgramData])[];

/** What the webgpu kernel runs of a pass. */
export type WgslPassRun = Pick<WgslPass, 'code' | 'inputs' | 'uniforms' | 'launch'>;

/** What the webgpu kernel runs: passes, or the reason there are none. */
export type WgslProgramRun =
  | { readonly parallel: true; readonly passes: readonly WgslPassRun[] }
  | { readonly parallel: false; readonly reason: string };

/** The value of `v` for the call's scalar arguments. */
function hostValue(v: HostValueData, scalar: (arg: number) => number): number {
  return 'arg' in v ? scalar(v.arg) : v.constant;
}

/** The trip count of a loop with bounds `trips`, or undefined (as the wgsl engine counts). */
function tripCount(trips: TripsData | null, scalar: (arg: number) => number): number | undefined {
  if (trips === null) return undefined;
  const [lower, upper, step] = [trips.lower, trips.upper, trips.step].map((v) =>
    hostValue(v, scalar),
  ) as [number, number, number];
  return step <= 0 ? undefined : Math.max(0, Math.ceil((upper - lower) / step));
}

/** The launch of `pass` for the call's sizes (as the wgsl engine's `launch` computes it). */
function launchOf(pass: WgslPassData, sizes: LaunchSizes): PassLaunch {
  const scalar = (k: number) => sizes.scalar(k);
  const trips = tripCount(pass.trips, scalar);
  let schedule: PassLaunch['schedule'];
  if (trips !== undefined) {
    const s = pass.schedule;
    schedule = scheduleLaunchFor(
      s,
      trips,
      (arg, dim) => sizes.extent(arg, dim),
      () =>
        s.kind === 'row-group' && s.rowLength.kind === 'bounds'
          ? tripCount(s.rowLength.trips, scalar)
          : undefined,
      () => (s.kind === 'column-grid' ? tripCount(s.columns, scalar) : undefined),
    );
  }
  return passLaunch(pass.uniforms, trips, schedule, sizes);
}

/** The passes of prepared program `data`. */
export function preparedWgslProgram(data: WgslProgramData): WgslProgramRun {
  if (!data.parallel) return data;
  return {
    parallel: true,
    passes: data.passes.map((pass) => {
      const { code, inputs, uniforms } = pass;
      return { code, inputs, uniforms, launch: (sizes) => launchOf(pass, sizes) };
    }),
  };
}
