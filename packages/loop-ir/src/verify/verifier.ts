/**
 * The verifier: for every operation, the definition's arity and constraints (src/ir/ops),
 * terminator placement, and SSA visibility (an operand must be defined earlier in its block
 * or in an enclosing block; function bodies see nothing from outside).
 */
import { expectModule } from '../argument-checks.js';
import { type OpDef, segmentArity } from '../ir/op-def.js';
import type { Module, Operation, Value } from '../ir/operation.js';
import { getOpDef } from '../ir/ops/index.js';
import { ScopedSet } from '../ir/scoped-set.js';
import { checkConstraint } from './constraints.js';
import type { VerifyContext } from './context.js';
import { IRVerifyError } from './errors.js';

/** Values visible at a program point: a chain of per-block sets. */
type Visible = ScopedSet<Value>;

function arityText({ min, max }: { min: number; max: number }): string {
  if (min === max) return String(min);
  return max === Number.POSITIVE_INFINITY ? `at least ${min}` : `${min} to ${max}`;
}

/**
 * Where an op sits, spelled only when a rule fails: most modules verify cleanly, and spelling
 * every op's path up front costs more than the rules themselves.
 */
interface Place {
  readonly parent: Place | undefined;
  /** This op's own step of the path (`@fn`, `scf.for#2@r0b1`). */
  readonly step: string | (() => string);
}

function pathOf(place: Place): string {
  const steps: string[] = [];
  for (let p: Place | undefined = place; p !== undefined; p = p.parent)
    steps.push(typeof p.step === 'string' ? p.step : p.step());
  return steps.reverse().join('/');
}

function verifyOp(
  op: Operation,
  def: OpDef | undefined,
  parent: Operation | undefined,
  visible: Visible,
  place: Place,
  out: IRVerifyError[],
): void {
  const fail = (rule: string, detail: string) =>
    out.push(new IRVerifyError(op.name, rule, detail, pathOf(place)));
  for (let i = 0; i < op.operands.length; i++) {
    if (!visible.has(op.operands[i] as Value))
      fail('dominance', `operand #${i} is not defined before this use (or not visible here)`);
  }
  if (def === undefined) {
    fail('registered', 'is not an operation this package knows');
  } else {
    const operandArity = segmentArity(def.operands);
    const resultArity = segmentArity(def.results);
    let shapeOk = true;
    if (op.operands.length < operandArity.min || op.operands.length > operandArity.max) {
      fail(
        'operandCount',
        `expects ${arityText(operandArity)} operands, got ${op.operands.length}`,
      );
      shapeOk = false;
    }
    if (op.results.length < resultArity.min || op.results.length > resultArity.max) {
      fail('resultCount', `expects ${arityText(resultArity)} results, got ${op.results.length}`);
      shapeOk = false;
    }
    if (op.regions.length !== def.regions) {
      fail('regionCount', `expects ${def.regions} regions, got ${op.regions.length}`);
      shapeOk = false;
    }
    // Like MLIR: a symbol's parent must be a symbol table, and only the module is one here.
    if (parent !== undefined && def.traits.includes('symbol')) {
      fail(
        'symbolTable',
        `symbol's parent must have the SymbolTable trait (${op.name} is allowed only at module top level, not inside ${parent.name})`,
      );
    }
    if (shapeOk) {
      const ctx: VerifyContext = { op, def, parent, fail };
      for (const c of def.constraints) checkConstraint(ctx, c);
    }
  }
  const isolated = op.name === 'func.func';
  const qualified = op.regions.length > 1;
  op.regions.forEach((region, r) => {
    const blocks = region.blocks;
    blocks.forEach((block, b) => {
      const scope = new ScopedSet<Value>(isolated ? undefined : visible);
      scope.addAll(block.arguments);
      const suffix = blocks.length > 1 || qualified ? `@r${r}b${b}` : '';
      const last = block.operations.length - 1;
      block.operations.forEach((child, i) => {
        const childPlace: Place = { parent: place, step: () => `${child.name}#${i}${suffix}` };
        const childDef = getOpDef(child.name);
        if (childDef?.traits.includes('terminator') && i !== last) {
          out.push(
            new IRVerifyError(
              child.name,
              'terminator',
              'must be the last operation in its block',
              pathOf(childPlace),
            ),
          );
        }
        verifyOp(child, childDef, op, scope, childPlace, out);
        scope.addAll(child.results);
      });
    });
  });
}

function opLabel(op: Operation, i: number): string {
  const sym = op.attributes.sym_name;
  return sym?.kind === 'string' ? `@${sym.value}` : `${op.name}#${i}`;
}

/**
 * Every rule violation in `module` (empty when it verifies). Errors are
 * {@link IRVerifyError}s naming the op, the rule and where the op sits.
 */
export function verificationDiagnostics(module: Module): readonly IRVerifyError[] {
  expectModule(module);
  const out: IRVerifyError[] = [];
  const names = new Set<string>();
  module.operations.forEach((op, i) => {
    const label = opLabel(op, i);
    if (op.name === 'func.func') {
      if (names.has(label))
        out.push(new IRVerifyError(op.name, 'symbol', `redefinition of symbol '${label}'`, label));
      names.add(label);
    }
    const place: Place = { parent: undefined, step: label };
    verifyOp(op, getOpDef(op.name), undefined, new ScopedSet<Value>(undefined), place, out);
  });
  return out;
}

/**
 * Verifies `module`, throwing the first {@link IRVerifyError}; returns the module so calls
 * can be chained (`verifyModule(parseModule(text))`).
 */
export function verifyModule(module: Module): Module {
  expectModule(module);
  const [first] = verificationDiagnostics(module);
  if (first !== undefined) throw first;
  return module;
}
