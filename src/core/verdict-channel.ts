// The parse checkers' verdict channel: a checker (a language's `check`, languages/) marks its verdict
// with the run's nonce, and the sandbox driver (sandbox/driver.ts) reads it; a checker that runs the
// command itself once the file parses (a language's `checkAndRun`) writes the run marker as the driver
// would. Vocabulary both sides share.

/** The variable that hands a checker the nonce, so that its verdict line can carry it. */
export const VERDICT_ENV = "SANDBOX_GATE_NONCE";

/** What a checker writes before its verdict, a line of JSON: the prefix, the nonce, a newline. */
export const VERDICT_PREFIX = "\x1esandbox-gate:verdict:";

/** What begins the candidate's run (the nonce and a newline follow): the driver's, or a `checkAndRun` checker's. */
export const RUN_PREFIX = "\x1esandbox-gate:run:";

/**
 * Where the sandbox driver writes the end guard (languages/python-guard.ts), a directory of its own put first
 * on PYTHONPATH for the test command, and the guard's file name there: Python imports it as it starts.
 */
export const GUARD_DIR = "/tmp/.sandbox-gate-guard";
export const PYTHON_GUARD_FILE = "sitecustomize.py";
