/**
 * The playground is a static Vite site. Workspace packages resolve to their TypeScript sources
 * through the `@tilekit/source` condition, so neither the dev server nor the build needs the
 * libraries built first.
 */
import { defineConfig } from 'vite';
import { BROWSER_CONDITIONS, tfjsPrebundledDeps } from '../../tools/vitest/browser-environment.ts';

export default defineConfig({
  // Relative asset URLs: dist/ works from any sub-path (GitHub Pages, a file server).
  base: './',
  resolve: { conditions: BROWSER_CONDITIONS },
  optimizeDeps: { include: tfjsPrebundledDeps(['webgl', 'webgpu']) },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 4096 },
  server: { host: '127.0.0.1' },
});
