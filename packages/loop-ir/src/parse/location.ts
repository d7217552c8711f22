/** Source locations (`loc(...)`), which the IR does not keep. */
import type { Parser } from './parser.js';

/** Skips a trailing `loc(...)` location. */
export function skipLocation(p: Parser): void {
  if (!p.at('bareId', 'loc')) return;
  p.next();
  p.expect('(', "after 'loc'");
  for (let depth = 1; depth > 0; ) {
    const t = p.next();
    if (t.kind === 'eof') throw p.error("unterminated 'loc(...)'", "')'");
    if (t.text === '(') depth++;
    else if (t.text === ')') depth--;
  }
}
