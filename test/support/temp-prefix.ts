// The prefix of every test temp dir, on its own: the integration global setup reads it, and that
// context cannot import vitest (test/support/temp.ts does).
export const TEMP_PREFIX = "sandbox-gate-test-";
