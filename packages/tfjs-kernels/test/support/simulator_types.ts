/** The PTO CPU simulator fixtures name element types by C type; this package uses PTO/XLA names. */
import type { ElementType } from '../../src/index.js';

/** C element type of a simulator fixture → the `elementType` option it corresponds to. */
export const SIMULATOR_ELEMENT_TYPE = {
  float32: 'f32',
  int8: 's8',
  uint8: 'u8',
  int16: 's16',
  uint16: 'u16',
  int32: 's32',
  uint32: 'u32',
} as const satisfies Record<string, ElementType>;
