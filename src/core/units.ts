// Durations and sizes as users write them in inputs, flags and dataset lines.
import { InputError } from "./errors.js";

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
const SIZE_UNITS: Record<string, number> = { "": 1, b: 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };

/** `500ms`, `10s`, `2m`, `1.5s`; a bare number is seconds, as in most CI tools. */
export function parseDuration(input: string, value: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/i.exec(value.trim());
  const ms = m ? Number(m[1]) * DURATION_UNITS[(m[2] ?? "s").toLowerCase()]! : NaN;
  if (!Number.isFinite(ms) || ms <= 0) {
    throw new InputError(input, `'${value}' is not a positive duration (examples: 500ms, 10s, 2m)`);
  }
  return Math.round(ms);
}

/** `64k`, `256m`, `1g` (binary units, as Docker reads them); a bare number is bytes. */
export function parseSize(input: string, value: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*([kmg]?)i?b?$/i.exec(value.trim());
  const bytes = m ? Number(m[1]) * SIZE_UNITS[m[2]!.toLowerCase()]! : NaN;
  if (!Number.isFinite(bytes) || bytes < 1) {
    throw new InputError(input, `'${value}' is not a size (examples: 64k, 256m, 1g)`);
  }
  return Math.floor(bytes);
}

/** `850 ms`, `1.25 s`, `2 m 05 s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} m ${String(seconds % 60).padStart(2, "0")} s`;
}
