/**
 * A loop order the caller asks for (`sparsify`'s `loopOrder` option, TACO's `reorder`): every
 * index variable of the expression once, outermost first. Each loop nest of the kernel runs its
 * own variables in that order, or `sparsify` throws: the order must visit every iterated sparse
 * operand's levels in their storage order, and where the kernel fixes an order itself (a sparse
 * output is built in its level order; a min or max reduction nests inside the output's loops)
 * the requested one must be that order.
 *
 * Moving loops changes only the order in which terms are added where the order of the
 * reductions among themselves changes; with the reductions in their default order, every
 * output element is the same sum, bit for bit.
 */
import { textOf } from '../../sparse-error.js';
import { SparsifyError } from '../errors.js';
import type { KernelPlan, TensorPlan } from './kernel-plan.js';

const ARGUMENT = 'options.loopOrder';

/** Throws unless `order` is an array of distinct index variable names (or undefined). */
export function checkLoopOrderOption(order: unknown): void {
  if (order === undefined) return;
  if (!Array.isArray(order)) {
    throw new SparsifyError(
      ARGUMENT,
      `must be an array of the expression's index variables, outermost first, got ${textOf(order)}`,
    );
  }
  const seen = new Set<string>();
  for (const name of order) {
    if (typeof name !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
      throw new SparsifyError(ARGUMENT, `holds ${textOf(name)}, which is not an index variable`);
    }
    if (seen.has(name)) throw new SparsifyError(ARGUMENT, `names ${name} twice`);
    seen.add(name);
  }
}

/**
 * The requested order of one loop nest over `vars`, checked against its iterated sparse
 * operands (`tensors`; dense ones are random access and take any order).
 */
export function requestedNestOrder(
  requested: readonly string[],
  vars: readonly string[],
  tensors: readonly TensorPlan[],
): string[] {
  const missing = vars.filter((v) => !requested.includes(v));
  if (missing.length > 0) {
    throw new SparsifyError(
      ARGUMENT,
      `leaves out ${missing.join(', ')}: it must name each index variable of the expression once`,
    );
  }
  const order = requested.filter((v) => vars.includes(v));
  const rank = (v: string) => order.indexOf(v);
  for (const t of tensors) {
    if (t.format === undefined) continue;
    const levels = t.levelIndices;
    for (let l = 1; l < levels.length; l++) {
      if (rank(levels[l] as string) < rank(levels[l - 1] as string)) {
        throw new SparsifyError(
          ARGUMENT,
          `visits the levels of ${t.argument ?? t.name} out of their storage order: its level ${l} (index ${levels[l]}) is stored inside level ${l - 1} (index ${levels[l - 1]}), so ${levels[l - 1]} must come before ${levels[l]}`,
        );
      }
    }
  }
  return order;
}

/** Every loop nest of `plan`: its temporaries' (producers first), then its own. */
function nestsOf(plan: KernelPlan): KernelPlan[] {
  return [...plan.temporaries.flatMap(nestsOf), plan];
}

/**
 * Throws unless `requested` names exactly the index variables of `plan`'s loop nests and each
 * nest runs its variables in the requested order.
 */
export function checkPlannedOrder(plan: KernelPlan, requested: readonly string[]): void {
  const nests = nestsOf(plan);
  const vars = new Set(nests.flatMap((n) => [...n.loopOrder]));
  const missing = [...vars].filter((v) => !requested.includes(v));
  const unknown = requested.filter((v) => !vars.has(v));
  if (missing.length > 0 || unknown.length > 0) {
    const problems = [
      ...(missing.length > 0 ? [`leaves out ${missing.join(', ')}`] : []),
      ...(unknown.length > 0 ? [`names ${unknown.join(', ')}, which the expression has not`] : []),
    ];
    throw new SparsifyError(
      ARGUMENT,
      `${problems.join(' and ')}: it must name each index variable once (${[...vars].join(', ')})`,
    );
  }
  for (const nest of nests) {
    const wanted = requested.filter((v) => nest.loopOrder.includes(v));
    if (wanted.join() !== nest.loopOrder.join()) {
      const why =
        nest.output.format !== undefined
          ? `the sparse output ${nest.output.name} is built in its level order`
          : nest.reducer === 'sum'
            ? 'its operands are iterated in their storage order'
            : `a ${nest.reducer} reduction nests inside the output's loops`;
      throw new SparsifyError(
        ARGUMENT,
        `asks for the loops ${wanted.join(', ')}, but this kernel must run them ${nest.loopOrder.join(', ')}: ${why}`,
      );
    }
  }
}
