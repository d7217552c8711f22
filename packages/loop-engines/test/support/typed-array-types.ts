/** Every typed-array constructor a memref argument might be given, for pairing tests. */
export const TYPED_ARRAY_TYPES = [
  Float32Array,
  Float64Array,
  Int8Array,
  Uint8Array,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  BigInt64Array,
  BigUint64Array,
] as const;
