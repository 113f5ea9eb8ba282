// The InputError a call throws, for tests that look at which input it names and how.
import { InputError } from "../../src/core/errors.js";

export function inputError(fn: () => unknown): InputError {
  try {
    fn();
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error("no InputError thrown");
}
