import { describe, expect, it } from 'vitest';
import { measurementFlags, slug } from '../src/dawn/dawn-session.js';

describe('measurementFlags', () => {
  it('turns timestamp quantization off when nothing is given', () => {
    expect(measurementFlags('')).toEqual(['disable-dawn-features=timestamp_quantization']);
  });

  it('keeps a list of toggles whole and adds the flag beside it', () => {
    expect(measurementFlags('enable-dawn-features=allow_unsafe_apis,dump_shaders')).toEqual([
      'enable-dawn-features=allow_unsafe_apis,dump_shaders',
      'disable-dawn-features=timestamp_quantization',
    ]);
  });

  it('joins the toggle to a disable list the caller gave, once', () => {
    expect(
      measurementFlags('backend=vulkan;disable-dawn-features=lazy_clear_resource_on_first_use'),
    ).toEqual([
      'backend=vulkan',
      'disable-dawn-features=lazy_clear_resource_on_first_use,timestamp_quantization',
    ]);
    expect(measurementFlags('disable-dawn-features=timestamp_quantization,a')).toEqual([
      'disable-dawn-features=timestamp_quantization,a',
    ]);
  });

  it('splits entries separated by commas where each has its own key', () => {
    expect(measurementFlags('backend=vulkan, adapter=NVIDIA')).toEqual([
      'backend=vulkan',
      'adapter=NVIDIA',
      'disable-dawn-features=timestamp_quantization',
    ]);
  });
});

describe('slug', () => {
  it('names a results folder after the adapter', () => {
    expect(slug('nvidia  nvidia-h200')).toBe('nvidia-nvidia-h200');
    expect(slug('  ')).toBe('unknown-adapter');
  });
});
