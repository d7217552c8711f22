/**
 * The shared conformance suite on the WebGPU kernels in headless Chromium (WebGPU on
 * SwiftShader): the same cases as on the CPU, exact (WebGPU moves float bits and int32 values
 * unchanged), with tfjs's CPU forwarding of small inputs off so the passes run.
 */
import '@tensorflow/tfjs-backend-webgpu';
import * as tf from '@tensorflow/tfjs-core';
import { kernelConformance } from '@tilekit/conformance';
import { describe, expect, it } from 'vitest';
import * as ops from '../../src/index.js';
import '../../src/register-webgpu.js';

tf.env().set('WEBGPU_CPU_FORWARD', false);

kernelConformance({ tf, backend: 'webgpu', ops }, { describe, it, expect });
