/**
 * The shared conformance suite on the WebGL kernels in headless Chromium (WebGL2 through
 * SwiftShader): the same cases as on the CPU, within WebGL's tolerance.
 */
import '@tensorflow/tfjs-backend-webgl';
import * as tf from '@tensorflow/tfjs-core';
import { kernelConformance } from '@tilekit/conformance';
import { describe, expect, it } from 'vitest';
import * as ops from '../../src/index.js';
import '../../src/register-webgl.js';

kernelConformance({ tf, backend: 'webgl', ops }, { describe, it, expect });
