import type { Command } from '../command.js';
import { conformanceCommand } from './conformance.js';
import { demoCommand } from './demo.js';
import { layoutCommand } from './layout.js';
import { optCommand } from './opt.js';

/** Every `tilekit` subcommand, in the order `--help` lists them. */
export const COMMANDS: readonly Command[] = [
  demoCommand,
  layoutCommand,
  optCommand,
  conformanceCommand,
];
