/**
 * `exactAdd(a, b)`: IEEE-754 float32 addition, round to nearest even, subnormals included, as
 * the CPU loop computes it. GPUs (SwiftShader too) may flush subnormal operands and results to
 * zero; that can only change a sum when both operands are below 2^-100 in magnitude (any larger
 * operand has a half-ulp above every subnormal, and cannot cancel down to one). Such small sums
 * are redone 2^100 times larger, where nothing is subnormal, with subnormal operands decoded
 * from their bits and a subnormal result encoded into bits. Everything else (NaN and infinities
 * included) takes the hardware add.
 */
export const EXACT_ADD_GLSL = `
  const float SCALE_UP = 1267650600228229401496703205376.0;   // 2^100
  const float SCALE_DOWN = 7.888609052210118e-31;             // 2^-100
  const float SMALL = 7.888609052210118e-31;                  // 2^-100

  // x * 2^100, exactly, for |x| < 2^-100 (a subnormal x is rebuilt from its bits).
  float scaledUp(float x) {
    uint bits = floatBitsToUint(x);
    if ((bits & 0x7f800000u) != 0u) return x * SCALE_UP;
    // Subnormal or zero: x = m * 2^-149, so x * 2^100 = m * 2^-49 (m < 2^23: exact).
    float magnitude = float(bits & 0x007fffffu) * 1.7763568394002505e-15;   // 2^-49
    return uintBitsToFloat((bits & 0x80000000u) | floatBitsToUint(magnitude));
  }

  float exactAdd(float a, float b) {
    if (!(abs(a) < SMALL && abs(b) < SMALL)) return a + b;
    float sum = scaledUp(a) + scaledUp(b);
    // A result below 2^-126 (sum below 2^-26) is subnormal or zero, and then exact in sum:
    // it is m * 2^-149 with m = sum * 2^49 < 2^23, encoded straight into the bits.
    if (abs(sum) < 1.4901161193847656e-8) {                     // 2^-26
      uint bits = floatBitsToUint(sum);
      uint m = uint(abs(sum) * 562949953421312.0);               // 2^49
      return uintBitsToFloat((bits & 0x80000000u) | m);
    }
    return sum * SCALE_DOWN;
  }
`;
