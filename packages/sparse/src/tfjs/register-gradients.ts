/**
 * Registers the sparse kernels' gradients with tfjs-core (backend independent). Imported by
 * every `register-*` entry; ES module evaluation runs it once however many entries load it.
 */
import { registerGradient } from '@tensorflow/tfjs-core';
import { sparseGradConfigs } from './gradients/index.js';

for (const config of sparseGradConfigs) registerGradient(config);
