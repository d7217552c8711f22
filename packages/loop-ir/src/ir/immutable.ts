/**
 * Whether a module can never change: every node the IR's constructors make is frozen, so a
 * module built by them (`createModule`, the builders, the parser, every pass) is immutable,
 * and what is derived from it once (a verification, a compiled function) stays valid for as
 * long as the module lives. A module assembled by hand from plain objects is not, and must not
 * be cached by identity.
 */
import type { Block, Module, Operation, Value } from './operation.js';

const frozen = Object.isFrozen;

function valuesFrozen(values: readonly Value[]): boolean {
  if (!frozen(values)) return false;
  for (let k = 0; k < values.length; k++) if (!frozen(values[k])) return false;
  return true;
}

function blockFrozen(block: Block): boolean {
  if (!frozen(block) || !valuesFrozen(block.arguments)) return false;
  return opsFrozen(block.operations);
}

function opFrozen(op: Operation): boolean {
  if (!frozen(op) || !valuesFrozen(op.operands) || !valuesFrozen(op.results)) return false;
  if (!frozen(op.attributes)) return false;
  for (const attribute of Object.values(op.attributes)) if (!frozen(attribute)) return false;
  if (!frozen(op.regions)) return false;
  for (let r = 0; r < op.regions.length; r++) {
    const region = op.regions[r];
    if (region === undefined || !frozen(region) || !frozen(region.blocks)) return false;
    for (let b = 0; b < region.blocks.length; b++)
      if (!blockFrozen(region.blocks[b] as Block)) return false;
  }
  return true;
}

function opsFrozen(ops: readonly Operation[]): boolean {
  if (!frozen(ops)) return false;
  for (let k = 0; k < ops.length; k++) if (!opFrozen(ops[k] as Operation)) return false;
  return true;
}

/**
 * Whether `module` and everything in it (operations, their operand and result lists and
 * values, attributes, regions, blocks) is frozen, so that it cannot change after this call.
 * Linear in the module's size; false for anything that is not such a module.
 */
export function isFrozenModule(module: Module): boolean {
  return (
    typeof module === 'object' &&
    module !== null &&
    frozen(module) &&
    Array.isArray(module.operations) &&
    opsFrozen(module.operations)
  );
}
