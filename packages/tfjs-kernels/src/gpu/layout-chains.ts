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

/** A step that moves elements (reshapes change no index), between the shapes around it. */
type ShapedStep = readonly [
  step: Exclude<RelayoutStep, { op: 'reshape' }>,
  input: readonly number[],
  output: readonly number[],
  inStrides: readonly number[],
  outStrides: readonly number[],
];

/** The plan's steps that move elements, in plan order, with shapes and row-major strides. */
function shapedSteps(plan: RelayoutPlan): ShapedStep[] {
  const shapes = shapesAlong(plan);
  const steps: ShapedStep[] = [];
  plan.steps.forEach((step, s) => {
    if (step.op === 'reshape') return;
    const input = shapes[s]!;
    const output = shapes[s + 1]!;
    steps.push([step, input, output, rowMajorStrides(input), rowMajorStrides(output)]);
  });
  return steps;
}

/** Output index of a step → its input index. */
function backwardStep([step, input, output, inStrides, outStrides]: ShapedStep): ChainStep {
  switch (step.op) {
    case 'transpose':
      return step.perm.map((axis, d) => term(outStrides[d]!, output[d]!, inStrides[axis]!));
    case 'pad':
      // Plans only pad after the data (`before` is 0): slot d holds data iff v < input[d].
      return output.map((size, d) =>
        term(outStrides[d]!, size, inStrides[d]!, size > input[d]! ? input[d]! : UNBOUNDED),
      );
  }
}

/** Input index of a step → its output index. */
function forwardStep([step, input, , inStrides, outStrides]: ShapedStep): ChainStep {
  switch (step.op) {
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
  return shapedSteps(plan).reverse().map(backwardStep);
}

/** Logical element index → physical slot. */
export function forwardChain(plan: RelayoutPlan): IndexChain {
  return shapedSteps(plan).map(forwardStep);
}
