/**
 * The wgsl engine's program of a kernel as plain data (see prepared-wgsl.ts): what
 * scripts/prepare-kernels.ts writes beside a prepared kernel's wasm image. It reads the pass
 * loops' bounds from the IR, so only the generator and tests import it.
 */
import type { PassSchedule, WgslProgram } from '@tilekit/loop-engines';
import { type Operation, operand, type Value, walkOperations } from '@tilekit/loop-ir';
import type { HostValueData, ScheduleData, TripsData, WgslProgramData } from './prepared-wgsl.js';

/** The bounds of scf.for `loop` in `func` as host values, or null where one is not. */
function tripsData(func: Operation, loop: Operation): TripsData | null {
  const args: readonly Value[] = func.regions[0]?.blocks[0]?.arguments ?? [];
  const hostValue = (v: Value): HostValueData | undefined => {
    const k = args.indexOf(v);
    if (k >= 0) return { arg: k };
    let found: HostValueData | undefined;
    walkOperations(func, (op) => {
      const attr = op.attributes.value;
      if (op.results[0] === v && op.name === 'arith.constant' && attr?.kind === 'integer')
        found = { constant: Number(attr.value) };
    });
    return found;
  };
  const [lower, upper, step] = ['lowerBound', 'upperBound', 'step'].map((name) =>
    hostValue(operand(loop, name)),
  );
  return lower === undefined || upper === undefined || step === undefined
    ? null
    : { lower, upper, step };
}

/** What `schedule` reads at launch. */
function scheduleData(func: Operation, schedule: PassSchedule): ScheduleData {
  switch (schedule.kind) {
    case 'per-iteration':
      return { kind: 'per-iteration' };
    case 'column-grid':
      return { kind: 'column-grid', columns: tripsData(func, schedule.columns) };
    case 'row-group': {
      const length = schedule.rowLength;
      return {
        kind: 'row-group',
        rowLength:
          length.kind === 'bounds'
            ? { kind: 'bounds', trips: tripsData(func, schedule.strided) }
            : length,
      };
    }
  }
}

/** `program` as data. */
export function wgslProgramData(program: WgslProgram): WgslProgramData {
  if (!program.parallel) return { parallel: false, reason: program.reason };
  return {
    parallel: true,
    passes: program.passes.map((pass) => ({
      code: pass.code,
      inputs: pass.inputs,
      uniforms: pass.uniforms,
      trips: tripsData(pass.plan.func, pass.plan.loop),
      schedule: scheduleData(pass.plan.func, pass.plan.schedule),
    })),
  };
}
