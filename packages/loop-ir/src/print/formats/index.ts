/** The custom-form printer table (format families by op definition, else by op name). */
import type { FormatName } from '../../ir/op-def.js';
import type { Operation } from '../../ir/operation.js';
import { getOpDef } from '../../ir/ops/index.js';
import type { Printer } from '../format-context.js';
import {
  printBinary,
  printCast,
  printCmp,
  printConstant,
  printSelect,
  printUnary,
} from './arith.js';
import { printCall, printFunc, printReturn } from './func.js';
import { printAffineMapOp, printDim, printLoad, printStore } from './memref.js';
import { printCondition, printFor, printIf, printWhile, printYield } from './scf.js';
import * as vector from './vector.js';

/** Prints one op in custom form, from its name on; `indent` is for its regions. */
type CustomPrinter = (op: Operation, p: Printer, indent: string) => string;

const FAMILIES: Readonly<Record<Exclude<FormatName, 'custom'>, CustomPrinter>> = {
  binary: printBinary,
  unary: printUnary,
  cast: printCast,
  cmp: printCmp,
};

const CUSTOM: ReadonlyMap<string, CustomPrinter> = new Map<string, CustomPrinter>([
  ['arith.constant', printConstant],
  ['arith.select', printSelect],
  ['func.func', printFunc],
  ['func.return', printReturn],
  ['func.call', printCall],
  ['scf.for', printFor],
  ['scf.if', printIf],
  ['scf.while', printWhile],
  ['scf.yield', printYield],
  ['scf.condition', printCondition],
  ['memref.load', printLoad],
  ['memref.store', printStore],
  ['memref.dim', printDim],
  ['affine.apply', printAffineMapOp],
  ['affine.min', printAffineMapOp],
  ['affine.max', printAffineMapOp],
  ['vector.broadcast', vector.printBroadcast],
  ['vector.insert', vector.printInsert],
  ['vector.extract', vector.printExtract],
  ['vector.load', vector.printVectorLoad],
  ['vector.store', vector.printVectorStore],
  ['vector.maskedload', vector.printMasked],
  ['vector.maskedstore', vector.printMasked],
  ['vector.gather', vector.printGathered],
  ['vector.scatter', vector.printGathered],
  ['vector.create_mask', vector.printCreateMask],
  ['vector.constant_mask', vector.printConstantMask],
  ['vector.reduction', vector.printReduction],
  ['vector.step', vector.printStep],
  ['vector.vscale', vector.printVscale],
]);

/** The custom printer of op `name`, or undefined (generic form). */
export function customPrinterFor(name: string): CustomPrinter | undefined {
  const format = getOpDef(name)?.format;
  return format !== undefined && format !== 'custom' ? FAMILIES[format] : CUSTOM.get(name);
}
