/**
 * Index chains for the three layout kernels, derived from `@tilekit/layout`'s relayout plan
 * (the pad → reshape → transpose decomposition of a layout, as data):
 *
 * - relayout gathers each physical slot from its logical element: the plan run backwards;
 * - unrelayout gathers each logical element from its slot: the plan run forwards;
 * - convertLayout gathers each slot of the target layout from the source buffer: backwards
 *   through the target's plan, then forwards through the source's.
 */
import { rowMajorStrides } from '@tilekit/errors';
import type { RelayoutPlan, RelayoutStep } from '@tilekit/layout';
import { type ChainStep, type DigitTerm, type IndexChain, UNBOUNDED } from './index-chain.js';

/** The shape before each step and after the last. */
function shapesAlong(plan: RelayoutPlan): number[][] {
  const shapes: number[][] = [[...plan.logicalShape]];
  for (const step of plan.steps) {
    const current = shapes.at(-1)!;
    switch (step.op) {
      case 'reshape':
        shapes.push([...step.shape]);
        break;
      case 'transpose':
        shapes.push(step.perm.map((axis) => current[axis]!));
        break;
      case 'pad':
        shapes.push(current.map((size, d) => size + step.paddings[d]![0] + step.paddings[d]![1]));
        break;
    }
  }
  return shapes;
}

function term(stride: number, size: number, weight: number, bound = UNBOUNDED): DigitTerm {
  return { stride, size, bound, weight };
}

/** Output index of `step` → its input index (`null` for reshapes, which change nothing). */
function backwardStep(step: RelayoutStep, input: number[], output: number[]): ChainStep | null {
  const inStrides = rowMajorStrides(input);
  const outStrides = rowMajorStrides(output);
  switch (step.op) {
    case 'reshape':
      return null;
    case 'transpose':
      return step.perm.map((axis, d) => term(outStrides[d]!, output[d]!, inStrides[axis]!));
    case 'pad':
      // Plans only pad after the data (`before` is 0): slot d holds data iff v < input[d].
      return output.map((size, d) =>
        term(outStrides[d]!, size, inStrides[d]!, size > input[d]! ? input[d]! : UNBOUNDED),
      );
  }
}

/** Input index of `step` → its output index (`null` for reshapes). */
function forwardStep(step: RelayoutStep, input: number[], output: number[]): ChainStep | null {
  const inStrides = rowMajorStrides(input);
  const outStrides = rowMajorStrides(output);
  switch (step.op) {
    case 'reshape':
      return null;
    case 'transpose': {
      const position = new Array<number>(step.perm.length);
      step.perm.forEach((axis, d) => {
        position[axis] = d;
      });
      return input.map((size, axis) => term(inStrides[axis]!, size, outStrides[position[axis]!]!));
    }
    case 'pad':
      return input.map((size, d) => term(inStrides[d]!, size, outStrides[d]!));
  }
}

/** Physical slot → logical element index (or padding). */
export function backwardChain(plan: RelayoutPlan): IndexChain {
  const shapes = shapesAlong(plan);
  const steps: ChainStep[] = [];
  for (let s = plan.steps.length - 1; s >= 0; s--) {
    const step = backwardStep(plan.steps[s]!, shapes[s]!, shapes[s + 1]!);
    if (step !== null) steps.push(step);
  }
  return steps;
}

/** Logical element index → physical slot. */
export function forwardChain(plan: RelayoutPlan): IndexChain {
  const shapes = shapesAlong(plan);
  const steps: ChainStep[] = [];
  plan.steps.forEach((planStep, s) => {
    const step = forwardStep(planStep, shapes[s]!, shapes[s + 1]!);
    if (step !== null) steps.push(step);
  });
  return steps;
}
