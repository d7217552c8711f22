/**
 * The sparse compiler's folders are cut by when their code runs (the sparse README's design
 * note on them): planning/ builds a kernel plan, emission/ walks a plan into loop IR, calling/
 * runs a kernel. Files import downwards only: planning nothing from emission or calling,
 * emission nothing from calling, so each phase reads without the ones after it.
 */
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type FoundImport, importsOf, isRelative, target } from './support/imports.js';
import { repoRoot } from './support/workspace.js';

const SPARSIFY = 'packages/sparse/src/sparsify/';

/** The phases in the order their code runs. */
const PHASES = ['planning', 'emission', 'calling'] as const;

/** The phase folder a root-relative path lies in, if any. */
function phaseOf(path: string): number {
  if (!path.startsWith(SPARSIFY)) return -1;
  return PHASES.indexOf(path.slice(SPARSIFY.length).split('/')[0] as (typeof PHASES)[number]);
}

/** `file -> imported file` for each relative import of a phase's file from a later phase. */
function upwardImports(imports: readonly FoundImport[]): string[] {
  return imports.flatMap(({ file, specifier }) => {
    if (!isRelative(specifier)) return [];
    const to = relative(repoRoot, target(repoRoot, file, specifier));
    const from = phaseOf(file);
    return from >= 0 && phaseOf(to) > from ? [`${file} -> ${to}`] : [];
  });
}

describe('the sparse compiler phases', () => {
  it('an import from a later phase is found, one from an earlier phase or the top is not', () => {
    const at = (phase: string, name: string) => `${SPARSIFY}${phase}/${name}.ts`;
    const found = upwardImports([
      { file: at('planning', 'a'), specifier: '../emission/b.js' },
      { file: at('emission', 'a'), specifier: '../calling/b.js' },
      { file: at('emission', 'a'), specifier: '../planning/b.js' },
      { file: at('calling', 'a'), specifier: '../errors.js' },
      { file: at('planning', 'a'), specifier: '@tilekit/loop-ir' },
    ]);
    expect(found).toEqual([
      `${at('planning', 'a')} -> ${at('emission', 'b').replace('.ts', '.js')}`,
      `${at('emission', 'a')} -> ${at('calling', 'b').replace('.ts', '.js')}`,
    ]);
  });

  it('every phase holds files, and none imports a later phase', () => {
    const imports = importsOf(repoRoot, join(repoRoot, 'packages/sparse'));
    const phasesWithFiles = new Set(imports.map(({ file }) => phaseOf(file)));
    for (let p = 0; p < PHASES.length; p++) expect(phasesWithFiles.has(p)).toBe(true);
    expect(upwardImports(imports)).toEqual([]);
  });
});
