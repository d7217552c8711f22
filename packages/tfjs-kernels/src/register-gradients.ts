/**
 * Registers this package's gradients with tfjs-core (backend independent). Imported by every
 * `register-*` entry; ES module evaluation runs it once however many entries load it.
 */
import { registerGradient } from '@tensorflow/tfjs-core';
import { tilekitGradConfigs } from './gradients/index.js';

for (const config of tilekitGradConfigs) registerGradient(config);
