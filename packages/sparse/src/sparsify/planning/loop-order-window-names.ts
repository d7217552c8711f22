/**
 * A requested loop order's errors about a windowed kernel name its windowed accesses as the
 * caller wrote them (`A(i(1,5,2),j(0,3))`), not the operands the window-free kernel reads them
 * through (`A_window0`).
 */
import { SparsifyError } from '../errors.js';
import { accessText, type OperandWindow } from './operand-window.js';

const ARGUMENT = 'options.loopOrder';

/** `emit()`, whose `options.loopOrder` errors are restated with `windows`' accesses named. */
export function withWindowAccessesNamed<T>(
  windows: ReadonlyMap<string, OperandWindow>,
  emit: () => T,
): T {
  try {
    return emit();
  } catch (e) {
    if (!(e instanceof SparsifyError) || e.argument !== ARGUMENT) throw e;
    let problem = e.message.slice(`Invalid ${ARGUMENT}: `.length);
    for (const [name, window] of windows) {
      problem = problem.replaceAll(new RegExp(`\\b${name}\\b`, 'g'), accessText(window));
    }
    throw new SparsifyError(ARGUMENT, problem);
  }
}
