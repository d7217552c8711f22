import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { describeReadmeExamples } from '../../../tools/vitest/readme-example-suite.ts';
import { fencedBlocks } from '../../../tools/vitest/readme-examples.ts';
import { main } from '../src/main.js';
import { captureIO } from './capture-io.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));

describeReadmeExamples({ packageDir, headings: ['As a library'] });

it("README's sample `tilekit layout` output is how the command's output starts", async () => {
  const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
  expect(readme).toContain("Example (`tilekit layout 'F32[3,5]{1,0:(2,2)}'`");
  const sample = fencedBlocks(readme).find((block) => block.body.startsWith('canonical:'));
  // The README elides the rest of the output with a final '...' line.
  const shown = (sample?.body ?? '').split('\n');
  expect(shown.pop()).toBe('...');
  const io = captureIO();
  expect(await main(['layout', 'F32[3,5]{1,0:(2,2)}'], io)).toBe(0);
  expect(io.out().split('\n').slice(0, shown.length)).toEqual(shown);
});
