/**
 * Waiting for a browser suite's outcome, which its page publishes as `window.__tilekitBench`.
 * Vite reloads the page when it finds a dependency to optimize that its first scan missed (on
 * a machine without Vite's cache, the first suite's page usually does): the suite then starts
 * over in the reloaded page, and the wait goes on there instead of failing.
 */
import type { Page } from 'playwright-core';
import type { PageOutcome } from './page/run.js';

/** How many times a suite may start over because its page was reloaded. */
export const MAX_RELOADS = 2;

/** What the wait uses of a Playwright page. */
export type OutcomePage = Pick<Page, 'waitForFunction' | 'waitForLoadState'>;

/** Whether `error` says the page navigated (reloaded) while it was being waited on. */
function isReload(error: unknown): boolean {
  return /Execution context was destroyed|navigat/i.test(String(error));
}

/** The suite's outcome, once its page publishes it (through up to {@link MAX_RELOADS} reloads). */
export async function outcomeOf(page: OutcomePage, timeoutMs: number): Promise<PageOutcome> {
  for (let reloads = 0; ; reloads++) {
    try {
      const handle = await page.waitForFunction(() => window.__tilekitBench, undefined, {
        timeout: timeoutMs,
        polling: 500,
      });
      return (await handle.jsonValue()) as PageOutcome;
    } catch (error) {
      if (!isReload(error) || reloads >= MAX_RELOADS) throw error;
      console.log('(the page reloaded while the suite ran; it starts over)');
      await page.waitForLoadState('load');
    }
  }
}
