import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { main } from '../src/main.js';
import { captureIO } from './capture-io.js';
import { layoutSvg } from './layout-svg.js';

describe('tilekit layout', () => {
  it("explains the seed's Figure 1 shape with sizes derived by hand", async () => {
    const io = captureIO();
    expect(await main(['layout', 'F32[3,5]{1,0:(2,2)}'], io)).toBe(0);
    const out = io.out();
    expect(out).toContain('canonical:          f32[3,5]{1,0:T(2,2)}');
    // ceil(3/2) x ceil(5/2) tiles of 2x2: [2,3,2,2] = 24 slots, 96 bytes of f32.
    expect(out).toContain('expanded shape:     [2, 3, 2, 2]');
    expect(out).toContain('physical elements:  24');
    expect(out).toContain('physical bytes:     96');
    // The text map shows offset 17 for element (2,3).
    expect(out).toMatch(/\b17\b/);
  });

  it('writes an SVG picture with --svg', async () => {
    const { io, svg } = await layoutSvg('f32[4,8]{1,0:T(2,4)(2,1)}', 'fig2.svg', ['--no-map']);
    expect(svg.startsWith('<svg') || svg.startsWith('<?xml')).toBe(true);
    expect(svg).toContain('</svg>');
    expect(io.out()).toContain('wrote fig2.svg');
  });

  it('rejects a malformed shape with exit 1 and the parser message', async () => {
    const io = captureIO();
    expect(await main(['layout', 'f32[3,5]{1,0:T(2,0)}'], io)).toBe(1);
    expect(io.err()).toMatch(/^tilekit layout: invalid shape 'f32\[3,5\]\{1,0:T\(2,0\)\}': /);
    expect(io.out()).toBe('');
  });

  it('draws a 30,000-cell panel into --svg with --max-cells 30000 (no stack overflow, exit 0)', async () => {
    const { io, svg } = await layoutSvg('f32[30000]{0}', 'x.svg', ['--max-cells', '30000']);
    const offsets = [...svg.matchAll(/<rect class="cell"[^>]*data-offset="(\d+)"/g)];
    expect(offsets.map((m) => Number(m[1]))).toEqual(Array.from({ length: 30000 }, (_, i) => i));
    expect(io.out()).toContain('wrote x.svg');
    expect(io.err()).toBe('');
  });

  it('random large or hostile shapes with any --max-cells: exit 0 or 1, never a stack', async () => {
    const dim = fc.oneof(
      fc.integer({ min: 0, max: 300 }),
      fc.constantFrom(0, 2147483647, 4294967299, 9007199254740991),
    );
    const argv = fc
      .tuple(
        fc.array(dim, { minLength: 1, maxLength: 4 }),
        fc.constantFrom('', ':T(8,128)', ':T(*,2)(4)L(3)'),
        fc.integer({ min: 1, max: 20_000 }),
      )
      .map(([dims, attributes, cells]) => {
        const order = dims.map((_, d) => dims.length - 1 - d).join(',');
        const shape = `f32[${dims.join(',')}]{${order}${attributes}}`;
        return ['layout', shape, '--max-cells', String(cells), '--svg', 'y.svg'];
      });
    await fc.assert(
      fc.asyncProperty(argv, async (args) => {
        const io = captureIO();
        const code = await main(args, io);
        expect([0, 1], JSON.stringify(args)).toContain(code);
        expect(io.err(), JSON.stringify(args)).not.toMatch(/^\s+at /m);
        if (code === 0) expect(io.files.get('y.svg')).toContain('</svg>');
      }),
      { seed: 8, numRuns: 8 },
    );
  });

  it('rejects missing or extra arguments and unknown flags with exit 2', async () => {
    for (const argv of [
      ['layout'],
      ['layout', 'f32[2]', 'f32[3]'],
      ['layout', 'f32[2]', '--bogus'],
    ]) {
      const io = captureIO();
      expect(await main(argv, io)).toBe(2);
      expect(io.err()).toContain('Usage: tilekit layout');
    }
  });
});

describe('tilekit', () => {
  it('lists commands with --help and exits 0', async () => {
    const io = captureIO();
    expect(await main(['--help'], io)).toBe(0);
    expect(io.out()).toMatch(/Commands:\n {2}demo\s+.+\n {2}layout\s+/);
  });

  it('exits 2 on an unknown command', async () => {
    const io = captureIO();
    expect(await main(['frobnicate'], io)).toBe(2);
    expect(io.err()).toContain("unknown command 'frobnicate'");
  });

  it('prints --help for every command', async () => {
    for (const name of ['demo', 'layout']) {
      const io = captureIO();
      expect(await main([name, '--help'], io)).toBe(0);
      expect(io.out()).toContain(`Usage: tilekit ${name}`);
    }
  });
});
