/**
 * Emits a planned kernel's loop nests into one function: each temporary's nest (producers
 * first, TACO's `where`), then the main nest. Each nest is a {@link LoopEmitter} run on the
 * arguments its operands read: another index pattern of a tensor reads that tensor's arrays,
 * a temporary is its memref (a rank-0 temporary is loaded once produced).
 */
import type { Builder, MemRefType, ScalarType, Value } from '@tilekit/loop-ir';
import type { KernelPlan } from '../planning/kernel-plan.js';
import { EmissionBudget } from './emission-budget.js';
import { type CaseDispatch, parameterKey } from './emit-context.js';
import type { KernelParameter } from './kernel-parameter.js';
import { LoopEmitter } from './loop-emitter.js';

/**
 * Emits every loop nest of `plan` with the function's `parameters` bound to `args`;
 * `caseDispatch` says how co-iteration loops pick their lattice case.
 */
export function emitLoopNests(
  plan: KernelPlan,
  parameters: readonly KernelParameter[],
  args: readonly Value[],
  b: Builder,
  caseDispatch?: CaseDispatch,
): void {
  const byKey = new Map(parameters.map((p, k) => [parameterKey(p), args[k] as Value]));
  const temporary = (name: string): Value => byKey.get(`temporary:${name}`) as Value;
  const temporaryNames = new Set(plan.temporaries.map((t) => t.output.name));
  const budget = new EmissionBudget();
  const emitNest = (nest: KernelPlan, ownOutput: KernelParameter[], outputArgs: Value[]): void => {
    const params: KernelParameter[] = [...parameters, ...ownOutput];
    const values: Value[] = [...args, ...outputArgs];
    for (const t of nest.operands) {
      if (temporaryNames.has(t.name)) {
        const memref = temporary(t.name);
        if (t.indices.length === 0) {
          const loaded = b.load(memref, []);
          params.push({ kind: 'scalar', tensor: t.name, type: loaded.type as ScalarType });
          values.push(loaded);
        } else {
          params.push({ kind: 'dense', tensor: t.name, type: memref.type as MemRefType });
          values.push(memref);
        }
        continue;
      }
      if (t.argument === undefined) continue;
      parameters.forEach((p, k) => {
        if ('tensor' in p && p.tensor === t.argument && p.kind !== 'output') {
          params.push({ ...p, tensor: t.name } as KernelParameter);
          values.push(args[k] as Value);
        }
      });
    }
    new LoopEmitter(
      { ...nest, inputs: nest.operands },
      params,
      values,
      b,
      budget,
      caseDispatch,
    ).emit();
  };
  for (const t of plan.temporaries) {
    const memref = temporary(t.output.name);
    emitNest(
      t,
      [{ kind: 'output', tensor: t.output.name, type: memref.type as MemRefType }],
      [memref],
    );
  }
  emitNest(plan, [], []);
}
