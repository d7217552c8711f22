/**
 * The wasm binary encoder against hand-derived encodings (LEB128, IEEE) and against
 * binaryen, an independent decoder: every SIMD opcode we emit, placed in a well-typed
 * function, must decode to the instruction of the same name and validate.
 */
import binaryen from 'binaryen';
import { describe, expect, it } from 'vitest';
import { ByteWriter } from '../src/bytes.js';
import { FunctionBuilder } from '../src/function-builder.js';
import { encodeModule } from '../src/module-encoder.js';
import { PLAIN_OPCODES, SIMD_OPCODES, type ValType } from '../src/opcodes.js';
import { UnknownInstructionError } from '../src/wasm-encoder-error.js';

const hex = (w: ByteWriter): string => Buffer.from(w.bytes()).toString('hex');

describe('ByteWriter', () => {
  it('encodes LEB128 as in the WebAssembly spec examples', () => {
    expect(hex(new ByteWriter().u32(0))).toBe('00');
    expect(hex(new ByteWriter().u32(127))).toBe('7f');
    expect(hex(new ByteWriter().u32(128))).toBe('8001');
    expect(hex(new ByteWriter().u32(624485))).toBe('e58e26');
    expect(hex(new ByteWriter().sleb(-1))).toBe('7f');
    expect(hex(new ByteWriter().sleb(63))).toBe('3f');
    expect(hex(new ByteWriter().sleb(64))).toBe('c000');
    expect(hex(new ByteWriter().sleb(-64))).toBe('40');
    expect(hex(new ByteWriter().sleb(-123456))).toBe('c0bb78');
    expect(hex(new ByteWriter().sleb(-(2n ** 63n)))).toBe('8080808080808080807f');
  });

  it('encodes little-endian floats and length-prefixed names', () => {
    expect(hex(new ByteWriter().f32(1))).toBe('0000803f');
    expect(hex(new ByteWriter().f64(-2))).toBe('00000000000000c0');
    expect(hex(new ByteWriter().name('env'))).toBe('03656e76');
  });
});

/** Scalar wasm type of a lane shape's lanes. */
function laneScalar(shape: string): ValType {
  return shape.startsWith('f32')
    ? 'f32'
    : shape.startsWith('f64')
      ? 'f64'
      : shape.startsWith('i64')
        ? 'i64'
        : 'i32';
}

/** Emits a well-typed use of SIMD instruction `name` returning one value. */
function useOf(name: string): {
  params: ValType[];
  result: ValType;
  emit: (f: FunctionBuilder) => void;
} {
  const [shape = ''] = name.split('.');
  /** Pushes the first n parameters; returns the builder so emitters chain with `&&`. */
  const v = (n: number) => (f: FunctionBuilder) => {
    for (let k = 0; k < n; k++) f.op('local.get', k);
    return f;
  };
  if (name.endsWith('.splat')) {
    return { params: [laneScalar(shape)], result: 'v128', emit: (f) => v(1)(f) && f.op(name) };
  }
  if (name.includes('extract_lane')) {
    return { params: ['v128'], result: laneScalar(shape), emit: (f) => v(1)(f) && f.lane(name, 1) };
  }
  if (name.includes('replace_lane')) {
    return {
      params: ['v128', laneScalar(shape)],
      result: 'v128',
      emit: (f) => v(2)(f) && f.lane(name, 1),
    };
  }
  if (/^v128\.load\d+_lane$/.test(name)) {
    return {
      params: ['i32', 'v128'],
      result: 'v128',
      emit: (f) => v(2)(f) && f.memoryLane(name, 1),
    };
  }
  if (/^v128\.store\d+_lane$/.test(name)) {
    return {
      params: ['i32', 'v128'],
      result: 'i32',
      emit: (f) => v(2)(f) && f.memoryLane(name, 1).constInt('i32', 0),
    };
  }
  if (name === 'v128.store') {
    return {
      params: ['i32', 'v128'],
      result: 'i32',
      emit: (f) => v(2)(f) && f.memory(name).constInt('i32', 0),
    };
  }
  if (name.startsWith('v128.load'))
    return { params: ['i32'], result: 'v128', emit: (f) => v(1)(f) && f.memory(name) };
  if (name === 'v128.const')
    return { params: [], result: 'v128', emit: (f) => f.constV128(new Uint8Array(16)) };
  if (name === 'i8x16.shuffle') {
    return {
      params: ['v128', 'v128'],
      result: 'v128',
      emit: (f) => v(2)(f) && f.shuffle([...Array(16).keys()]),
    };
  }
  if (name === 'v128.bitselect')
    return { params: ['v128', 'v128', 'v128'], result: 'v128', emit: (f) => v(3)(f) && f.op(name) };
  if (/any_true|all_true|bitmask/.test(name))
    return { params: ['v128'], result: 'i32', emit: (f) => v(1)(f) && f.op(name) };
  if (/\.(shl|shr_s|shr_u)$/.test(name))
    return { params: ['v128', 'i32'], result: 'v128', emit: (f) => v(2)(f) && f.op(name) };
  if (/\.(abs|neg|sqrt|ceil|floor|trunc|nearest|not)$|extend_|convert_/.test(name)) {
    return { params: ['v128'], result: 'v128', emit: (f) => v(1)(f) && f.op(name) };
  }
  return { params: ['v128', 'v128'], result: 'v128', emit: (f) => v(2)(f) && f.op(name) };
}

function decode(bytes: Uint8Array): string {
  const module = binaryen.readBinary(bytes);
  module.setFeatures(binaryen.Features.All);
  const text = module.emitText();
  const valid = module.validate();
  module.dispose();
  return valid ? text : `INVALID\n${text}`;
}

describe('opcode tables agree with binaryen', () => {
  it.each(Object.keys(SIMD_OPCODES))('%s', (name) => {
    const use = useOf(name);
    const f = new FunctionBuilder(use.params, [use.result]);
    use.emit(f);
    const bytes = encodeModule({
      memoryMinPages: 1,
      imports: [],
      functions: [{ name: 'f', body: f }],
    });
    expect(WebAssembly.validate(bytes as BufferSource)).toBe(true);
    expect(decode(bytes)).toMatch(new RegExp(`\\(${name.replace(/\./g, '\\.')}[ \\n)]`));
  });

  it('plain arithmetic opcodes decode to their names', () => {
    const binaries = Object.keys(PLAIN_OPCODES).filter((n) =>
      /^(i32|i64|f32|f64)\.(add|sub|mul|div_s|div|rem_u|and|xor|shl|shr_u|min|max|copysign)$/.test(
        n,
      ),
    );
    for (const name of binaries) {
      const t = name.slice(0, 3) as ValType;
      const f = new FunctionBuilder([t, t], [t]);
      f.op('local.get', 0).op('local.get', 1).op(name);
      const bytes = encodeModule({
        memoryMinPages: 1,
        imports: [],
        functions: [{ name: 'f', body: f }],
      });
      expect(decode(bytes), name).toContain(`(${name}`);
    }
  });

  it('exports only the named functions, with indices after the imports', () => {
    const double = new FunctionBuilder(['i32'], ['i32']);
    double.op('local.get', 0).op('local.get', 0).op('i32.add');
    const quadruple = new FunctionBuilder(['i32'], ['i32']);
    quadruple.op('local.get', 0).op('call', 1).op('call', 1);
    const bytes = encodeModule({
      memoryMinPages: 0,
      imports: [{ name: 'id', params: ['i32'], results: ['i32'] }],
      functions: [
        { name: null, body: double },
        { name: 'quadruple', body: quadruple },
      ],
    });
    const module = new WebAssembly.Module(bytes as BufferSource);
    expect(WebAssembly.Module.exports(module)).toEqual([{ name: 'quadruple', kind: 'function' }]);
    const instance = new WebAssembly.Instance(module, {
      env: { memory: new WebAssembly.Memory({ initial: 0 }), id: (x: number) => x },
    });
    const exported = instance.exports as { quadruple: (x: number) => number };
    for (const x of [0, 1, -7, 123456]) expect(exported.quadruple(x)).toBe((x * 4) | 0);
  });

  it('rejects unknown instruction names', () => {
    expect(() => new FunctionBuilder([], []).op('f32x4.fma')).toThrow(UnknownInstructionError);
  });
});
