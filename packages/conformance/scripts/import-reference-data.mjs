#!/usr/bin/env node
/**
 * Copies the shared reference data (XLA layout vectors, PTO CPU-simulator TSCATTER outputs) into
 * src/fixtures/ as versioned case files: the cases unchanged, wrapped with `version` and
 * `source` so every case keeps its provenance. Bump VERSIONS when the cases change.
 *
 * Usage: node scripts/import-reference-data.mjs [reference-data-dir]
 *        (default: ../shared/reference-data next to the repository)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const referenceDir = resolve(
  process.argv[2] ?? join(packageDir, '..', '..', '..', 'shared', 'reference-data'),
);

const FILES = [
  {
    input: 'xla-layout-vectors.json',
    name: 'xla-layout-vectors',
    version: 1,
    source:
      "XLA's own tests (hlo_parser_test.cc, layout_util_test.cc, layout_test.cc, index_util_test.cc), " +
      'the "Tiled layout" document and values derived from XLA\'s index/size code; each case names its origin in `source`',
  },
  {
    input: 'pto-tscatter-cpusim.json',
    name: 'pto-tscatter-cpusim',
    version: 1,
    source:
      "Outputs of the PTO ISA CPU simulator's TSCATTER (flat-offset semantics, recent pto-isa) on row-major tiles, " +
      'destination zero-filled before the call as the A2A3/A5 implementations do',
  },
];

for (const file of FILES) {
  const cases = JSON.parse(readFileSync(join(referenceDir, file.input), 'utf8'));
  const wrapped = { name: file.name, version: file.version, source: file.source, cases };
  // One case per line keeps the file diffable without the formatter exploding every array.
  const body = cases.map((c) => `    ${JSON.stringify(c)}`).join(',\n');
  const header = ['name', 'version', 'source'].map(
    (key) => `  ${JSON.stringify(key)}: ${JSON.stringify(wrapped[key])}`,
  );
  const text = `{\n${header.join(',\n')},\n  "cases": [\n${body}\n  ]\n}\n`;
  writeFileSync(join(packageDir, 'src', 'fixtures', `${file.name}.json`), text);
  console.log(`${file.name}: ${cases.length} cases (version ${file.version})`);
}
