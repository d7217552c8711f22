/**
 * Non-finite f32 constants in the wgsl and glsl engines' passes: neither language has a literal
 * for ±∞ or NaN, so each is built from its bit pattern held in a `let` (a bitcast of the literal
 * itself is a WGSL const-expression, and a non-finite one is a shader-creation error). An f64
 * constant still leaves the kernel to the host (f64 is no shader type). Running these passes on a
 * GPU is packages/sparse's WebGL and WebGPU suites (min/max reductions start from ±∞).
 */
import { parseModule } from '@tilekit/loop-ir';
import { describe, expect, it } from 'vitest';
import { compileGlsl, compileWgsl } from '../../src/index.js';

/** `y[i] = max(c, x[i])` over the rows, `c` the constant `literal` of type `type`. */
const maxWithConstant = (literal: string, type = 'f32') => `
func.func @k(%x: memref<?x${type}>, %y: memref<?x${type}>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c = arith.constant ${literal} : ${type}
  scf.for %i = %c0 to %n step %c1 {
    %a = memref.load %x[%i] : memref<?x${type}>
    %m = arith.maximumf %c, %a : ${type}
    memref.store %m, %y[%i] : memref<?x${type}>
  }
  return
}`;

/** Each constant as MLIR prints it, and the u32 bit pattern the passes must hold. */
const CONSTANTS = [
  { name: '+inf', literal: '0x7F800000', bits: '0x7f800000u' },
  { name: '-inf', literal: '0xFF800000', bits: '0xff800000u' },
  { name: 'NaN', literal: '0x7FC00000', bits: '0x7fc00000u' },
  { name: 'a NaN with a payload', literal: '0x7FC00001', bits: '0x7fc00001u' },
] as const;

/** The code of the one pass `program` has (it must have one). */
function passCode(
  program: ReturnType<typeof compileWgsl> | ReturnType<typeof compileGlsl>,
): string {
  if (!program.parallel) throw new Error(`expected a pass, got the host: ${program.reason}`);
  return program.passes[0]?.code ?? '';
}

const escapeRegExp = (s: string) => s.replace(/[()<>]/g, (c) => `\\${c}`);

describe('non-finite f32 constants in shader passes', () => {
  for (const { name, literal, bits } of CONSTANTS) {
    it(`prints ${name} as a WGSL bitcast of a let holding ${bits}`, () => {
      const code = passCode(compileWgsl(parseModule(maxWithConstant(literal)), 'k'));
      const held = code.match(new RegExp(`let (v\\d+) = ${bits};`));
      expect(held, code).not.toBeNull();
      const bitsName = held?.[1] ?? '';
      const value = code.match(
        new RegExp(`let (v\\d+) = ${escapeRegExp(`bitcast<f32>(${bitsName})`)};`),
      );
      expect(value, code).not.toBeNull();
      expect(code).toMatch(new RegExp(`max\\(${value?.[1]}, v\\d+\\)`));
      // No bitcast of a literal: that would be a const-expression evaluating to ±∞ or NaN.
      expect(code).not.toMatch(/bitcast<f32>\(0x/);
      expect(code).not.toMatch(/\bconst\b/);
    });

    it(`prints ${name} as a GLSL uintBitsToFloat of a uint holding ${bits}`, () => {
      const code = passCode(compileGlsl(parseModule(maxWithConstant(literal)), 'k'));
      const held = code.match(new RegExp(`uint (v\\d+) = ${bits};`));
      expect(held, code).not.toBeNull();
      const value = code.match(
        new RegExp(`float (v\\d+) = ${escapeRegExp(`uintBitsToFloat(${held?.[1]})`)};`),
      );
      expect(value, code).not.toBeNull();
      expect(code).toMatch(new RegExp(`max\\(${value?.[1]}, v\\d+\\)`));
    });
  }

  it('prints finite constants as literals, as before', () => {
    const wgsl = passCode(compileWgsl(parseModule(maxWithConstant('-2.5')), 'k'));
    expect(wgsl).toMatch(/max\(f32\(-2\.5e\+0\), v\d+\)/);
    expect(wgsl).not.toMatch(/bitcast/);
    const glsl = passCode(compileGlsl(parseModule(maxWithConstant('-2.5')), 'k'));
    expect(glsl).toMatch(/max\(-2\.5e\+0, v\d+\)/);
    expect(glsl).not.toMatch(/uintBitsToFloat\(v/);
  });

  it('leaves a kernel with an f64 infinity to the host on both engines, saying why', () => {
    const module = parseModule(maxWithConstant('0x7FF0000000000000', 'f64'));
    const why = { parallel: false, reason: 'shaders hold no f64 values' };
    expect(compileWgsl(module, 'k')).toEqual(why);
    expect(compileGlsl(module, 'k')).toEqual(why);
  });
});
