import { HELP_OPTION, helpShown, parseCommandArgs } from '../args.js';
import type { Command } from '../command.js';
import type { DemoSection } from '../demos/demo-section.js';
import { kernelsDemo } from '../demos/kernels-demo.js';
import { layoutDemo } from '../demos/layout-demo.js';
import { sparseDemo } from '../demos/sparse-demo.js';
import { CliError } from '../io.js';

/** The chapters, in the order they are shown. */
export const DEMO_SECTIONS: readonly DemoSection[] = [layoutDemo, kernelsDemo, sparseDemo];

const help = `Usage: tilekit demo [--only <n>]

Walks through what tilekit does, computing every figure live:
${DEMO_SECTIONS.map((s, i) => `  ${i + 1}. ${s.title}`).join('\n')}

Options:
  --only <n>   run only chapter n
  -h, --help   show this help`;

export const demoCommand: Command = {
  name: 'demo',
  summary: 'the guided tour: tiled layouts drawn and explained (the main job)',
  help,
  async run(args, io) {
    const { values } = parseCommandArgs({
      args: [...args],
      options: { only: { type: 'string' }, ...HELP_OPTION },
    });
    if (helpShown(values, help, io)) return 0;
    // Digits only: Number() would also take ' 1', '1.0' or '0x1'.
    const only =
      values.only === undefined || !/^\d{1,3}$/.test(values.only) ? undefined : Number(values.only);
    if (
      values.only !== undefined &&
      !(only !== undefined && only >= 1 && only <= DEMO_SECTIONS.length)
    ) {
      throw new CliError(`--only takes 1..${DEMO_SECTIONS.length}, got '${values.only}'`, 2);
    }
    for (const [i, section] of DEMO_SECTIONS.entries()) {
      if (only !== undefined && only !== i + 1) continue;
      io.stdout(`\n${'='.repeat(78)}\n${i + 1}. ${section.title}\n${'='.repeat(78)}\n`);
      await section.run(io);
    }
    return 0;
  },
};
