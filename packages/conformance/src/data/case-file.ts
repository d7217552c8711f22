/**
 * Versioned case files. Every file of cases this package ships says where its cases come from
 * (`source`) and which revision they are (`version`); case ids stay stable within a version.
 */

import { ConformanceError } from '../errors.js';

/** A file of cases with its provenance. */
export interface CaseFile<T> {
  /** File name without extension, e.g. `xla-layout-vectors`. */
  readonly name: string;
  /** Revision of the cases; bumped whenever a case changes. */
  readonly version: number;
  /** Where the cases come from (documents, tools, tests). */
  readonly source: string;
  readonly cases: readonly T[];
}

/** Thrown when shipped case data does not have the shape its module declares. */
export class CaseDataError extends ConformanceError {
  override readonly name = 'CaseDataError';
  /** Always the fixture data a loader was given (`asCaseFile`'s and the file readers' `data`). */
  override readonly argument: string = 'data';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether `value` is an array of numbers (of `length`, when given). */
export function isNumbers(value: unknown, length?: number): value is readonly number[] {
  return (
    Array.isArray(value) &&
    (length === undefined || value.length === length) &&
    value.every((v) => typeof v === 'number')
  );
}

/** Whether `value` is an object whose listed keys hold strings. */
export function hasStrings(
  value: unknown,
  keys: readonly string[],
): value is Record<string, unknown> {
  return isRecord(value) && keys.every((key) => typeof value[key] === 'string');
}

/** Whether `value` is an object whose listed keys hold numbers. */
export function hasNumbers(
  value: unknown,
  keys: readonly string[],
): value is Record<string, unknown> {
  return isRecord(value) && keys.every((key) => typeof value[key] === 'number');
}

/**
 * Checks loaded JSON against the case file shape, every case with `isCase`, so a corrupted or
 * hand-edited data file fails at import with the file and case named.
 *
 * @throws CaseDataError
 */
export function asCaseFile<T>(data: unknown, isCase: (value: unknown) => value is T): CaseFile<T> {
  if (
    !hasStrings(data, ['name', 'source']) ||
    !hasNumbers(data, ['version']) ||
    !Array.isArray(data.cases)
  ) {
    throw new CaseDataError('case file: expected {name, version, source, cases[]}');
  }
  const bad = data.cases.findIndex((c) => !isCase(c));
  if (bad >= 0) {
    throw new CaseDataError(`${String(data.name)}: case ${bad} does not have the declared fields`);
  }
  return data as unknown as CaseFile<T>;
}
