// The statuses a candidate can end with, the vocabulary every room shares, and everything the rooms say
// or decide of one: its label and icon, its meaning, and which sets it belongs to. One entry per status,
// in the order classification tries them, so a new status is one entry here (and its feedback text in
// verdict/feedback.ts, which the compiler asks for); every set and table below is computed from it.

/** What a status says of the run; each holds for the statuses whose entry lists it. */
export interface Traits {
  /** The test command ran to its end: its exit code and its test results speak to the verdict. */
  ranToEnd: boolean;
  /** The candidate's code ran, so its duration is run time (the evaluation's time figures). */
  codeRan: boolean;
  /** The candidate reached a sandbox; before that (no code, a patch that does not apply) nothing ran. */
  sandboxed: boolean;
  /** The run was stopped before its end (a limit, or our side): a base run ending so is no reference. */
  cutShort: boolean;
  /** Another attempt, in a fresh container, may end otherwise (`reruns`): a failing or hanging test may be flaky. */
  rerunnable: boolean;
  /** Our failure, never blamed on the candidate: a warning, JUnit's `<error>`, and "re-run". */
  ours: boolean;
}

/** What every room knows of one status. Pure data. */
export interface StatusInfo extends Traits {
  /** Its short name in titles, tables and messages (annotations, JUnit, the evaluation's figures). */
  label: string;
  /** What a reader of the comment, the summary and the check sees beside the icon. */
  shown: string;
  /**
   * One icon beside every label, the same in the comment, the job summary and the check: a reader finds
   * the failures by shape before reading a word.
   */
  icon: string;
  /** What the candidate did, as the verdict line says it: "the reply from @agent fails the tests". */
  phrase: string;
}

interface Entry extends Omit<StatusInfo, keyof Traits | "shown"> {
  status: string;
  /** The label a reader sees, when it is not `label`. */
  shown?: string;
  is: ReadonlyArray<keyof Traits>;
}

// A failure of the candidate's own shows a cross; our failure a warning sign, never the cross that blames the code.
const FAILED = "❌";

const CATALOGUE = [
  { status: "no_code", label: "no code", icon: FAILED, phrase: "holds no code", is: [] },
  { status: "patch_failed", label: "patch failed", icon: FAILED, phrase: "has a patch that does not apply", is: [] },
  {
    // Set after the run, over the run's own status, which the result keeps in its notes: the run (with the
    // base's versions of the protected files) may have ended any way, so nothing says it ran to its end.
    status: "protected",
    label: "protected",
    shown: "protected files changed",
    icon: "🛡️",
    phrase: "changed the tests or their runner",
    is: ["codeRan", "sandboxed"],
  },
  { status: "syntax_error", label: "syntax error", icon: FAILED, phrase: "does not parse", is: ["sandboxed"] },
  {
    status: "timeout",
    label: "timeout",
    icon: "⏱️",
    phrase: "timed out",
    is: ["codeRan", "sandboxed", "cutShort", "rerunnable"],
  },
  {
    status: "oom",
    label: "out of memory",
    icon: "💥",
    phrase: "ran out of memory",
    is: ["codeRan", "sandboxed", "cutShort"],
  },
  {
    status: "test_failed",
    label: "tests failed",
    icon: FAILED,
    phrase: "fails the tests",
    is: ["ranToEnd", "codeRan", "sandboxed", "rerunnable"],
  },
  {
    status: "pass",
    label: "pass",
    shown: "passed",
    icon: "✅",
    phrase: "passes the tests",
    is: ["ranToEnd", "codeRan", "sandboxed"],
  },
  {
    status: "sandbox_error",
    label: "sandbox error",
    shown: "sandbox error (ours: re-run)",
    icon: "⚠️",
    phrase: "could not be judged (our sandbox failed: re-run)",
    is: ["sandboxed", "cutShort", "ours"],
  },
] as const satisfies readonly Entry[];

type Names<T extends ReadonlyArray<{ status: string }>> = { readonly [K in keyof T]: T[K]["status"] };

/** Statuses in the order classification tries them: the first that matches wins. A literal tuple, for the
 * report's schema and the types it gives. */
// `map` keeps the catalogue's length and order; TypeScript types its result as a plain array.
export const STATUSES = CATALOGUE.map((entry) => entry.status) as unknown as Names<typeof CATALOGUE>;

export type Status = (typeof STATUSES)[number];

/** Each status's entry of the catalogue. */
export const STATUS_INFO: Readonly<Record<Status, StatusInfo>> = Object.fromEntries(
  CATALOGUE.map((entry: Entry) => [entry.status, info(entry)]),
) as Record<Status, StatusInfo>;

function info({ label, shown, icon, phrase, is }: Entry): StatusInfo {
  const has = (trait: keyof Traits) => is.includes(trait);
  return {
    label,
    shown: shown ?? label,
    icon,
    phrase,
    ranToEnd: has("ranToEnd"),
    codeRan: has("codeRan"),
    sandboxed: has("sandboxed"),
    cutShort: has("cutShort"),
    rerunnable: has("rerunnable"),
    ours: has("ours"),
  };
}

function statusesWhere(flag: keyof Traits): ReadonlySet<Status> {
  return new Set(STATUSES.filter((s) => STATUS_INFO[s][flag]));
}

/** Every status but `pass`: what fails the gate when nothing says otherwise. */
export const EVERY_FAILURE: ReadonlySet<Status> = new Set(STATUSES.filter((s) => s !== "pass"));
/** Statuses of a run whose test command ended on its own: the ones its test results speak to. */
export const RAN_TO_END = statusesWhere("ranToEnd");
/** Statuses of a run whose code ran: its duration is run time. */
export const CODE_RAN = statusesWhere("codeRan");
/** Statuses of a run stopped before its end: a base run ending so says nothing about the tests. */
export const CUT_SHORT = statusesWhere("cutShort");
/** The candidate's own statuses a rerun may change. */
export const RERUNNABLE = statusesWhere("rerunnable");
