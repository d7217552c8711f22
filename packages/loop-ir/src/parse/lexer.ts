/**
 * Tokenizer for the MLIR text subset. Pull-based: the cursor asks for one token at a time,
 * which lets the type parser re-scan `4x[8]xf32` dimension lists at character level
 * (MLIR's lexer treats `x` in shapes specially for the same reason).
 */
import { MlirParseError } from './errors.js';

/** One dimension of a `4x?x[8]x` list: its exact size, and the offset of its digits. */
export interface ScannedDimension {
  readonly size: bigint | '?';
  readonly scalable: boolean;
  readonly offset: number;
}

/** Token kinds. `punct` covers `( ) [ ] { } < > , : = ? * + - ->`. */
export type TokenKind =
  | 'valueId' // %name or %name#3
  | 'blockId' // ^bb0
  | 'symbol' // @name or @"quoted"
  | 'hashId' // #map or #vector.kind
  | 'bareId' // arith.addf, f32, iter_args
  | 'integer' // 42, 0x7FC00000
  | 'float' // 1.5, 1.0e-3
  | 'string' // "text" (value is unescaped)
  | 'punct'
  | 'eof';

/** One token; `value` is the unescaped text (strings, quoted symbols). */
export interface Token {
  readonly kind: TokenKind;
  readonly text: string;
  readonly value: string;
  readonly offset: number;
}

const PUNCT = new Set(['(', ')', '[', ']', '{', '}', '<', '>', ',', ':', '=', '?', '*', '+', '-']);
const SUFFIX_ID = /[A-Za-z0-9_$.-]/;
const BARE_START = /[A-Za-z_]/;
const BARE_REST = /[A-Za-z0-9_$.]/;
const DIGIT = /[0-9]/;
const UTF8_ENCODER = new TextEncoder();
const UTF8_DECODER = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Character-level scanner with line/column lookup. */
export class Lexer {
  readonly #src: string;
  readonly #lineStarts: number[] = [0];
  #pos = 0;

  constructor(source: string) {
    this.#src = source;
    for (let i = 0; i < source.length; i++) if (source[i] === '\n') this.#lineStarts.push(i + 1);
  }

  /** The current character offset. */
  get position(): number {
    return this.#pos;
  }

  /** Moves the scan position (used to re-scan after a lookahead). */
  reset(offset: number): void {
    this.#pos = offset;
  }

  /** The source text between two offsets. */
  slice(from: number, to: number): string {
    return this.#src.slice(from, to);
  }

  /** 1-based line and column of an offset. */
  lineColumn(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.#lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.#lineStarts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (this.#lineStarts[lo] as number) + 1 };
  }

  /** An error located at `offset`. */
  error(offset: number, detail: string, expected?: string): MlirParseError {
    const { line, column } = this.lineColumn(offset);
    return new MlirParseError(detail, line, column, expected);
  }

  /** Skips whitespace and `//` comments. */
  skipTrivia(): void {
    const s = this.#src;
    while (this.#pos < s.length) {
      const c = s[this.#pos] as string;
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r') this.#pos++;
      else if (c === '/' && s[this.#pos + 1] === '/') {
        while (this.#pos < s.length && s[this.#pos] !== '\n') this.#pos++;
      } else break;
    }
  }

  /** Scans the next token. */
  next(): Token {
    this.skipTrivia();
    const s = this.#src;
    const start = this.#pos;
    const c = s[start];
    if (c === undefined) return { kind: 'eof', text: '', value: '', offset: start };
    const tok = (kind: TokenKind, end: number, value?: string): Token => {
      this.#pos = end;
      const text = s.slice(start, end);
      return { kind, text, value: value ?? text, offset: start };
    };
    if (c === '%') {
      let end = this.#scanWhile(start + 1, SUFFIX_ID);
      if (end === start + 1) throw this.error(start, "expected SSA value name after '%'");
      if (s[end] === '#' && DIGIT.test(s[end + 1] ?? '')) end = this.#scanWhile(end + 1, DIGIT);
      return tok('valueId', end);
    }
    if (c === '^') return tok('blockId', this.#expectSuffix(start, "'^'"));
    if (c === '#') return tok('hashId', this.#expectSuffix(start, "'#'"));
    if (c === '@') {
      if (s[start + 1] === '"') {
        const { end, value } = this.#scanString(start + 1);
        return tok('symbol', end, value);
      }
      // MLIR's bare symbol grammar: no leading digit, no '-' (`@a-b` is `@a` then `-`).
      if (!BARE_START.test(s[start + 1] ?? '')) {
        throw this.error(start + 1, "@ identifier expected to start with letter or '_'");
      }
      const end = this.#scanWhile(start + 2, BARE_REST);
      return tok('symbol', end, s.slice(start + 1, end));
    }
    if (c === '"') {
      const { end, value } = this.#scanString(start);
      return tok('string', end, value);
    }
    if (c === '-' && s[start + 1] === '>') return tok('punct', start + 2);
    if (DIGIT.test(c)) return this.#scanNumber(start, tok);
    if (BARE_START.test(c)) return tok('bareId', this.#scanWhile(start + 1, BARE_REST));
    if (PUNCT.has(c)) return tok('punct', start + 1);
    throw this.error(start, `unexpected character '${c}'`);
  }

  #scanWhile(from: number, re: RegExp): number {
    let i = from;
    while (i < this.#src.length && re.test(this.#src[i] as string)) i++;
    return i;
  }

  #expectSuffix(start: number, what: string): number {
    const end = this.#scanWhile(start + 1, SUFFIX_ID);
    if (end === start + 1) throw this.error(start, `expected identifier after ${what}`);
    return end;
  }

  #scanNumber(start: number, tok: (k: TokenKind, end: number) => Token): Token {
    const s = this.#src;
    if (s[start] === '0' && s[start + 1] === 'x' && /[0-9a-fA-F]/.test(s[start + 2] ?? '')) {
      return tok('integer', this.#scanWhile(start + 2, /[0-9a-fA-F]/));
    }
    let end = this.#scanWhile(start, DIGIT);
    if (s[end] !== '.') return tok('integer', end);
    end = this.#scanWhile(end + 1, DIGIT);
    if ((s[end] === 'e' || s[end] === 'E') && /[-+0-9]/.test(s[end + 1] ?? '')) {
      const digitsFrom = s[end + 1] === '-' || s[end + 1] === '+' ? end + 2 : end + 1;
      const expEnd = this.#scanWhile(digitsFrom, DIGIT);
      if (expEnd > digitsFrom) end = expEnd;
    }
    return tok('float', end);
  }

  /**
   * Scans `"..."`. `\XX` escapes are bytes and the text between them is UTF-8, as in MLIR,
   * so `\C3\A9` reads as `é`; bytes that do not form UTF-8 are an error (a JS string
   * cannot hold them).
   */
  #scanString(start: number): { end: number; value: string } {
    const s = this.#src;
    let i = start + 1;
    const bytes: number[] = [];
    const text = (t: string): void => {
      for (const b of UTF8_ENCODER.encode(t)) bytes.push(b);
    };
    while (i < s.length && s[i] !== '"') {
      const ch = String.fromCodePoint(s.codePointAt(i) as number);
      if (ch === '\n') break;
      if (ch !== '\\') {
        text(ch);
        i += ch.length;
        continue;
      }
      const esc = s[i + 1] ?? '';
      const simple: Record<string, string> = { '"': '"', '\\': '\\', n: '\n', t: '\t' };
      if (simple[esc] !== undefined) {
        text(simple[esc]);
        i += 2;
      } else if (/^[0-9a-fA-F]{2}$/.test(s.slice(i + 1, i + 3))) {
        bytes.push(Number.parseInt(s.slice(i + 1, i + 3), 16));
        i += 3;
      } else {
        throw this.error(i, `unknown escape '\\${esc}' in string literal`);
      }
    }
    if (s[i] !== '"') throw this.error(start, 'unterminated string literal', "'\"'");
    try {
      return { end: i + 1, value: UTF8_DECODER.decode(Uint8Array.from(bytes)) };
    } catch {
      throw this.error(start, 'string literal escapes are not valid UTF-8');
    }
  }

  /**
   * Scans the body of a pretty dialect attribute, `<...>` at the current position, as MLIR
   * does: `<`, `[`, `(` and `{` nest and must close in order, string literals are skipped,
   * `->` is one token; returns the body text and moves past it. Mismatched punctuation is
   * MLIR's error (`unbalanced '{' character in pretty dialect name`).
   */
  scanDialectBody(): string {
    const s = this.#src;
    const start = this.#pos;
    const open: string[] = [];
    const closes: Readonly<Record<string, string>> = { '>': '<', ']': '[', ')': '(', '}': '{' };
    let i = start;
    // MLIR reports at its current token: the `<`, or the last string literal it lexed.
    let at = start;
    do {
      const c = s[i];
      // At the end of the input MLIR names the bracket left open; a NUL inside is its own error.
      if (c === undefined)
        throw this.error(at, `unbalanced '${open.at(-1)}' character in pretty dialect name`);
      if (c === '\0') throw this.error(at, 'unexpected nul or EOF in pretty dialect name');
      i++;
      if (c === '<' || c === '[' || c === '(' || c === '{') open.push(c);
      else if (c === '-' && s[i] === '>') i++;
      else if (c === '"') {
        at = i - 1;
        i = this.#scanString(at).end;
      } else if (closes[c] !== undefined) {
        const innermost = open.pop();
        if (innermost !== closes[c])
          throw this.error(at, `unbalanced '${innermost}' character in pretty dialect name`);
      }
    } while (open.length > 0);
    this.#pos = i;
    return s.slice(start, i);
  }

  /**
   * Scans a dimension list prefix such as `4x?x[8]x` at the current position and returns
   * the dimensions, each with the offset of its digits (sizes are exact: the caller decides
   * what fits); stops (without consuming) at the first item not followed by `x`.
   */
  scanDimensions(): ScannedDimension[] {
    const s = this.#src;
    const dims: ScannedDimension[] = [];
    for (;;) {
      this.skipTrivia();
      const at = this.#pos;
      let i = at;
      let scalable = false;
      let size: bigint | '?';
      let offset = at;
      if (s[i] === '?') {
        size = '?';
        i++;
      } else {
        if (s[i] === '[') {
          scalable = true;
          i++;
        }
        const end = this.#scanWhile(i, DIGIT);
        if (end === i) return dims;
        size = BigInt(s.slice(i, end));
        offset = i;
        i = end;
        if (scalable) {
          if (s[i] !== ']') return dims;
          i++;
        }
      }
      if (s[i] !== 'x') {
        this.#pos = at;
        return dims;
      }
      this.#pos = i + 1;
      dims.push({ size, scalable, offset });
    }
  }
}
