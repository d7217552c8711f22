/**
 * What `encodeModule` checks of its `parts` before encoding anything: every field the encoder
 * reads has the shape it reads, so a malformed description is a {@link WasmEncoderError} naming
 * the field rather than a TypeError from the middle of the encoder (or a module the engine then
 * refuses).
 */
import { argumentErrorText } from '@tilekit/errors';
import { FunctionBuilder } from './function-builder.js';
import { VALTYPE } from './opcodes.js';
import { WasmEncoderError } from './wasm-encoder-error.js';

/** An encoder argument that is not what the encoder takes. */
export class ModulePartsError extends WasmEncoderError {
  override readonly name = 'ModulePartsError';
  override readonly argument: string;

  /** Texts through argumentErrorText: an error made from junk still has a message. */
  constructor(argument: string, expected: string, value: unknown) {
    const text = argumentErrorText(argument, expected, value);
    super(text.message);
    this.argument = text.argument;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** Functions or imports one module may hold (far above what a kernel uses). */
const MAX_ENTRIES = 1 << 16;

function expectList(value: unknown, argument: string): readonly unknown[] {
  if (!Array.isArray(value) || value.length > MAX_ENTRIES)
    throw new ModulePartsError(argument, `an array of at most ${MAX_ENTRIES} entries`, value);
  return value;
}

function expectValTypes(value: unknown, argument: string): void {
  const list = expectList(value, argument);
  list.forEach((t, i) => {
    if (typeof t !== 'string' || !Object.hasOwn(VALTYPE, t))
      throw new ModulePartsError(`${argument}[${i}]`, 'i32, i64, f32, f64 or v128', t);
  });
}

/** Throws {@link ModulePartsError} naming the first field of `parts` that is not as described. */
export function checkModuleParts(parts: unknown): void {
  if (!isObject(parts)) throw new ModulePartsError('parts', 'a ModuleParts object', parts);
  const pages = parts.memoryMinPages;
  if (!Number.isInteger(pages) || (pages as number) < 0 || (pages as number) > 65536)
    throw new ModulePartsError('parts.memoryMinPages', 'an integer from 0 to 65536', pages);
  if (parts.memoryShared !== undefined && typeof parts.memoryShared !== 'boolean')
    throw new ModulePartsError('parts.memoryShared', 'a boolean or undefined', parts.memoryShared);
  expectList(parts.imports, 'parts.imports').forEach((f, i) => {
    const at = `parts.imports[${i}]`;
    if (!isObject(f) || typeof f.name !== 'string')
      throw new ModulePartsError(at, 'a FunctionImport {name, params, results}', f);
    expectValTypes(f.params, `${at}.params`);
    expectValTypes(f.results, `${at}.results`);
  });
  expectList(parts.functions, 'parts.functions').forEach((f, i) => {
    const at = `parts.functions[${i}]`;
    if (!isObject(f) || (f.name !== null && typeof f.name !== 'string'))
      throw new ModulePartsError(at, 'a FunctionExport {name, body}', f);
    if (!(f.body instanceof FunctionBuilder))
      throw new ModulePartsError(`${at}.body`, 'a FunctionBuilder', f.body);
  });
}
