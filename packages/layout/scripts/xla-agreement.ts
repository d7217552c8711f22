#!/usr/bin/env -S npx tsx --conditions=@tilekit/source
/**
 * Prints how far this package agrees with XLA's own verdicts, class by class: on the committed
 * fixture by default, or on a held-out file made with another seed by
 * `packages/conformance/scripts/generate-xla-shape-fixture.py --seed N --out FILE`.
 *
 * Usage (from packages/layout):
 *   npx tsx --conditions=@tilekit/source scripts/xla-agreement.ts [fixture.json]
 */
import { readFileSync } from 'node:fs';
import {
  asXlaShapeParserFile,
  XLA_SHAPE_PARSER,
  xlaParserCases,
} from '@tilekit/conformance/testing';
import * as layout from '../src/index.js';

const path = process.argv[2];
const file = path ? asXlaShapeParserFile(JSON.parse(readFileSync(path, 'utf8'))) : XLA_SHAPE_PARSER;
const excludedClasses = new Set(
  layout.LAYOUT_CONFORMANCE_EXCLUSIONS.flatMap(({ case: id }) => {
    const [, group, name, index] = id.split('/');
    return group === 'xla-parser' && index === '*' ? [name!] : [];
  }),
);
const rows = new Map<string, { strings: number; agree: number }>();
for (const c of xlaParserCases(layout, file)) {
  const name = c.id.split('/')[2]!;
  const row = rows.get(name) ?? { strings: 0, agree: 0 };
  rows.set(name, row);
  row.strings++;
  try {
    c.run();
    row.agree++;
  } catch {
    // A disagreement: counted by leaving `agree` alone.
  }
}
console.log(`XLA via jaxlib ${file.jaxlib}, seed ${file.seed}`);
console.log('| class | strings | agree | |');
console.log('| --- | ---: | ---: | --- |');
const total = { strings: 0, agree: 0, excluded: 0 };
for (const [name, row] of [...rows].sort(([a], [b]) => a.localeCompare(b))) {
  const excluded = excludedClasses.has(name);
  total.strings += row.strings;
  total.agree += row.agree;
  if (excluded) total.excluded += row.strings;
  console.log(`| ${name} | ${row.strings} | ${row.agree} | ${excluded ? 'excluded' : ''} |`);
}
const compared = total.strings - total.excluded;
console.log(
  `${total.agree} of ${compared} strings outside the excluded classes agree; ${total.excluded} excluded`,
);
