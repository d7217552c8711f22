/** A README example served by tools/vitest/readme-example-plugin.ts: the bindings it exports. */
declare module 'virtual:readme-example/*' {
  export const buffer: unknown;
}
