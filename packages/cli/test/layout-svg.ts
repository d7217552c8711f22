/** `tilekit layout` drawing a picture, as the tests of its `--svg` option run it. */
import { expect } from 'vitest';
import { main } from '../src/main.js';
import { captureIO } from './capture-io.js';

/**
 * Runs `tilekit layout <shape> --svg <file> ...options`, expects exit 0, and gives the picture
 * written to `file` with the io it ran on.
 */
export async function layoutSvg(shape: string, file: string, options: readonly string[] = []) {
  const io = captureIO();
  expect(await main(['layout', shape, '--svg', file, ...options], io)).toBe(0);
  return { io, svg: io.files.get(file) ?? '' };
}
