/**
 * Parsing of one tensor access (see notation.ts for the grammar): a name and its subscripts,
 * each an index variable with an optional window `i(lo, hi, stride)`, or an affine form
 * (`i+k`, `2*i+1`) whose linear form affine-subscript.ts checks.
 */
import { SparsifyError } from '../errors.js';
import {
  addForms,
  affineSubscriptOf,
  constantForm,
  isPlainSubscript,
  type LinearForm,
  multiplyForms,
  subscriptText,
  variableForm,
} from './affine-subscript.js';
import {
  type AccessExpr,
  type AffineSubscript,
  type IndexWindow,
  RESERVED_NAMES,
} from './expression.js';
import { type NotationCursor, NUMBER } from './notation-cursor.js';

const BARE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** `name(subscript, ...)`, or a bare `name` (a scalar operand or an index value). */
export function parseAccess(c: NotationCursor): AccessExpr {
  const start = c.at;
  const tensor = c.name('a tensor name');
  if (RESERVED_NAMES.has(tensor)) {
    c.at = start;
    c.skip();
    throw c.error(`a tensor name (${tensor} is a function)`);
  }
  const subscripts: AffineSubscript[] = [];
  const windows: (IndexWindow | null)[] = [];
  if (c.eat('(') && !c.eat(')')) {
    do {
      c.skip();
      const from = c.at;
      const form = subscriptSum(c);
      const text = c.source.slice(from, c.at).trim();
      subscripts.push(affineSubscriptOf(form, text, tensor));
      if (c.peek('(') && !BARE_NAME.test(text)) {
        throw c.error("',' or ')' (a window follows a bare index)");
      }
      windows.push(c.eat('(') ? indexWindow(c) : null);
    } while (c.eat(','));
    c.expect(')');
  }
  const indices = subscripts.map(subscriptText);
  const windowed = windows.some((w) => w !== null);
  const affine = !subscripts.every(isPlainSubscript);
  if (windowed && affine) {
    throw new SparsifyError(
      'expression',
      `${tensor}(${indices.join(',')}) has both a window and an affine subscript; window the operand in a kernel of its own first`,
      'a window or affine subscripts, not both in one access',
    );
  }
  return c.node({
    kind: 'access',
    tensor,
    indices,
    ...(windowed ? { windows } : {}),
    ...(affine ? { subscripts } : {}),
  });
}

/** A subscript: a sum of products of index variables and integers (checked to be affine). */
function subscriptSum(c: NotationCursor): LinearForm {
  return c.nested(() => {
    let form = subscriptProduct(c);
    for (;;) {
      const sign = c.eat('+') ? 1 : c.eat('-') ? -1 : undefined;
      if (sign === undefined) return form;
      form = addForms(form, subscriptProduct(c), sign);
    }
  });
}

function subscriptProduct(c: NotationCursor): LinearForm {
  let form = subscriptFactor(c);
  while (c.eat('*')) form = multiplyForms(form, subscriptFactor(c));
  if (c.peek('/')) {
    throw c.error(
      "'+', '*', ',' or ')' (a subscript has no division: floordiv and mod are not supported)",
    );
  }
  return form;
}

function subscriptFactor(c: NotationCursor): LinearForm {
  return c.nested(() => {
    if (c.eat('(')) return c.closing(subscriptSum(c));
    if (c.eat('-')) return multiplyForms(constantForm(-1), subscriptFactor(c));
    c.skip();
    const numberAt = c.at;
    const num = c.match(NUMBER);
    if (num !== undefined) {
      const value = Number(num);
      if (!Number.isSafeInteger(value)) c.failAt(numberAt, 'an integer in a subscript');
      return constantForm(value);
    }
    return variableForm(c.name('an index name'));
  });
}

/** `(lo, hi)` or `(lo, hi, stride)` after an index name (the `(` eaten). */
function indexWindow(c: NotationCursor): IndexWindow {
  const lo = windowBound(c, 'a window start');
  c.expect(',');
  c.skip();
  const hiAt = c.at;
  const hi = windowBound(c, 'a window end');
  if (hi < lo) c.failAt(hiAt, `a window end of at least its start ${lo}`);
  let stride = 1;
  if (c.eat(',')) {
    c.skip();
    const strideAt = c.at;
    stride = windowBound(c, 'a window stride');
    if (stride < 1) c.failAt(strideAt, 'a window stride of at least 1');
  }
  c.expect(')');
  return { lo, hi, stride };
}

/** A window bound: a non-negative integer. */
function windowBound(c: NotationCursor, what: string): number {
  c.skip();
  const start = c.at;
  const negative = c.eat('-');
  const text = c.match(NUMBER);
  const value = text === undefined ? Number.NaN : Number(text);
  if (negative || !Number.isSafeInteger(value)) {
    c.failAt(start, `${what}, a non-negative integer`);
  }
  return value;
}
