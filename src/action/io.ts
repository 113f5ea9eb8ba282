// What the action says to the runner, behind one small interface: the log, the job summary, outputs,
// annotations, the step's failure, its log groups. coreIO is @actions/core's; tests may give their own.
import * as core from "@actions/core";

export interface ActionLog {
  info: (line: string) => void;
  warn: (line: string) => void;
  debug: (line: string) => void;
}

/** Where an annotation points. */
export interface AnnotationPlace {
  title: string;
  file?: string;
  startLine?: number;
  startColumn?: number;
}

export interface ActionIO extends ActionLog {
  /** Appends to the job summary. */
  summary: (markdown: string) => Promise<void>;
  output: (name: string, value: string | number) => void;
  annotate: (level: "error" | "warning" | "notice", message: string, place: AnnotationPlace) => void;
  /** Fails the step with `message`, its error annotation. */
  fail: (message: string) => void;
}

export const coreIO: ActionIO = {
  info: core.info,
  warn: core.warning,
  debug: core.debug,
  summary: async (markdown) => void (await core.summary.addRaw(markdown).write()),
  output: core.setOutput,
  annotate: (level, message, place) => {
    if (level === "error") core.error(message, place);
    else if (level === "warning") core.warning(message, place);
    else core.notice(message, place);
  },
  fail: core.setFailed,
};

/** One log group at a time: each phase closes the one before. */
export class Groups {
  #open = false;
  enter(title: string): void {
    this.leave();
    core.startGroup(title);
    this.#open = true;
  }
  leave(): void {
    if (this.#open) core.endGroup();
    this.#open = false;
  }
}
