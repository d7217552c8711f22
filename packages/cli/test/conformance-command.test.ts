import * as tf from '@tensorflow/tfjs-core';
import { kernelConformance, layoutConformance, SPARSE_CASES } from '@tilekit/conformance';
import { XLA_SHAPE_PARSER } from '@tilekit/conformance/testing';
import * as layout from '@tilekit/layout';
import {
  SPARSE_CONFORMANCE_EXCLUSIONS,
  SPARSE_VECTORIZED_CONFORMANCE_EXCLUSIONS,
} from '@tilekit/sparse';
import { SPARSE_TFJS_CONFORMANCE_EXCLUSIONS } from '@tilekit/sparse/tfjs';
import * as ops from '@tilekit/tfjs-kernels';
import { describe, expect, it } from 'vitest';
import { main } from '../src/main.js';
import { captureIO } from './capture-io.js';

/** The table row of one suite: label, cases, passed, failed, excluded. */
function row(out: string, label: string): number[] {
  const line = out.split('\n').find((l) => l.startsWith(`${label} `));
  if (line === undefined) throw new Error(`no row '${label}' in:\n${out}`);
  return line.slice(label.length).trim().split(/\s+/).map(Number);
}

const closing = (out: string) => out.trimEnd().split('\n').at(-1);

describe('tilekit conformance', () => {
  it('runs the layout suite: every case passes or fails as its exclusion says', async () => {
    const io = captureIO();
    expect(await main(['conformance', '--suite', 'layout'], io)).toBe(0);
    const cases = layoutConformance(layout, { exclusions: layout.LAYOUT_CONFORMANCE_EXCLUSIONS })
      .cases.length;
    // One case per plain exclusion; a `layout/xla-parser/<class>/*` pattern excludes every
    // string XLA's fixture files under that class.
    const excluded = layout.LAYOUT_CONFORMANCE_EXCLUSIONS.reduce((sum, { case: id }) => {
      const [, group, name, index] = id.split('/');
      if (group !== 'xla-parser' || index !== '*') return sum + 1;
      return sum + XLA_SHAPE_PARSER.cases.filter((c) => c.class === name).length;
    }, 0);
    expect(row(io.out(), 'layout')).toEqual([cases, cases - excluded, 0, excluded]);
    expect(closing(io.out())).toBe(`${cases - excluded} passed, 0 failed`);
    expect(io.out()).toContain(
      'Excluded (failing as expected):\n  layout/xla/reject/f32[3,5]{1,0:(2,2)}: ',
    );
  });

  it('runs the sparse suite: vectorized on wasm, every case passes or fails as excluded', async () => {
    const io = captureIO();
    expect(await main(['conformance', '--suite', 'sparse'], io)).toBe(0);
    const cases = SPARSE_CASES.length;
    const excluded =
      SPARSE_CONFORMANCE_EXCLUSIONS.length + SPARSE_VECTORIZED_CONFORMANCE_EXCLUSIONS.length;
    expect(row(io.out(), 'sparse (wasm, vectorized)')).toEqual([
      cases,
      cases - excluded,
      0,
      excluded,
    ]);
    expect(closing(io.out())).toBe(`${cases - excluded} passed, 0 failed`);
    for (const { case: id } of SPARSE_VECTORIZED_CONFORMANCE_EXCLUSIONS) {
      expect(io.out()).toContain(`  ${id}`);
    }
  });

  it('runs every suite by default, the kernels on the cpu backend', async () => {
    const io = captureIO();
    expect(await main(['conformance'], io)).toBe(0);
    const rows = ['layout', 'kernels (cpu)', 'vectorizer', 'sparse (wasm, vectorized)'].map(
      (label) => row(io.out(), label),
    );
    const passed = rows.reduce((sum, r) => sum + r[1]!, 0);
    for (const r of rows) expect(r[0]).toBe(r[1]! + r[3]!);
    expect(closing(io.out())).toBe(`${passed} passed, 0 failed`);
  });

  // webgl and webgpu run in headless Chromium, wasm in this process.
  it.each(['webgl', 'webgpu', 'wasm'] as const)(
    'runs the kernel suite on the %s backend: the same cases as on the cpu',
    async (backend) => {
      const io = captureIO();
      expect(await main(['conformance', '--suite', 'kernels', '--backend', backend], io)).toBe(0);
      const cases = kernelConformance({ tf, backend, ops }).cases.length;
      expect(row(io.out(), `kernels (${backend})`)).toEqual([cases, cases, 0, 0]);
      expect(closing(io.out())).toBe(`${cases} passed, 0 failed`);
    },
    300_000,
  );

  it.each(['cpu', 'wasm', 'webgl', 'webgpu'])(
    'runs the sparse suite through the tfjs ops on %s: every case passes or fails as excluded',
    async (backend) => {
      const io = captureIO();
      expect(await main(['conformance', '--suite', 'sparse', '--backend', backend], io)).toBe(0);
      const cases = SPARSE_CASES.length;
      const excluded = SPARSE_TFJS_CONFORMANCE_EXCLUSIONS.length;
      expect(row(io.out(), `sparse (tfjs ${backend})`)).toEqual([
        cases,
        cases - excluded,
        0,
        excluded,
      ]);
      expect(closing(io.out())).toBe(`${cases - excluded} passed, 0 failed`);
      expect(io.out()).toContain("'*=' multiplies the output by the stored entries");
    },
    300_000,
  );

  it('rejects an unknown suite or backend with exit 2 and the usage', async () => {
    for (const argv of [
      ['conformance', '--suite', 'tiles'],
      ['conformance', '--backend', 'metal'],
      ['conformance', '--bogus'],
    ]) {
      const io = captureIO();
      expect(await main(argv, io)).toBe(2);
      expect(io.err()).toContain('Usage: tilekit conformance');
    }
  });

  it('prints its help', async () => {
    const io = captureIO();
    expect(await main(['conformance', '--help'], io)).toBe(0);
    expect(io.out()).toContain('--backend <name>');
  });
});
