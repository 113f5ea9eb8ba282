// The parse checkers' verdict channel: a checker (a language's `check`, languages/) marks its verdict
// with the run's nonce, and the sandbox driver (sandbox/driver.ts) reads it. Vocabulary both sides share.

/** The variable that hands a checker the nonce, so that its verdict line can carry it. */
export const VERDICT_ENV = "SANDBOX_GATE_NONCE";

/** What a checker writes before its verdict, a line of JSON: the prefix, the nonce, a newline. */
export const VERDICT_PREFIX = "\x1esandbox-gate:verdict:";
