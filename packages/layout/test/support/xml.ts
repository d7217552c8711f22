/**
 * A minimal XML well-formedness check for SVG output: balanced tags, quoted attributes, no
 * stray '<' or unescaped '&' in text. Independent of the renderer; enough for generated SVG
 * (no CDATA, doctype or processing instructions).
 */
export function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  const token = /<\/?([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|<!--[\s\S]*?-->/g;
  let last = 0;
  let roots = 0;
  for (let match = token.exec(xml); match !== null; match = token.exec(xml)) {
    const text = xml.slice(last, match.index);
    if (/[<>]/.test(text) || /&(?!(amp|lt|gt|quot|apos);)/.test(text))
      problems.push(`bad text ${JSON.stringify(text)}`);
    last = token.lastIndex;
    const [whole, name, , selfClosing] = match;
    if (whole.startsWith('<!--')) continue;
    if (stack.length === 0) roots++;
    if (whole.startsWith('</')) {
      const open = stack.pop();
      if (open !== name) problems.push(`</${name}> closes <${open}>`);
    } else if (selfClosing !== '/') {
      stack.push(name!);
    }
  }
  const tail = xml.slice(last);
  if (tail.trim() !== '') problems.push(`unparsed ${JSON.stringify(tail.slice(0, 40))}`);
  if (stack.length > 0) problems.push(`unclosed ${stack.join(', ')}`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  return problems;
}
