/** Types of pack-closure.mjs. */

/**
 * `name` and every `@tilekit` package it needs through its dependencies and peer dependencies,
 * transitively, sorted by name.
 */
export declare function tilekitClosure(name: string): string[];
