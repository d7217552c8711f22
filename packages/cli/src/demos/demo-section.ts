/**
 * One chapter of `tilekit demo`: each chapter file exports one, and the demo command lists
 * them in the order they are shown.
 */
import type { CliIO } from '../io.js';

/** One chapter of `tilekit demo`. Later features add chapters to `DEMO_SECTIONS`. */
export interface DemoSection {
  readonly title: string;
  readonly run: (io: CliIO) => void | Promise<void>;
}
