// The one test of "a JSON object" for every reader of JSON that is not ours (a manifest, an instances or
// predictions file, an input): `typeof` says "object" for null and arrays too, and each of those readers
// wants neither.

/** Whether `value` is a JSON object: not null, not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
