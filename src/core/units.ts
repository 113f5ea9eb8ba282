// Durations and sizes as users write them in inputs, flags and dataset lines.
import { InputError } from "./errors.js";

/** Largest first: a compound duration names each unit once, in this order (`1h2m`, `1m30s`, `2s500ms`). */
const DURATION_UNITS: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };
const SIZE_UNITS: Record<string, number> = { "": 1, b: 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };

/**
 * `500ms`, `10s`, `2m`, `1.5s`, `1m30s`, `1h2m`. A bare number is refused: seconds to one tool and
 * milliseconds to another, so the unit is asked for (a dataset line's JSON number, documented as
 * seconds, is turned into `Ns` before it gets here).
 */
export function parseDuration(input: string, value: string): number {
  const text = value.trim();
  if (/^\d+(?:\.\d+)?$/.test(text) && Number(text) > 0)
    throw new InputError(input, `'${value}' has no unit: write ${text}s for seconds (or 500ms, 2m, 1m30s)`);
  const ms = durationMs(text);
  if (ms === undefined || !Number.isFinite(ms) || ms <= 0) {
    throw new InputError(input, `'${value}' is not a positive duration (examples: 500ms, 10s, 2m, 1m30s)`);
  }
  return Math.round(ms);
}

/** The milliseconds `text` says as numbers with units, largest unit first; undefined when it says no such thing. */
function durationMs(text: string): number | undefined {
  const order = Object.keys(DURATION_UNITS);
  let ms = 0;
  let read = 0;
  let last = -1;
  for (const [part, number, unit] of text.matchAll(/\s*(\d+(?:\.\d+)?)\s*(ms|h|m|s)/giy)) {
    const rank = order.indexOf(unit!.toLowerCase());
    if (rank <= last) return undefined;
    last = rank;
    ms += Number(number) * DURATION_UNITS[order[rank]!]!;
    read += part.length;
  }
  return read === text.length && last !== -1 ? ms : undefined;
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
