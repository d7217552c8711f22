/**
 * The memory accesses one warp of a generated WebGPU pass makes, traced from the pass's own WGSL
 * text rather than from a model of it, so the trace cannot drift from the shader: the `main`
 * function is parsed (the subset of WGSL this package generates: `let`/`var`, assignments,
 * blocks, `if`/`else`, `for`, calls, indexing, swizzles and i32 arithmetic) and run for each
 * lane on the call's uniform values. A value read from a buffer is unknown, so an address
 * computed from one is a data-dependent gather (or scatter): reported as such, since no layout
 * of the pass could make it coalesce. Both branches of an `if` and one iteration of a `for` are
 * traced for every lane, so the n-th access of every lane is the same instruction; a lane whose
 * condition is known to be false is idle for the accesses under it.
 */

import type { UniformValue } from '@tilekit/tfjs-backend-support/webgpu-passes';

/** Lanes of a warp. */
export const WARP_LANES = 32;
/** The memory transaction unit of current GPUs. */
const SECTOR_BYTES = 32;

const UNKNOWN = Symbol('unknown');
/** A lane's value: known i32, unknown (read from a buffer), a known vector or a struct. */
type Value = number | typeof UNKNOWN | readonly number[] | { readonly [field: string]: number };

/** What the tracer needs of a generated program (a `FlatProgram`). */
export interface TracedProgram {
  getUserCode(): string;
  readonly variableNames: readonly string[];
  readonly uniforms: string;
  readonly variableComponents?: readonly number[];
  readonly outputComponent?: number;
}

/** One memory instruction of a warp. */
export interface WarpInstruction {
  /** The buffer: an input's variable name, or `result`. */
  readonly buffer: string;
  readonly kind: 'load' | 'store' | 'atomic';
  /** The active lanes' byte addresses (`null` for a lane whose address depends on data). */
  readonly addresses: readonly (number | null)[];
  /** Bytes each lane moves. */
  readonly bytes: number;
}

/**
 * 32-byte sectors an instruction touches beyond those of one contiguous run of its bytes from
 * its lowest address: 0 when the warp's accesses coalesce (a run that starts mid-sector, such as
 * `x[p + 1]`, is still one run), and the sectors lost to the gaps of a strided access.
 */
export function wastedSectors(instruction: WarpInstruction): number {
  const sectors = new Set<number>();
  const words = new Set<number>();
  let lowest = Number.POSITIVE_INFINITY;
  for (const byte of instruction.addresses) {
    if (byte === null) continue;
    lowest = Math.min(lowest, byte);
    for (let b = byte; b < byte + instruction.bytes; b += 4) {
      words.add(b);
      sectors.add(Math.floor(b / SECTOR_BYTES));
    }
  }
  if (words.size === 0) return 0;
  const lastOfRun = lowest + words.size * 4 - 1;
  return (
    sectors.size - (Math.floor(lastOfRun / SECTOR_BYTES) - Math.floor(lowest / SECTOR_BYTES) + 1)
  );
}

/** Whether the instruction's addresses depend on data read by the pass. */
export function isDataDependent(instruction: WarpInstruction): boolean {
  return instruction.addresses.some((a) => a === null);
}

// ---------------------------------------------------------------------------------------------
// Tokens and syntax

const TOKEN =
  /\s+|\/\/[^\n]*|(\d+\.\d*(?:e[+-]?\d+)?f?|\d+(?:e[+-]?\d+)f?|0x[0-9a-fA-F]+u?|\d+[uif]?)|([A-Za-z_]\w*)|(&&|\|\||==|!=|<=|>=|[-+*/%<>!&|^(){}[\],;=.:])/y;

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(text);
    if (m === null) throw new Error(`wgsl-warp-trace: cannot read ${text.slice(at, at + 20)}`);
    const token = m[1] ?? m[2] ?? m[3];
    if (token !== undefined) tokens.push(token);
  }
  return tokens;
}

type Expr =
  | { readonly t: 'num'; readonly value: number }
  | { readonly t: 'name'; readonly name: string }
  | { readonly t: 'member'; readonly of: Expr; readonly field: string }
  | { readonly t: 'index'; readonly of: Expr; readonly at: Expr }
  | { readonly t: 'call'; readonly callee: string; readonly args: readonly Expr[] }
  | { readonly t: 'unary'; readonly op: string; readonly of: Expr }
  | { readonly t: 'binary'; readonly op: string; readonly left: Expr; readonly right: Expr };

type Stmt =
  | { readonly t: 'let'; readonly name: string; readonly value: Expr }
  | { readonly t: 'assign'; readonly target: Expr; readonly value: Expr }
  | { readonly t: 'expr'; readonly value: Expr }
  | { readonly t: 'block'; readonly body: readonly Stmt[] }
  | {
      readonly t: 'if';
      readonly cond: Expr;
      readonly then: readonly Stmt[];
      readonly otherwise: readonly Stmt[];
    }
  | {
      readonly t: 'for';
      readonly init: Stmt | null;
      readonly cond: Expr | null;
      readonly body: readonly Stmt[];
    };

const PRECEDENCE: Readonly<Record<string, number>> = {
  '||': 1,
  '&&': 2,
  '|': 3,
  '^': 4,
  '&': 5,
  '==': 6,
  '!=': 6,
  '<': 7,
  '>': 7,
  '<=': 7,
  '>=': 7,
  '+': 8,
  '-': 8,
  '*': 9,
  '/': 9,
  '%': 9,
};

class Parser {
  private at = 0;
  constructor(private readonly tokens: readonly string[]) {}

  peek(offset = 0): string | undefined {
    return this.tokens[this.at + offset];
  }

  next(): string {
    const token = this.tokens[this.at++];
    if (token === undefined) throw new Error('wgsl-warp-trace: unexpected end of shader');
    return token;
  }

  expect(token: string): void {
    const got = this.next();
    if (got !== token) throw new Error(`wgsl-warp-trace: expected ${token}, got ${got}`);
  }

  /** Moves past `fn main(...) ->? {` and returns its body. */
  mainBody(): Stmt[] {
    while (!(this.peek() === 'fn' && this.peek(1) === 'main')) this.next();
    while (this.peek() !== '{') this.next();
    return this.block();
  }

  block(): Stmt[] {
    this.expect('{');
    const body: Stmt[] = [];
    while (this.peek() !== '}') body.push(this.statement());
    this.expect('}');
    return body;
  }

  statement(): Stmt {
    const token = this.peek();
    if (token === '{') return { t: 'block', body: this.block() };
    if (token === 'let' || token === 'var') {
      this.next();
      const name = this.next();
      if (this.peek() === ':') this.skipType();
      this.expect('=');
      const value = this.expression();
      this.expect(';');
      return { t: 'let', name, value };
    }
    if (token === 'if') {
      this.next();
      const cond = this.expression();
      const then = this.block();
      let otherwise: Stmt[] = [];
      if (this.peek() === 'else') {
        this.next();
        otherwise = this.peek() === 'if' ? [this.statement()] : this.block();
      }
      return { t: 'if', cond, then, otherwise };
    }
    if (token === 'for') {
      this.next();
      this.expect('(');
      const init = this.peek() === ';' ? null : this.simpleStatement();
      this.expect(';');
      const cond = this.peek() === ';' ? null : this.expression();
      this.expect(';');
      while (this.peek() !== ')') this.next();
      this.expect(')');
      return { t: 'for', init, cond, body: this.block() };
    }
    if (token === 'return' || token === 'break' || token === 'continue') {
      while (this.next() !== ';');
      return { t: 'block', body: [] };
    }
    const stmt = this.simpleStatement();
    this.expect(';');
    return stmt;
  }

  /** A `let`/`var`, an assignment or an expression, without its `;`. */
  simpleStatement(): Stmt {
    if (this.peek() === 'let' || this.peek() === 'var') {
      this.next();
      const name = this.next();
      if (this.peek() === ':') this.skipType();
      this.expect('=');
      return { t: 'let', name, value: this.expression() };
    }
    const target = this.expression();
    if (this.peek() === '=') {
      this.next();
      return { t: 'assign', target, value: this.expression() };
    }
    const compound = this.peek();
    if (compound !== undefined && /^[-+*/]$/.test(compound) && this.peek(1) === '=') {
      this.next();
      this.next();
      const value: Expr = { t: 'binary', op: compound, left: target, right: this.expression() };
      return { t: 'assign', target, value };
    }
    return { t: 'expr', value: target };
  }

  skipType(): void {
    this.expect(':');
    this.next();
    if (this.peek() === '<') this.skipTemplate();
  }

  skipTemplate(): void {
    let depth = 0;
    do {
      const token = this.next();
      if (token === '<') depth++;
      if (token === '>') depth--;
    } while (depth > 0);
  }

  expression(minPrecedence = 1): Expr {
    let left = this.unary();
    for (;;) {
      const op = this.peek();
      const precedence = op === undefined ? undefined : PRECEDENCE[op];
      if (precedence === undefined || precedence < minPrecedence || this.peek(1) === '=') {
        return left;
      }
      this.next();
      const right = this.expression(precedence + 1);
      left = { t: 'binary', op: op!, left, right };
    }
  }

  unary(): Expr {
    const token = this.peek();
    if (token === '-' || token === '!' || token === '&') {
      this.next();
      return { t: 'unary', op: token, of: this.unary() };
    }
    return this.postfix(this.primary());
  }

  primary(): Expr {
    const token = this.next();
    if (token === '(') {
      const inner = this.expression();
      this.expect(')');
      return inner;
    }
    if (/^\d|^0x/.test(token)) {
      const digits = token.replace(/[uif]$/, '');
      return { t: 'num', value: Number(digits) };
    }
    // A type constructor or builtin with template arguments: vec4<f32>(...), bitcast<u32>(...).
    if (this.peek() === '<' && /^(vec\d|bitcast|array|mat\dx\d)$/.test(token)) this.skipTemplate();
    if (this.peek() === '(') {
      this.next();
      const args: Expr[] = [];
      while (this.peek() !== ')') {
        args.push(this.expression());
        if (this.peek() === ',') this.next();
      }
      this.expect(')');
      return { t: 'call', callee: token, args };
    }
    return { t: 'name', name: token };
  }

  postfix(of: Expr): Expr {
    for (;;) {
      if (this.peek() === '.') {
        this.next();
        of = { t: 'member', of, field: this.next() };
      } else if (this.peek() === '[') {
        this.next();
        const at = this.expression();
        this.expect(']');
        of = { t: 'index', of, at };
      } else {
        return of;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Running one lane

interface Access {
  readonly buffer: string;
  readonly kind: WarpInstruction['kind'];
  readonly element: number | null;
  readonly active: boolean;
}

const SWIZZLE = 'xyzw';

/** WGSL's i32 binary operators; division by zero is left `UNKNOWN` (WGSL's result is not modelled). */
const BINARY = new Map<string, (a: number, b: number) => Value>([
  ['+', (a, b) => (a + b) | 0],
  ['-', (a, b) => (a - b) | 0],
  ['*', Math.imul],
  ['/', (a, b) => (b === 0 ? UNKNOWN : Math.trunc(a / b))],
  ['%', (a, b) => (b === 0 ? UNKNOWN : a % b)],
  ['<', (a, b) => (a < b ? 1 : 0)],
  ['>', (a, b) => (a > b ? 1 : 0)],
  ['<=', (a, b) => (a <= b ? 1 : 0)],
  ['>=', (a, b) => (a >= b ? 1 : 0)],
  ['==', (a, b) => (a === b ? 1 : 0)],
  ['!=', (a, b) => (a !== b ? 1 : 0)],
  ['&&', (a, b) => (a !== 0 && b !== 0 ? 1 : 0)],
  ['||', (a, b) => (a !== 0 || b !== 0 ? 1 : 0)],
  ['&', (a, b) => a & b],
  ['|', (a, b) => a | b],
  ['^', (a, b) => a ^ b],
]);

function binary(op: string, a: Value, b: Value): Value {
  const apply = BINARY.get(op);
  if (apply === undefined || typeof a !== 'number' || typeof b !== 'number') return UNKNOWN;
  return apply(a, b);
}

class Lane {
  readonly accesses: Access[] = [];
  private readonly scopes: Map<string, Value>[] = [new Map()];

  constructor(
    private readonly buffers: ReadonlySet<string>,
    globals: ReadonlyMap<string, Value>,
    private readonly uniforms: Readonly<Record<string, Value>>,
  ) {
    for (const [name, value] of globals) this.scopes[0]!.set(name, value);
  }

  run(body: readonly Stmt[], active: boolean): void {
    this.scopes.push(new Map());
    for (const stmt of body) this.statement(stmt, active);
    this.scopes.pop();
  }

  private lookup(name: string): Value {
    for (let s = this.scopes.length - 1; s >= 0; s--) {
      const value = this.scopes[s]!.get(name);
      if (value !== undefined) return value;
    }
    return UNKNOWN;
  }

  private assign(name: string, value: Value): void {
    for (let s = this.scopes.length - 1; s >= 0; s--) {
      if (this.scopes[s]!.has(name)) {
        this.scopes[s]!.set(name, value);
        return;
      }
    }
    this.scopes.at(-1)!.set(name, value);
  }

  private statement(stmt: Stmt, active: boolean): void {
    switch (stmt.t) {
      case 'let':
        this.scopes.at(-1)!.set(stmt.name, this.value(stmt.value, active));
        return;
      case 'assign': {
        const value = this.value(stmt.value, active);
        if (stmt.target.t === 'name') this.assign(stmt.target.name, value);
        else if (stmt.target.t === 'index' && this.isBuffer(stmt.target.of)) {
          this.access(stmt.target, 'store', active);
        } else if (stmt.target.t === 'index' && stmt.target.of.t === 'name') {
          // An element of a local vector: the vector is no longer known.
          this.value(stmt.target.at, active);
          this.assign(stmt.target.of.name, UNKNOWN);
        }
        return;
      }
      case 'expr':
        this.value(stmt.value, active);
        return;
      case 'block':
        this.run(stmt.body, active);
        return;
      case 'if': {
        const cond = this.value(stmt.cond, active);
        this.run(stmt.then, active && cond !== 0);
        this.run(stmt.otherwise, active && (typeof cond !== 'number' || cond === 0));
        return;
      }
      case 'for': {
        this.scopes.push(new Map());
        if (stmt.init !== null) this.statement(stmt.init, active);
        const cond = stmt.cond === null ? 1 : this.value(stmt.cond, active);
        this.run(stmt.body, active && cond !== 0);
        this.scopes.pop();
        return;
      }
    }
  }

  private isBuffer(e: Expr): boolean {
    return e.t === 'name' && this.buffers.has(e.name);
  }

  private access(e: Expr & { t: 'index' }, kind: Access['kind'], active: boolean): void {
    const index = this.value(e.at, active);
    const buffer = (e.of as { name: string }).name;
    this.accesses.push({ buffer, kind, element: typeof index === 'number' ? index : null, active });
  }

  private value(e: Expr, active: boolean): Value {
    switch (e.t) {
      case 'num':
        return e.value;
      case 'name':
        return this.lookup(e.name);
      case 'member': {
        if (e.of.t === 'name' && e.of.name === 'uniforms') return this.uniforms[e.field] ?? UNKNOWN;
        const of = this.value(e.of, active);
        if (Array.isArray(of) && e.field.length === 1)
          return of[SWIZZLE.indexOf(e.field)] ?? UNKNOWN;
        if (typeof of === 'object' && !Array.isArray(of)) {
          return (of as { readonly [field: string]: number })[e.field] ?? UNKNOWN;
        }
        return UNKNOWN;
      }
      case 'index': {
        if (this.isBuffer(e.of)) {
          this.access(e, 'load', active);
          return UNKNOWN;
        }
        const of = this.value(e.of, active);
        const at = this.value(e.at, active);
        return Array.isArray(of) && typeof at === 'number' ? (of[at] ?? UNKNOWN) : UNKNOWN;
      }
      case 'call': {
        if (e.callee.startsWith('atomic')) {
          const [target, ...rest] = e.args;
          for (const arg of rest) this.value(arg, active);
          if (target?.t === 'unary' && target.of.t === 'index' && this.isBuffer(target.of.of)) {
            this.access(target.of, 'atomic', active);
          }
          return UNKNOWN;
        }
        const args = e.args.map((arg) => this.value(arg, active));
        if (e.callee === 'i32' || e.callee === 'u32') return args[0] ?? UNKNOWN;
        if (e.callee === 'max' || e.callee === 'min') {
          const [a, b] = args;
          if (typeof a !== 'number' || typeof b !== 'number') return UNKNOWN;
          return e.callee === 'max' ? Math.max(a, b) : Math.min(a, b);
        }
        if (e.callee === 'select') {
          const [no, yes, cond] = args;
          return typeof cond === 'number' ? (cond !== 0 ? yes! : no!) : UNKNOWN;
        }
        return UNKNOWN;
      }
      case 'unary': {
        const of = this.value(e.of, active);
        if (typeof of !== 'number') return UNKNOWN;
        return e.op === '-' ? -of | 0 : e.op === '!' ? (of === 0 ? 1 : 0) : UNKNOWN;
      }
      case 'binary':
        return binary(e.op, this.value(e.left, active), this.value(e.right, active));
    }
  }
}

/** The uniform struct's values by field name (`count : i32, region : vec4<i32>, …`). */
function uniformFields(
  declaration: string,
  values: readonly UniformValue[],
): Record<string, Value> {
  const names = declaration
    .split(',')
    .map((field) => field.split(':')[0]!.trim())
    .filter((name) => name.length > 0);
  if (names.length !== values.length) {
    throw new Error(`wgsl-warp-trace: ${names.length} uniform fields, ${values.length} values`);
  }
  const fields: Record<string, Value> = {};
  names.forEach((name, k) => {
    const data = Array.from(values[k]!.data as ArrayLike<number>);
    fields[name] = data.length === 1 ? data[0]! : data;
  });
  return fields;
}

/**
 * The memory instructions of warp `warp` (lanes with global invocation indices
 * `warp * 32 … warp * 32 + 31`) of `program` run with `uniforms`, in program order.
 */
export function traceWarp(
  program: TracedProgram,
  uniforms: readonly UniformValue[],
  warp: number,
): WarpInstruction[] {
  const body = new Parser(tokenize(program.getUserCode())).mainBody();
  const buffers = new Set([...program.variableNames, 'result']);
  const fields = uniformFields(program.uniforms, uniforms);
  const bytesOf = (buffer: string) => {
    const k = program.variableNames.indexOf(buffer);
    const components =
      k < 0 ? (program.outputComponent ?? 1) : (program.variableComponents?.[k] ?? 1);
    return components * 4;
  };
  const lanes = Array.from({ length: WARP_LANES }, (_, lane) => {
    const globals = new Map<string, Value>([
      ['index', warp * WARP_LANES + lane],
      ['numWorkgroups', { x: 1 << 16 }],
    ]);
    const traced = new Lane(buffers, globals, fields);
    traced.run(body, true);
    return traced.accesses;
  });
  const count = lanes[0]!.length;
  if (lanes.some((accesses) => accesses.length !== count)) {
    throw new Error('wgsl-warp-trace: lanes disagree on their instruction count');
  }
  return Array.from({ length: count }, (_, n) => {
    const first = lanes[0]![n]!;
    const bytes = bytesOf(first.buffer);
    return {
      buffer: first.buffer,
      kind: first.kind,
      bytes,
      addresses: lanes
        .map((accesses) => accesses[n]!)
        .filter((a) => a.active)
        .map((a) => (a.element === null ? null : a.element * bytes)),
    };
  });
}
