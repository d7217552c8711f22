/**
 * The playground is a static Vite site. Workspace packages resolve to their TypeScript sources
 * through the `@tilekit/source` condition, so neither the dev server nor the build needs the
 * libraries built first.
 */
import { defineConfig } from 'vite';
import { SOURCE_CONDITION } from '../../tools/vitest/config.ts';

export default defineConfig({
  // Relative asset URLs: dist/ works from any sub-path (GitHub Pages, a file server).
  base: './',
  resolve: { conditions: [SOURCE_CONDITION, 'module', 'browser', 'import', 'default'] },
  // tfjs ships extensionless ESM; pre-bundling keeps one tfjs-core (one kernel registry).
  optimizeDeps: {
    include: [
      '@tensorflow/tfjs-core',
      '@tensorflow/tfjs-backend-cpu',
      '@tensorflow/tfjs-backend-webgl',
      '@tensorflow/tfjs-backend-webgpu',
    ],
  },
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 4096 },
  server: { host: '127.0.0.1' },
});
