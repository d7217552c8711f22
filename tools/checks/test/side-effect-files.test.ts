/**
 * pack-check lets an entry export nothing when the package's `sideEffects` names its file; the
 * field's entries are globs (the per-op register entries are listed as `.../register-webgl/*.js`).
 * Node's own glob matcher (`path.matchesGlob`) is the reference, over generated paths and globs.
 */
import { matchesGlob } from 'node:path';
import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import { sideEffectFileTest } from '../../scripts/side-effect-files.mjs';

const SEGMENTS = ['dist', 'src', 'tfjs', 'register-webgl', 'spmv', 'a.b', 'x+y', '(z)', '$k'];
const EXTENSIONS = ['.js', '.ts', '.d.ts'];

describe('sideEffectFileTest', () => {
  it('agrees with path.matchesGlob on generated files and globs (seeded)', () => {
    const random = seededRandom(77);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const path = () => {
      const depth = 1 + Math.floor(random() * 3);
      const parts = Array.from({ length: depth }, () => pick(SEGMENTS));
      return `./${parts.join('/')}${pick(EXTENSIONS)}`;
    };
    let matched = 0;
    for (let n = 0; n < 2000; n++) {
      const file = path();
      // A glob from a file: one segment (or a segment's stem) replaced by '*', or none.
      const parts = (random() < 0.5 ? file : path()).split('/');
      const k = 1 + Math.floor(random() * (parts.length - 1));
      const r = random();
      if (r < 0.4) parts[k] = '*';
      else if (r < 0.7) parts[k] = `*${EXTENSIONS.find((e) => parts[k]!.endsWith(e)) ?? ''}`;
      const glob = parts.join('/');
      const want = matchesGlob(file, glob);
      expect(sideEffectFileTest([glob])(file), `${file} against ${glob}`).toBe(want);
      if (want) matched++;
    }
    // Both outcomes occur often enough for the comparison to mean something.
    expect(matched).toBeGreaterThan(200);
    expect(matched).toBeLessThan(1800);
  });

  it('names no file for a field that is not a list', () => {
    for (const field of [true, false, undefined, './dist/a.js'])
      expect(sideEffectFileTest(field)('./dist/a.js')).toBe(false);
  });

  it("names the per-op register entries of this repository's sparse package", () => {
    const test = sideEffectFileTest(['./dist/tfjs/register-webgl/*.js']);
    expect(test('./dist/tfjs/register-webgl/spmv.js')).toBe(true);
    expect(test('./dist/tfjs/register-webgl/ops/spmv.js')).toBe(false);
    expect(test('./dist/tfjs/register-webgl.js')).toBe(false);
  });
});
