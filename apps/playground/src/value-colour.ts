/**
 * The colour scale of the tensor pictures: diverging around zero, so a value's sign reads as
 * its hue (blue below zero, red above) and its size as how strong the colour is.
 */

/** Near-white for zero, so a stored zero still shows as a filled cell. */
export const ZERO_COLOUR: readonly [number, number, number] = [247, 247, 247];
/** Colour of the largest positive value. */
export const POSITIVE_COLOUR: readonly [number, number, number] = [178, 24, 43];
/** Colour of the most negative value. */
export const NEGATIVE_COLOUR: readonly [number, number, number] = [33, 102, 172];

const hex = (rgb: readonly number[]): string =>
  `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/**
 * The colour of `value` on a scale reaching its strongest colours at `-extreme` and `+extreme`
 * (values beyond are clamped). An `extreme` of 0 (an all-zero picture) colours everything as zero.
 */
export function valueColour(value: number, extreme: number): string {
  const t = extreme > 0 ? Math.max(-1, Math.min(1, value / extreme)) : 0;
  const end = t < 0 ? NEGATIVE_COLOUR : POSITIVE_COLOUR;
  const weight = Math.abs(t);
  return hex(ZERO_COLOUR.map((c, k) => c + ((end[k] as number) - c) * weight));
}

/** Whether text on `valueColour(value, extreme)` should be light to stay readable. */
export function needsLightText(value: number, extreme: number): boolean {
  return extreme > 0 && Math.abs(value / extreme) > 0.6;
}
