#!/usr/bin/env node
import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
var __webpack_exports__ = {};

;// CONCATENATED MODULE: external "node:crypto"
const external_node_crypto_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");
;// CONCATENATED MODULE: external "node:fs/promises"
const promises_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs/promises");
;// CONCATENATED MODULE: external "node:path"
const external_node_path_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");
;// CONCATENATED MODULE: external "node:util"
const external_node_util_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");
;// CONCATENATED MODULE: external "node:fs"
const external_node_fs_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");
;// CONCATENATED MODULE: external "node:readline"
const external_node_readline_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:readline");
;// CONCATENATED MODULE: ./src/sandbox/capture.ts
class StreamCapture {
    #limit;
    #kept = [];
    #keptBytes = 0;
    #bytes = 0;
    constructor(limitBytes) {
        this.#limit = Math.max(0, Math.floor(limitBytes));
    }
    push(chunk) {
        this.#bytes += chunk.byteLength;
        const room = this.#limit - this.#keptBytes;
        if (room <= 0)
            return;
        const part = chunk.byteLength <= room ? chunk : chunk.subarray(0, room);
        // Copied: callers may reuse their buffers.
        this.#kept.push(Buffer.from(part));
        this.#keptBytes += part.byteLength;
    }
    get bytes() {
        return this.#bytes;
    }
    get truncated() {
        return this.#bytes > this.#keptBytes;
    }
    result() {
        return {
            text: decodeUtf8(Buffer.concat(this.#kept, this.#keptBytes), this.truncated),
            truncated: this.truncated,
            bytes: this.#bytes,
        };
    }
}
/**
 * Invalid bytes become U+FFFD; a character cut in half by the cap is dropped rather than
 * reported as invalid, since the stream did not carry a broken character.
 */
function decodeUtf8(bytes, cut) {
    // ignoreBOM keeps a leading BOM: the text shows what the program wrote.
    const decoder = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });
    return decoder.decode(bytes, { stream: cut });
}

;// CONCATENATED MODULE: ./src/sandbox/driver.ts
// What runs first inside the container, and the reader of the markers it writes.
//
// The container's command is `sh -c DRIVER sandbox-gate <command> [check argv...]`: everything
// travels as positional parameters, so nothing is ever spliced into the script text. The driver
// reads a per-run nonce line from stdin, unpacks the tar that follows it, runs the parse check (if
// any), then the command, and writes a marker line carrying the nonce to stderr when each phase
// begins. Only the head of stderr is ours to parse; after the run marker, stderr belongs to the
// candidate. A checker echoes candidate source (`node --check`, `php -l`), so a fixed marker could be
// forged by the candidate's text; the nonce cannot: it is not in the argv (PID 1's argv is readable
// through /proc/1/cmdline), not in the command's environment, and gone from memory once the command is
// exec'd. Only the parse check gets it (SANDBOX_GATE_NONCE), to mark its verdict line (VERDICT_ENV):
// nothing of the candidate runs while the check does, and the check ends before the command starts.


/** How long set-up and the parse check may take on top of the candidate's timeout before we give up. */
const START_GRACE_MS = 60_000;
/** A fresh nonce for one run's markers. */
function newNonce() {
    return (0,external_node_crypto_namespaceObject.randomBytes)(16).toString("hex");
}
function checkMarker(nonce) {
    return `\x1esandbox-gate:check:${nonce}\n`;
}
function runMarker(nonce) {
    return `\x1esandbox-gate:run:${nonce}\n`;
}
/** The variable that hands a checker the nonce, so that its verdict line can carry it. */
const VERDICT_ENV = "SANDBOX_GATE_NONCE";
/** What a checker writes before its verdict, a line of JSON: the prefix, the nonce, a newline. */
const VERDICT_PREFIX = "\x1esandbox-gate:verdict:";
function verdictMarker(nonce) {
    return `${VERDICT_PREFIX}${nonce}\n`;
}
/** The container's stdin: the nonce line, then the tar. */
function driverInput(nonce, tar) {
    return Buffer.concat([Buffer.from(`${nonce}\n`), tar]);
}
// Checker output goes to stderr, so stdout carries the candidate's output only.
// stdin is /dev/null after the unpack, so a program waiting for input gets EOF instead of hanging.
// `read` takes the nonce line byte by byte from the pipe, so tar gets the rest untouched.
const DRIVER = String.raw `command=$1
shift
IFS= read -r nonce || {
  echo "sandbox-gate: no marker nonce on stdin" >&2
  exit 125
}
tar -x -f - || {
  status=$?
  echo "sandbox-gate: could not unpack the files into $PWD (tar exited with $status)" >&2
  exit "$status"
}
exec </dev/null
if [ "$#" -gt 0 ]; then
  printf '\036sandbox-gate:check:%s\n' "$nonce" >&2
  ${VERDICT_ENV}=$nonce "$@" >&2 || exit "$?"
fi
printf '\036sandbox-gate:run:%s\n' "$nonce" >&2
exec sh -c "$command"
`;
/** The container's argv: the driver, then the test command and the check argv as parameters. */
function driverArgv(command, check = []) {
    return ["sh", "-c", DRIVER, "sandbox-gate", command, ...check];
}
/** Bytes of our own text (a set-up error, the checker's complaint) kept per phase. */
const MAX_TEXT_BYTES = 1024 * 1024;
const SEPARATOR = 0x1e;
/** A checker's verdict is one line of JSON: a message, a file, a line and a column. */
const MAX_VERDICT_BYTES = 64 * 1024;
const NEWLINE = 0x0a;
/** Reads the driver's stderr: tracks the phase, keeps our text, passes the candidate's on. */
class PhaseParser {
    #onRunOutput;
    #onRun;
    #maxTextBytes;
    #markers;
    #phase = "setup";
    #text;
    /** The start of a marker split across chunks, held back until the rest arrives. */
    #pending = Buffer.alloc(0);
    /** The checker's verdict line; open while its end has not arrived. */
    #verdict;
    constructor(options) {
        this.#onRunOutput = options.onRunOutput;
        this.#onRun = options.onRun ?? (() => { });
        this.#maxTextBytes = options.maxTextBytes ?? MAX_TEXT_BYTES;
        this.#text = new StreamCapture(this.#maxTextBytes);
        this.#markers = [
            { bytes: Buffer.from(checkMarker(options.nonce)), from: ["setup"], to: "check" },
            { bytes: Buffer.from(runMarker(options.nonce)), from: ["setup", "check"], to: "run" },
            { bytes: Buffer.from(verdictMarker(options.nonce)), from: ["check"], to: "verdict" },
        ];
    }
    /** The line a checker wrote after the verdict marker, if one did: the only verdict the candidate cannot forge. */
    get verdict() {
        return this.#verdict?.line.result().text;
    }
    get phase() {
        return this.#phase;
    }
    /** What the driver and the checker wrote in the last phase before the run (set-up error, checker output). */
    get text() {
        return this.#text.result().text;
    }
    push(chunk) {
        if (this.#phase === "run") {
            this.#onRunOutput(chunk);
            return;
        }
        let data = Buffer.concat([this.#pending, chunk]);
        this.#pending = Buffer.alloc(0);
        for (;;) {
            if (this.#verdict?.open) {
                const end = data.indexOf(NEWLINE);
                this.#verdict.line.push(end < 0 ? data : data.subarray(0, end));
                if (end < 0)
                    return;
                this.#verdict.open = false;
                data = data.subarray(end + 1);
            }
            const at = data.indexOf(SEPARATOR);
            if (at < 0) {
                this.#text.push(data);
                return;
            }
            this.#text.push(data.subarray(0, at));
            const rest = data.subarray(at);
            const expected = this.#markers.filter((marker) => marker.from.includes(this.#phase));
            const marker = expected.find((m) => rest.subarray(0, m.bytes.length).equals(m.bytes));
            if (marker?.to === "run") {
                this.#phase = "run";
                this.#onRun();
                const after = rest.subarray(marker.bytes.length);
                if (after.length > 0)
                    this.#onRunOutput(after);
                return;
            }
            if (marker?.to === "verdict") {
                this.#verdict = { line: new StreamCapture(MAX_VERDICT_BYTES), open: true };
                data = rest.subarray(marker.bytes.length);
            }
            else if (marker) {
                this.#phase = marker.to;
                // Each phase's text stands alone: tar's chatter is not part of the checker's complaint.
                this.#text = new StreamCapture(this.#maxTextBytes);
                data = rest.subarray(marker.bytes.length);
            }
            else if (expected.some((m) => rest.length < m.bytes.length && m.bytes.subarray(0, rest.length).equals(rest))) {
                this.#pending = Buffer.from(rest);
                return;
            }
            else {
                // A separator byte that starts no marker is just text.
                this.#text.push(rest.subarray(0, 1));
                data = rest.subarray(1);
            }
        }
    }
    /** The stream ended: a held-back partial marker was text after all. */
    end() {
        if (this.#pending.length > 0)
            this.#text.push(this.#pending);
        this.#pending = Buffer.alloc(0);
    }
}
/**
 * The two clocks of one run, on the driver's markers: set-up and the parse check get the timeout plus
 * START_GRACE_MS (a pull never happens there, so only a sick engine is that slow); the candidate's own
 * timeout starts at the run marker.
 */
class RunClock {
    /** Reads the driver's stderr; push every chunk of it here. */
    parser;
    timedOut = false;
    stalled = false;
    #runStartedAt;
    /** When the candidate's own clock ran out: what follows (a memory sample, the kill) is our time, not its. */
    #expiredAt;
    #timer;
    constructor({ nonce, timeoutMs, onRunOutput, onExpired }) {
        this.#timer = setTimeout(() => {
            this.stalled = true;
            onExpired();
        }, timeoutMs + START_GRACE_MS);
        this.parser = new PhaseParser({
            nonce,
            onRunOutput,
            onRun: () => {
                this.#runStartedAt = performance.now();
                clearTimeout(this.#timer);
                this.#timer = setTimeout(() => {
                    this.timedOut = true;
                    this.#expiredAt = performance.now();
                    onExpired();
                }, timeoutMs);
            },
        });
    }
    /**
     * The run's output ended: stops the clocks; returns the candidate's run time (0 when it never ran),
     * up to its deadline when the timeout ended it.
     */
    end() {
        const endedAt = this.#expiredAt ?? performance.now();
        clearTimeout(this.#timer);
        this.parser.end();
        return this.#runStartedAt === undefined ? 0 : Math.round(endedAt - this.#runStartedAt);
    }
}

;// CONCATENATED MODULE: ./src/languages.ts

// compile() parses and builds bytecode but runs nothing; the JSON verdict gives the classifier exact
// positions. It goes on the nonce-marked verdict channel (driver.ts), since compile()'s warnings echo
// candidate lines into the same stream; warnings are off anyway. `-I`: the work dir is not on the import
// path, so a candidate's `json.py` cannot run inside the checker, and no PYTHON* variable applies.
const PYTHON_CHECK = [
    "import sys, json, os",
    "p = sys.argv[1]",
    "def verdict(info):",
    // A JSON string literal is a Python one too.
    `    sys.stderr.write(${JSON.stringify(VERDICT_PREFIX)} + os.environ.get('${VERDICT_ENV}', '') + '\\n' + json.dumps(info) + '\\n')`,
    "    sys.exit(1)",
    "try:",
    "    compile(open(p, 'rb').read(), p, 'exec')",
    "except SyntaxError as e:",
    "    verdict({'message': e.msg, 'file': e.filename, 'line': e.lineno, 'column': e.offset})",
    "except (ValueError, RecursionError, MemoryError) as e:",
    "    verdict({'message': type(e).__name__ + ': ' + str(e), 'file': p})",
].join("\n");
// `node --check` does not strip types, so strip them first (positions are kept: types become blanks),
// then let node parse the rest; both print `FILE:LINE`, the source line and a caret, as `node --check` does.
const TYPESCRIPT_CHECK = [
    "const { stripTypeScriptTypes } = require('node:module');",
    "const { spawnSync } = require('node:child_process');",
    "const file = process.argv[1];",
    "let js;",
    "try { js = stripTypeScriptTypes(require('node:fs').readFileSync(file, 'utf8')); }",
    "catch (e) { process.stderr.write(file + String(e.stack).split('\\n    at ')[0] + '\\n'); process.exit(1); }",
    "const r = spawnSync(process.execPath, ['--check', '--input-type=module'], { input: js, encoding: 'utf8' });",
    "process.stderr.write(r.stderr.replace(/^\\[stdin\\]/, file));",
    "process.exit(r.status ?? 1);",
].join("\n");
const LANGUAGES = {
    python: {
        name: "python",
        fenceTags: ["python", "py", "python3", "py3"],
        extensions: [".py"],
        target: "solution.py",
        command: "python3 solution.py",
        image: "python:3.12-slim",
        check: (file) => ["python3", "-I", "-W", "ignore", "-c", PYTHON_CHECK, file],
    },
    javascript: {
        name: "javascript",
        fenceTags: ["javascript", "js", "node", "nodejs", "mjs", "cjs", "jsx"],
        extensions: [".js", ".mjs", ".cjs"],
        target: "solution.js",
        command: "node solution.js",
        image: "node:22-slim",
        check: (file) => ["node", "--check", file],
    },
    typescript: {
        name: "typescript",
        fenceTags: ["typescript", "ts", "tsx", "mts", "cts"],
        extensions: [".ts", ".mts", ".cts"],
        target: "solution.ts",
        // Node 24 strips types itself, so the image needs nothing beyond node.
        command: "node solution.ts",
        image: "node:24-slim",
        check: (file) => ["node", "--disable-warning=ExperimentalWarning", "-e", TYPESCRIPT_CHECK, file],
    },
    bash: {
        name: "bash",
        fenceTags: ["bash", "sh", "shell", "zsh"],
        extensions: [".sh", ".bash"],
        target: "solution.sh",
        command: "bash solution.sh",
        image: "debian:bookworm-slim",
        check: (file) => ["bash", "-n", file],
    },
    php: {
        name: "php",
        fenceTags: ["php"],
        extensions: [".php"],
        target: "solution.php",
        command: "php solution.php",
        image: "php:8.3-cli",
        // Errors only: a warning or a deprecation printed before the error could quote the candidate's text.
        check: (file) => ["php", "-l", "-d", "display_errors=stderr", "-d", "error_reporting=E_ERROR|E_PARSE|E_CORE_ERROR|E_COMPILE_ERROR", file],
    },
};
const LANGUAGE_NAMES = Object.keys(LANGUAGES);
function isLanguage(name) {
    return Object.hasOwn(LANGUAGES, name);
}
/** The language a fence tag names, if any (`python title="x.py"` → python). */
function languageOfTag(info) {
    const tag = info.trim().split(/[\s{,]/, 1)[0]?.toLowerCase().replace(/^\./, "") ?? "";
    return LANGUAGE_NAMES.find((name) => LANGUAGES[name].fenceTags.includes(tag));
}
/** The language a file name implies, if any. */
function languageOfPath(path) {
    const lower = path.toLowerCase();
    return LANGUAGE_NAMES.find((name) => LANGUAGES[name].extensions.some((ext) => lower.endsWith(ext)));
}
// Our own constants only ever go into the script text; file names travel as positional parameters.
function shQuote(word) {
    return `'${word.replace(/'/g, `'\\''`)}'`;
}
/**
 * One argv that parse-checks several files, possibly of several languages, stopping at the first
 * failure: a fixed loop per group that shifts through the positional parameters.
 */
function checkFiles(groups) {
    const nonEmpty = groups.filter((g) => g.files.length > 0);
    const only = nonEmpty.length === 1 && nonEmpty[0].files.length === 1 ? nonEmpty[0] : undefined;
    if (only)
        return LANGUAGES[only.language].check(only.files[0]);
    if (nonEmpty.length === 0)
        return [];
    const loops = nonEmpty.map(({ language, files }) => {
        const tool = LANGUAGES[language].check("").slice(0, -1).map(shQuote).join(" ");
        return `i=0; while [ "$i" -lt ${files.length} ]; do ${tool} "$1" || exit; shift; i=$((i + 1)); done`;
    });
    return ["sh", "-c", loops.join("\n"), "sandbox-gate-check", ...nonEmpty.flatMap((g) => g.files)];
}

;// CONCATENATED MODULE: ./src/prepare/paths.ts
// The one rule for a path the gate puts inside a sandbox's work dir, whoever names it: a patch, a
// dataset line's `files` and `target`, the `target` input, a file sent in the tar. Strings only: that
// a checked path does not lead through a symbolic link of the checkout is the reader's part (base-tree.ts,
// glob.ts), since only the file system can tell.
/** A relative POSIX path that stays inside the tree, normalised (`./x` and `x//y` are fine). */
function checkRelativePath(path) {
    if (/[\x00-\x1f\x7f]/.test(path))
        return { ok: false, why: "holds a control character" };
    // A Windows separator, or an attempt to hide one: `..\x` is `../x` to some tools.
    if (path.includes("\\"))
        return { ok: false, why: "holds a backslash" };
    if (path.startsWith("/") || /^[A-Za-z]:/.test(path))
        return { ok: false, why: "is absolute" };
    const segments = path.split("/").filter((s) => s !== "" && s !== ".");
    if (segments.includes(".."))
        return { ok: false, why: "has a '..' segment" };
    if (segments.length === 0)
        return { ok: false, why: "is empty" };
    // git apply refuses these too: the repository's own metadata is never a target.
    if (segments.some((s) => s.toLowerCase() === ".git"))
        return { ok: false, why: "is inside .git" };
    return { ok: true, path: segments.join("/") };
}
/** Whether `path` passes the rule. */
function isSafeRelativePath(path) {
    return checkRelativePath(path).ok;
}

;// CONCATENATED MODULE: ./src/settings/input-error.ts
// The one error a bad input value raises, whatever reads it: settings, globs, dataset lines, reports.
/** A bad input value: the message names the input, so one line tells the user what to fix. */
class InputError extends Error {
    input;
    constructor(input, detail) {
        super(`Input '${input}': ${detail}`);
        this.input = input;
        this.name = "InputError";
    }
}

;// CONCATENATED MODULE: ./src/settings/units.ts
// Durations and sizes as users write them in inputs, flags and dataset lines.

const DURATION_UNITS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
const SIZE_UNITS = { "": 1, b: 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };
/** `500ms`, `10s`, `2m`, `1.5s`; a bare number is seconds, as in most CI tools. */
function parseDuration(input, value) {
    const m = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/i.exec(value.trim());
    const ms = m ? Number(m[1]) * DURATION_UNITS[(m[2] ?? "s").toLowerCase()] : NaN;
    if (!Number.isFinite(ms) || ms <= 0) {
        throw new InputError(input, `'${value}' is not a positive duration (examples: 500ms, 10s, 2m)`);
    }
    return Math.round(ms);
}
/** `64k`, `256m`, `1g` (binary units, as Docker reads them); a bare number is bytes. */
function parseSize(input, value) {
    const m = /^(\d+(?:\.\d+)?)\s*([kmg]?)i?b?$/i.exec(value.trim());
    const bytes = m ? Number(m[1]) * SIZE_UNITS[m[2].toLowerCase()] : NaN;
    if (!Number.isFinite(bytes) || bytes < 1) {
        throw new InputError(input, `'${value}' is not a size (examples: 64k, 256m, 1g)`);
    }
    return Math.floor(bytes);
}

;// CONCATENATED MODULE: ./src/candidates/dataset.ts
// `.jsonl` datasets: one candidate per line, streamed so a large nightly set is never held whole.





function isStringRecord(value) {
    return typeof value === "object" && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === "string");
}
/** One parsed line → a candidate, or the reason it is not one. Pure. */
function parseDatasetLine(line, source, fallbackId) {
    const fail = (problem) => ({ problem: { id: fallbackId, source, problem } });
    let value;
    try {
        value = JSON.parse(line);
    }
    catch (error) {
        return fail(`not valid JSON (${error.message})`);
    }
    if (typeof value !== "object" || value === null || Array.isArray(value))
        return fail("not a JSON object");
    const o = value;
    const id = typeof o.id === "string" && o.id.trim() ? o.id : typeof o.id === "number" ? String(o.id) : fallbackId;
    const text = typeof o.reply === "string" ? o.reply : typeof o.patch === "string" ? o.patch : undefined;
    if (text === undefined)
        return { problem: { id, source, problem: "has neither a string 'reply' nor a string 'patch'" } };
    if (o.files !== undefined && !isStringRecord(o.files))
        return { problem: { id, source, problem: "'files' must map paths to strings" } };
    const overrides = {};
    for (const key of ["command", "target"]) {
        if (o[key] === undefined)
            continue;
        if (typeof o[key] !== "string")
            return { problem: { id, source, problem: `'${key}' must be a string` } };
        overrides[key] = o[key];
    }
    // Paths inside the sandbox: this line's problem now, rather than a sandbox_error when its files are packed.
    const paths = [
        ...(overrides.target === undefined ? [] : [{ what: "'target'", path: overrides.target }]),
        ...Object.keys(o.files ?? {}).map((path) => ({ what: "a 'files' path", path })),
    ];
    for (const { what, path } of paths) {
        const checked = checkRelativePath(path);
        if (!checked.ok)
            return { problem: { id, source, problem: `${what} ${JSON.stringify(path)} ${checked.why}: it must be a relative path inside the work dir` } };
    }
    if (o.language !== undefined) {
        if (typeof o.language !== "string" || !isLanguage(o.language))
            return { problem: { id, source, problem: `unknown language ${JSON.stringify(o.language)}` } };
        overrides.language = o.language;
    }
    if (o.timeout !== undefined) {
        try {
            overrides.timeoutMs = typeof o.timeout === "number" ? parseDuration("timeout", `${o.timeout}s`) : parseDuration("timeout", String(o.timeout));
        }
        catch (error) {
            return { problem: { id, source, problem: error.message } };
        }
    }
    const candidate = { id, source, kind: typeof o.reply === "string" ? "reply" : "patch", text, overrides };
    if (o.files !== undefined)
        candidate.files = o.files;
    return { candidate };
}
/** Streams the dataset at `path`, shown to users as `name`; blank lines are skipped. */
async function* readDataset(path, name) {
    const lines = (0,external_node_readline_namespaceObject.createInterface)({ input: (0,external_node_fs_namespaceObject.createReadStream)(path, { encoding: "utf8" }), crlfDelay: Infinity });
    let n = 0;
    for await (const line of lines) {
        n += 1;
        if (line.trim() === "")
            continue;
        yield parseDatasetLine(line, `${name}:${n}`, `${name}:${n}`);
    }
}

;// CONCATENATED MODULE: ./src/candidates/files.ts
// `source: files`: replies (.md/.txt/…), patches (.patch/.diff) and datasets (.jsonl) from the base tree.


function kindOfFile(path) {
    const lower = path.toLowerCase();
    if (lower.endsWith(".jsonl"))
        return "dataset";
    if (lower.endsWith(".patch") || lower.endsWith(".diff"))
        return "patch";
    return "reply";
}
/** Every candidate of the matched files, in file order and, inside a dataset, line order. */
async function* candidatesFromFiles(matches) {
    for (const match of matches) {
        const kind = kindOfFile(match.relative);
        if (kind === "dataset") {
            yield* readDataset(match.absolute, match.relative);
            continue;
        }
        const text = await (0,promises_namespaceObject.readFile)(match.absolute, "utf8");
        yield { candidate: { id: match.relative, source: match.relative, kind, text } };
    }
}

;// CONCATENATED MODULE: ./src/model.ts
// The values that flow through the pipeline: candidates in, classified results out.
/** Statuses in the order classification tries them: the first that matches wins. */
const model_STATUSES = [
    "no_code",
    "patch_failed",
    "syntax_error",
    "timeout",
    "oom",
    "test_failed",
    "pass",
    "sandbox_error",
];

;// CONCATENATED MODULE: ./src/report/markdown.ts
// The sticky PR comment and the job summary as markdown. Pure: values in, a string out.
// Everything a candidate produced (ids, output, feedback, file names, authors) is untrusted text.

/** GitHub refuses issue comments longer than this many characters. */
const COMMENT_MAX_LENGTH = 65_536;
/** A job summary may hold 1 MiB; one UTF-16 unit never takes more than 3 bytes of UTF-8. */
const SUMMARY_MAX_LENGTH = Math.floor((1024 * 1024) / 3);
const markdown_STATUS_LABELS = {
    no_code: "no code",
    patch_failed: "patch failed",
    syntax_error: "syntax error",
    timeout: "timeout",
    oom: "out of memory",
    test_failed: "tests failed",
    pass: "pass",
    sandbox_error: "sandbox error",
};
/** The HTML comment that identifies our sticky comment; `key` tells apart several gates on one PR. */
function stickyMarker(key = "default") {
    // Only a safe alphabet, and never "--", which would end the HTML comment early.
    return `<!-- sandbox-gate:${key.replace(/[^A-Za-z0-9_.:/]+/g, "-")} -->`;
}
// Colours, cursor moves, titles (OSC) and other two-byte escapes: meaningless outside a terminal.
const TERMINAL_ESCAPES = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[@-Z\\-_]/g;
// Control characters, bidi overrides ("Trojan Source") and lone surrogates.
const INVISIBLE = /[\x00-\x08\x0b-\x1f\x7f\u0080-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** Drops terminal escape sequences and makes the remaining control characters visible. */
function cleanText(text) {
    return text.replace(TERMINAL_ESCAPES, "").replace(/\r\n?/g, "\n").replace(INVISIBLE, visible);
}
function visible(char) {
    const code = char.charCodeAt(0);
    if (code < 0x20)
        return String.fromCharCode(0x2400 + code); // ␀ … ␟
    if (code === 0x7f)
        return "\u2421"; // ␡
    if (code >= 0xd800 && code <= 0xdfff)
        return "\ufffd";
    return `\\u${code.toString(16).padStart(4, "0")}`;
}
// GitHub links `@name` wherever it appears in text; a zero-width space after the `@` stops it.
function neutralizeMentions(text) {
    return text.replace(/@(?=[A-Za-z0-9])/g, "@\u200b");
}
const HTML_ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
/** For HTML contexts (`<summary>`, `<pre>`): markdown is not parsed there, entities are. */
function escapeHtml(text) {
    return neutralizeMentions(cleanText(text).replace(/[&<>"]/g, (c) => HTML_ENTITIES[c] ?? c));
}
/** For one line of markdown (table cells, paragraphs, list items): no markup, links, images or mentions. */
function markdown_escapeMarkdown(text) {
    const line = cleanText(text).replace(/\s*\n\s*/g, " ").replace(/\t/g, " ");
    return neutralizeMentions(line.replace(/[&<>]/g, (c) => HTML_ENTITIES[c] ?? c).replace(/[\\`*_[\]!|~$]/g, "\\$&"));
}
/** An http(s) URL safe to put in a link inside a table, or undefined. */
function safeUrl(url) {
    if (url === undefined || !URL.canParse(url))
        return undefined;
    const parsed = new URL(url);
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
        return undefined;
    // A `|` would split the table cell; parentheses and brackets would end the link.
    return parsed.href.replace(/[|()[\]]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
/** `850 ms`, `1.25 s`, `2 m 05 s`. */
function formatDuration(ms) {
    if (ms < 1000)
        return `${Math.round(ms)} ms`;
    if (ms < 60_000)
        return `${(ms / 1000).toFixed(2)} s`;
    const seconds = Math.round(ms / 1000);
    return `${Math.floor(seconds / 60)} m ${String(seconds % 60).padStart(2, "0")} s`;
}
/** Keeps the head and the tail of `text` within `cap` characters, never splitting a surrogate pair. */
function markdown_clip(text, cap) {
    if (text.length <= cap)
        return { head: text, omitted: 0, tail: "" };
    let headEnd = Math.ceil(cap / 2);
    let tailStart = text.length - (cap - headEnd);
    if (isHighSurrogate(text.charCodeAt(headEnd - 1)))
        headEnd--;
    if (isHighSurrogate(text.charCodeAt(tailStart - 1)))
        tailStart++;
    return { head: text.slice(0, headEnd), omitted: tailStart - headEnd, tail: text.slice(tailStart) };
}
function isHighSurrogate(code) {
    return code >= 0xd800 && code <= 0xdbff;
}
const SHRINK_ORDER = (/* unused pure expression or super */ null && (["passOutput", "failOutput", "feedback", "skipped", "rows"]));
const UNLIMITED = {
    passOutput: Infinity,
    failOutput: Infinity,
    feedback: Infinity,
    skipped: Infinity,
    rows: Infinity,
};
// Ids, sources and file names are labels: a page-long one is cut wherever it appears.
const LABEL_MAX = 100;
const REASON_MAX = 1000;
const FILES_SHOWN = 3;
/** The PR comment: marker first, never longer than `maxLength`. */
function renderComment(input, maxLength = COMMENT_MAX_LENGTH) {
    return fit(input, input.marker, maxLength);
}
/** The job summary: the comment's content without the marker. */
function renderSummary(input, maxLength = SUMMARY_MAX_LENGTH) {
    return fit(input, undefined, maxLength);
}
// Renders in full if it fits; otherwise, for each kind of content from the least important on,
// the largest limit that fits (binary search), so every character of room is used.
function fit(input, marker, maxLength) {
    const doc = prepare(input);
    let body = render(doc, marker, UNLIMITED, maxLength);
    if (body.length <= maxLength)
        return body;
    const limits = { ...UNLIMITED };
    for (const kind of SHRINK_ORDER) {
        const fits = (value) => render(doc, marker, { ...limits, [kind]: value }, maxLength).length <= maxLength;
        let [low, high] = [0, Math.min(upperBound(doc, kind), maxLength)];
        if (!fits(low)) {
            limits[kind] = 0;
            continue;
        }
        while (low < high) {
            const mid = Math.ceil((low + high) / 2);
            if (fits(mid))
                low = mid;
            else
                high = mid - 1;
        }
        limits[kind] = low;
        return render(doc, marker, limits, maxLength);
    }
    // Only a tiny maxLength gets here: the heading alone does not fit.
    body = render(doc, marker, limits, maxLength);
    return body.length <= maxLength ? body : body.slice(0, maxLength);
}
function prepare(input) {
    const results = input.results.map((r) => ({
        ...r,
        stdout: cleanText(r.stdout),
        stderr: cleanText(r.stderr),
        feedback: cleanText(r.feedback),
    }));
    return { input, results };
}
function upperBound(doc, kind) {
    const longest = (texts) => Math.max(0, ...texts.map((t) => t.length));
    const passing = doc.results.filter((r) => r.status === "pass");
    const failing = doc.results.filter((r) => r.status !== "pass");
    switch (kind) {
        case "passOutput":
            return longest(passing.flatMap((r) => [r.stdout, r.stderr]));
        case "failOutput":
            return longest(failing.flatMap((r) => [r.stdout, r.stderr]));
        case "feedback":
            return longest(failing.map((r) => r.feedback));
        case "skipped":
            return doc.input.skipped.length;
        case "rows":
            return doc.results.length;
    }
}
function render(doc, marker, given, maxLength) {
    const { input, results } = doc;
    // Only the first, full render goes without limits; every later one cuts something.
    const shortened = given !== UNLIMITED;
    // A text longer than the whole body can never be shown in full: no need to escape all of it.
    const cap = (n) => Math.min(n, maxLength);
    const limits = { ...given, passOutput: cap(given.passOutput), failOutput: cap(given.failOutput), feedback: cap(given.feedback) };
    const shownResults = results.slice(0, limits.rows);
    const runUrl = safeUrl(input.runUrl);
    const blocks = [
        marker,
        `### sandbox-gate: ${input.gate.failed ? "failed" : "passed"}`,
        input.gate.reason && markdown_escapeMarkdown(clipped(input.gate.reason, REASON_MAX)),
        countLine(results, input.skipped.length),
        shortened && `> **Note:** some output was shortened to keep this under ${maxLength} characters.`,
        results.length > 0 && table(results, limits.rows),
        // Failures first: they are what a reader opens the comment for.
        ...shownResults.filter((r) => r.status !== "pass").map((r) => details(r, limits)),
        ...shownResults.filter((r) => r.status === "pass").map((r) => details(r, limits)),
        skippedList(input.skipped, limits.skipped),
        runUrl && `[Workflow run](${runUrl})`,
    ];
    return `${blocks.filter((b) => typeof b === "string" && b !== "").join("\n\n")}\n`;
}
function clipped(text, max) {
    const { head, omitted } = markdown_clip(text, max);
    return omitted > 0 ? `${head}…` : head;
}
function label(text) {
    return markdown_escapeMarkdown(clipped(text, LABEL_MAX));
}
function plural(n, word) {
    return `${n} ${word}${n === 1 ? "" : "s"}`;
}
function countLine(results, skipped) {
    const counts = STATUSES.map((s) => [s, results.filter((r) => r.status === s).length])
        .filter(([, n]) => n > 0)
        .map(([s, n]) => `${n} ${markdown_STATUS_LABELS[s]}`);
    const line = results.length === 0 ? "No candidates were run." : `**${plural(results.length, "candidate")}**: ${counts.join(", ")}`;
    return skipped > 0 ? `${line}; ${skipped} skipped` : line;
}
function table(results, rows) {
    const withPatch = results.some((r) => r.changed_files !== undefined || r.patch_strategy !== undefined);
    const head = ["Candidate", "Status", "Time", "Source", ...(withPatch ? ["Patch"] : [])];
    const align = ["---", "---", "--:", "---", ...(withPatch ? ["---"] : [])];
    const line = (cells) => `| ${cells.join(" | ")} |`;
    const body = results.slice(0, rows).map((r) => line([
        label(r.id),
        r.status === "pass" ? markdown_STATUS_LABELS.pass : `**${markdown_STATUS_LABELS[r.status]}**`,
        formatDuration(r.duration_ms),
        sourceCell(r),
        ...(withPatch ? [patchCell(r)] : []),
    ]));
    const hidden = results.length - body.length;
    const note = hidden > 0 ? `\n\n… and ${plural(hidden, "more candidate")} not shown.` : "";
    return [line(head), line(align), ...body].join("\n") + note;
}
function sourceCell(r) {
    const url = safeUrl(r.url);
    const where = url ? `[comment](${url})` : label(r.source);
    return r.author ? `${where} by ${label(r.author)}` : where;
}
function patchCell(r) {
    const files = r.changed_files ?? [];
    const shown = files.slice(0, FILES_SHOWN).map(label).join(", ");
    const more = files.length > FILES_SHOWN ? ` and ${files.length - FILES_SHOWN} more` : "";
    const strategy = r.patch_strategy ? ` (${label(r.patch_strategy)})` : "";
    return `${shown}${more}${strategy}`;
}
function outcome(r) {
    const where = r.syntax && [r.syntax.file, r.syntax.line, r.syntax.column].filter((p) => p !== undefined).join(":");
    const parts = [where ? `${markdown_STATUS_LABELS[r.status]} at ${where}` : markdown_STATUS_LABELS[r.status]];
    if (r.signal)
        parts.push(`signal ${r.signal}`);
    else if (r.exit_code !== null)
        parts.push(`exit ${r.exit_code}`);
    parts.push(formatDuration(r.duration_ms));
    return parts.join(", ");
}
// A collapsed block per candidate: feedback (not for passes), then stdout and stderr.
function details(r, limits) {
    const pass = r.status === "pass";
    const outputCap = pass ? limits.passOutput : limits.failOutput;
    const silent = r.stdout === "" && r.stderr === "";
    // A pass has only its output to show; a failure has something until its output and feedback are both cut.
    if (pass ? outputCap === 0 || silent : outputCap === 0 && limits.feedback === 0)
        return undefined;
    const sections = [
        pass ? undefined : section("Feedback", r.feedback, limits.feedback, false),
        ...(silent
            ? ["No output on stdout or stderr.\n"]
            : [section("stdout", r.stdout, outputCap, r.truncated.stdout), section("stderr", r.stderr, outputCap, r.truncated.stderr)]),
    ];
    // One line: a blank line would end the HTML block and let the rest be parsed as markdown.
    const line = (text) => escapeHtml(text).replace(/\s*\n\s*/g, " ");
    const summary = `<summary><b>${line(clipped(r.id, LABEL_MAX))}</b>: ${line(outcome(r))}</summary>`;
    return ["<details>", summary, "", ...sections.filter((s) => s !== undefined), "</details>"].join("\n");
}
function section(title, text, cap, cutBySandbox) {
    const note = cutBySandbox ? " (cut at `max-output` by the sandbox)" : "";
    if (text === "")
        return `**${title}**: empty\n`;
    if (cap === 0)
        return `**${title}**: omitted for length\n`;
    return `**${title}**${note}\n\n${pre(text, cap)}\n`;
}
// <pre> with HTML escaping rather than a fence: no content can end it, `</details>` included.
function pre(text, cap) {
    const { head, omitted, tail } = markdown_clip(text.replace(/\n+$/, ""), cap);
    const cut = omitted > 0 ? `\n[… ${omitted} characters omitted …]\n${escapeHtml(tail)}` : "";
    return `<pre>\n${escapeHtml(head)}${cut}\n</pre>`;
}
function skippedList(skipped, shown) {
    if (skipped.length === 0)
        return undefined;
    const items = skipped.slice(0, shown).map((s) => `- **${label(s.id)}**: ${markdown_escapeMarkdown(clipped(s.reason, REASON_MAX))} (${sourceCell(s)})`);
    const hidden = skipped.length - items.length;
    if (hidden > 0)
        items.push(`- … and ${hidden} more`);
    return [`**Skipped** (not run):`, "", ...items].join("\n");
}

;// CONCATENATED MODULE: ./src/report/evaluation.ts
// Figures for evaluation runs: pass rate, counts per status, time per candidate, and what changed
// since a baseline report; rendered as markdown (job summary) and as plain text (CLI). Pure.


const RAN = new Set(["pass", "test_failed", "timeout", "oom"]);
/** The nearest-rank quantile (q in [0, 1]) of `values`: always one of the values, 0 when there are none. */
function quantile(values, q) {
    if (values.length === 0)
        return 0;
    const sorted = [...values].sort((a, b) => a - b);
    const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
    return sorted[rank - 1];
}
function passRate(results) {
    return results.length === 0 ? 0 : results.filter((r) => r.status === "pass").length / results.length;
}
function evaluate(results, baseline) {
    const times = results.filter((r) => RAN.has(r.status)).map((r) => r.duration_ms);
    const evaluation = {
        total: results.length,
        byStatus: Object.fromEntries(model_STATUSES.map((s) => [s, results.filter((r) => r.status === s).length])),
        passRate: passRate(results),
        time: { ran: times.length, medianMs: quantile(times, 0.5), p95Ms: quantile(times, 0.95), maxMs: quantile(times, 1) },
    };
    if (baseline)
        evaluation.baseline = compare(results, baseline);
    return evaluation;
}
/** Changes across the pass line, in this run's order; ids are matched exactly. */
function compare(results, baseline) {
    const before = new Map(baseline.map((r) => [r.id, r.status]));
    const now = new Set(results.map((r) => r.id));
    const diff = { passRate: passRate(baseline), newlyFailing: [], newlyPassing: [], added: 0, removed: 0 };
    for (const r of results) {
        const was = before.get(r.id);
        if (was === undefined)
            diff.added++;
        else if (was === "pass" && r.status !== "pass")
            diff.newlyFailing.push({ id: r.id, was, now: r.status });
        else if (was !== "pass" && r.status === "pass")
            diff.newlyPassing.push({ id: r.id, was, now: r.status });
    }
    diff.removed = [...before.keys()].filter((id) => !now.has(id)).length;
    return diff;
}
// ---------------------------------------------------------------------------------------------------
// Rendering.
const BAR_WIDTH = 30;
/** Changes listed by id; more are counted, not listed, so a bad night cannot flood the summary. */
const CHANGES_SHOWN = 30;
const ID_MAX = 100;
/** Upper bounds (ms) of the time histogram's buckets; the last bucket is open. */
const TIME_BUCKETS = (/* unused pure expression or super */ null && ([250, 500, 1000, 2000, 5000, 10_000]));
/** Pass first: it is the figure a reader looks for. */
const ORDER = ["pass", ...model_STATUSES.filter((s) => s !== "pass")];
const percent = (rate) => `${(rate * 100).toFixed(1)}%`;
/** A bar of `value / max` of the full width in eighths of a block, so small counts still show. */
function bar(value, max, width = BAR_WIDTH) {
    if (max <= 0 || value <= 0)
        return "";
    const eighths = Math.max(1, Math.round((value / max) * width * 8));
    return "█".repeat(Math.floor(eighths / 8)) + (eighths % 8 ? "▏▎▍▌▋▊▉"[(eighths % 8) - 1] : "");
}
function pointChange(now, was) {
    const points = (now - was) * 100;
    return `${points >= 0 ? "+" : "−"}${Math.abs(points).toFixed(1)} points`;
}
function headline(e) {
    const passed = e.byStatus.pass;
    const time = e.time.ran > 0 ? `; time per candidate: median ${formatDuration(e.time.medianMs)}, p95 ${formatDuration(e.time.p95Ms)}` : "";
    return `pass rate ${percent(e.passRate)} (${passed} of ${e.total})${time}`;
}
function baselineLine(b, e) {
    const parts = [`${b.newlyFailing.length} newly failing`, `${b.newlyPassing.length} newly passing`];
    if (b.added)
        parts.push(`${b.added} not in the baseline`);
    if (b.removed)
        parts.push(`${b.removed} of the baseline missing`);
    return `against the baseline: pass rate ${percent(b.passRate)} → ${percent(e.passRate)} (${pointChange(e.passRate, b.passRate)}); ${parts.join(", ")}`;
}
/** Rows of the time histogram: label and count, empty buckets kept so the shape reads true. */
function timeHistogram(results) {
    const times = results.filter((r) => RAN.has(r.status)).map((r) => r.duration_ms);
    const seconds = (ms) => `${ms / 1000} s`;
    const bounds = [0, ...TIME_BUCKETS];
    const rows = bounds.map((low, i) => {
        const high = TIME_BUCKETS[i];
        const label = high === undefined ? `≥ ${seconds(low)}` : `< ${seconds(high)}`;
        return { label, count: times.filter((t) => t >= low && (high === undefined || t < high)).length };
    });
    // Trailing empty buckets say nothing.
    while (rows.length > 1 && rows.at(-1).count === 0)
        rows.pop();
    return times.length === 0 ? [] : rows;
}
function changeList(title, changes) {
    if (changes.length === 0)
        return undefined;
    const items = changes.slice(0, CHANGES_SHOWN).map((c) => `- ${escapeMarkdown(clipId(c.id))}: ${STATUS_LABELS[c.was]} → **${STATUS_LABELS[c.now]}**`);
    if (changes.length > CHANGES_SHOWN)
        items.push(`- … and ${changes.length - CHANGES_SHOWN} more`);
    return [`**${title}** (${changes.length})`, "", ...items].join("\n");
}
function clipId(id) {
    const { head, omitted } = clip(id, ID_MAX);
    return omitted > 0 ? `${head}…` : head;
}
/** The evaluation section of the job summary: headline, counts with bars, time histogram, changes. */
function renderEvaluationMarkdown(e, results) {
    const shown = ORDER.filter((s) => e.byStatus[s] > 0);
    const max = Math.max(0, ...shown.map((s) => e.byStatus[s]));
    const table = [
        "| Status | Count | Share | |",
        "| --- | --: | --: | --- |",
        ...shown.map((s) => `| ${STATUS_LABELS[s]} | ${e.byStatus[s]} | ${percent(e.byStatus[s] / e.total)} | ${bar(e.byStatus[s], max)} |`),
    ].join("\n");
    const histogram = timeHistogram(results);
    const most = Math.max(0, ...histogram.map((row) => row.count));
    const width = Math.max(0, ...histogram.map((row) => row.label.length));
    const chart = histogram.length
        ? ["Time per candidate, from the start of the test command (code that ran):", "", "```text", ...histogram.map((row) => `${row.label.padStart(width)} │${bar(row.count, most)} ${row.count}`.trimEnd()), "```"].join("\n")
        : undefined;
    const blocks = [
        "### Evaluation",
        `**${headline(e)}**`,
        e.baseline && baselineLine(e.baseline, e),
        e.total > 0 ? table : undefined,
        chart,
        e.baseline && changeList("Newly failing", e.baseline.newlyFailing),
        e.baseline && changeList("Newly passing", e.baseline.newlyPassing),
    ];
    return `${blocks.filter((b) => typeof b === "string" && b !== "").join("\n\n")}\n`;
}
/** The same figures as plain lines for a terminal; ids with control characters made harmless. */
function renderEvaluationText(e) {
    const counts = ORDER.filter((s) => e.byStatus[s] > 0).map((s) => `${e.byStatus[s]} ${s}`);
    const lines = [`${headline(e)}`, `by status: ${counts.join(", ") || "none"}`];
    if (e.baseline) {
        lines.push(baselineLine(e.baseline, e));
        const list = (title, changes) => {
            for (const c of changes.slice(0, CHANGES_SHOWN))
                lines.push(`  ${title}: ${plain(c.id)} (${c.was} → ${c.now})`);
            if (changes.length > CHANGES_SHOWN)
                lines.push(`  … and ${changes.length - CHANGES_SHOWN} more ${title}`);
        };
        list("newly failing", e.baseline.newlyFailing);
        list("newly passing", e.baseline.newlyPassing);
    }
    return lines.join("\n");
}
function plain(text) {
    return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, "?");
}

;// CONCATENATED MODULE: ./src/report/table.ts
// Ids come from datasets and file names: keep a terminal from interpreting anything in them.
function clean(text) {
    return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, "?");
}
function renderTable(outcome) {
    const rows = [
        ["id", "status", "exit", "signal", "time"],
        ...outcome.results.map((r) => [
            clean(r.id),
            r.status,
            r.exit_code === null ? "-" : String(r.exit_code),
            r.signal ?? "-",
            `${(r.duration_ms / 1000).toFixed(2)}s`,
        ]),
        ...outcome.skipped.map((s) => [clean(s.id), "skipped", "-", "-", "-"]),
    ];
    const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => row[col].length)));
    return rows.map((row) => row.map((cell, col) => cell.padEnd(widths[col])).join("  ").trimEnd()).join("\n");
}

;// CONCATENATED MODULE: external "node:perf_hooks"
const external_node_perf_hooks_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:perf_hooks");
;// CONCATENATED MODULE: ./src/sandbox/memory.ts
const MiB = 1024 * 1024;
/** The sample delays the kill, so it may not take long: past this the run is judged without it. */
const MEMORY_SAMPLE_TIMEOUT_MS = 3_000;
/**
 * How far below the limit still counts as at it: the kernel charges memory in per-CPU batches and keeps
 * a few file pages resident even while thrashing, so usage hovers just under the limit, never on it.
 */
function memorySlack(limitBytes) {
    return Math.max(4 * MiB, limitBytes * 0.02);
}
/** Whether the sample shows the container at its memory limit. Pure. */
function atMemoryLimit(sample) {
    if (sample === undefined || !(sample.limitBytes > 0))
        return false;
    return sample.limitBytes - sample.usedBytes <= memorySlack(sample.limitBytes);
}
/** The Engine API's `GET /containers/{id}/stats` answer → a sample; cgroup v1 and v2 name the cache apart. */
function memoryFromStats(stats) {
    const memory = stats?.memory_stats;
    const usage = memory?.usage;
    const limit = memory?.limit;
    if (typeof usage !== "number" || typeof limit !== "number" || limit <= 0)
        return undefined;
    const cache = memory?.stats?.total_inactive_file ?? memory?.stats?.inactive_file;
    // As the docker CLI computes it: the inactive page cache is what reclaim takes first.
    return { usedBytes: usage - (typeof cache === "number" && cache < usage ? cache : 0), limitBytes: limit };
}
const UNITS = {
    b: 1,
    kib: 1024,
    mib: MiB,
    gib: 1024 * MiB,
    tib: 1024 * 1024 * MiB,
    kb: 1e3,
    mb: 1e6,
    gb: 1e9,
    tb: 1e12,
};
function bytesOf(text) {
    const m = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
    const unit = UNITS[(m?.[2] ?? "").toLowerCase() || "b"];
    return m && unit !== undefined ? Number(m[1]) * unit : undefined;
}
/**
 * The CLI's `MemUsage` column (`255.9MiB / 256MiB` from docker, `268.4MB / 268.4MB` from podman) → a
 * sample; both CLIs already leave out the inactive page cache. Four significant digits: ample for the slack.
 */
function memoryFromCli(memUsage) {
    const [used, limit] = memUsage.split("/").map(bytesOf);
    return used === undefined || limit === undefined || limit <= 0 ? undefined : { usedBytes: used, limitBytes: limit };
}

;// CONCATENATED MODULE: ./src/classify.ts

/**
 * Statuses decided after the sandbox ran, in the INTERFACE.md order. Our own failures come first
 * because no other verdict means anything when the engine did not do its part.
 */
function classify(facts) {
    if (facts.sandboxError)
        return "sandbox_error";
    if (facts.phase === "check" && !facts.timedOut && !facts.oomKilled && facts.exitCode !== 0)
        return "syntax_error";
    // A run held at its memory limit until the clock ran out hit that limit, even though no kill said so.
    if (facts.timedOut)
        return atMemoryLimit(facts.memoryAtTimeout) ? "oom" : "timeout";
    // The engine's own verdict: a process killed by the cgroup OOM killer, whatever the exit code says.
    if (facts.oomKilled)
        return "oom";
    if (facts.phase !== "run")
        return "sandbox_error";
    return facts.exitCode === 0 ? "pass" : "test_failed";
}

;// CONCATENATED MODULE: ./src/feedback.ts
const MIB = 1024 ** 2;
function feedback_location(s) {
    const parts = [s.file, s.line, s.column].filter((p) => p !== undefined && p !== "");
    return parts.length ? ` at ${parts.join(":")}` : "";
}
function tail(text, truncated) {
    return truncated ? `${text}\n[output truncated]` : text;
}
function feedbackFor(f) {
    switch (f.status) {
        case "pass":
            return "";
        case "no_code":
            return `No runnable code was found in the reply${f.reason ? ` (${f.reason})` : ""}. Reply with the code in one fenced block.`;
        case "patch_failed":
            return `The patch did not apply: ${f.reason ?? "no hunk matched the base tree"}. Regenerate it against the current files.`;
        case "syntax_error":
            return `The code does not parse${f.syntax ? feedback_location(f.syntax) : ""}. The parser said:\n\n${f.syntax?.message ?? f.stderr}\n\nReturn the corrected code only.`;
        case "timeout":
            return `The code did not finish within ${f.timeoutMs / 1000} s and was stopped. A loop probably never ends or never advances; check the loop conditions.`;
        case "oom": {
            const how = f.heldAtLimit ? `and made no progress there until it was stopped after ${f.timeoutMs / 1000} s` : "and was killed";
            return `The code ran out of memory (limit ${Math.round(f.memoryBytes / MIB)} MiB) ${how}. Something grows without bound; avoid building huge structures.`;
        }
        case "test_failed": {
            const detail = f.stderr.trim() ? tail(f.stderr, f.truncated.stderr) : tail(f.stdout, f.truncated.stdout);
            const how = f.signal ? `crashed with ${f.signal}` : `exited with code ${f.exitCode}`;
            return `The tests failed (the test command ${how}):\n\n${detail.trim() || "(no output)"}\n\nFix the code.`;
        }
        case "sandbox_error":
            return `The sandbox failed on our side, not because of the code: ${f.reason ?? "unknown engine error"}. Nothing about the code can be concluded; run it again.`;
    }
}

;// CONCATENATED MODULE: ./src/prepare/patch.ts
// Patches applied in memory: parse a unified diff (git-style or plain), then apply it to a map of base files.
// Pure: no I/O. The caller loads the base files named by touchedPaths and must refuse any path that resolves
// through a symlink in the checkout (see pathThroughSymlink): this module only ever sees path strings.

const STRATEGIES = ["exact", "offset", "fuzz"];
// ---------------------------------------------------------------------------------------------------------
// Paths (the rule itself is paths.ts)
/** Safe paths normalised; unsafe ones kept as written, for applyPatch to refuse by name. */
function normalisePath(path) {
    const checked = path === null ? null : checkRelativePath(path);
    return checked?.ok ? checked.path : path;
}
/** The first path that is, or lies under, a symlink: the caller must refuse it, since writes would follow it. */
function pathThroughSymlink(paths, isSymlink) {
    for (const path of paths) {
        const parts = path.split("/");
        for (let i = 1; i <= parts.length; i++)
            if (isSymlink(parts.slice(0, i).join("/")))
                return path;
    }
    return null;
}
/** Every safe path the patch reads or writes, sorted: the base files the caller should load. */
function touchedPaths(patch) {
    const paths = new Set();
    for (const file of patch.files) {
        for (const path of [file.oldPath, file.newPath])
            if (path !== null && isSafeRelativePath(path))
                paths.add(path);
    }
    return [...paths].sort();
}
// ---------------------------------------------------------------------------------------------------------
// Messages: one line, with at most ~200 characters of the candidate's text (a path, a header, two lines).
function patch_clip(text, max) {
    return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
function quote(text) {
    return JSON.stringify(patch_clip(text, 40));
}
/** Paths keep their end: the file name says more than the directories above it. */
function clipPath(path) {
    return path.length > 80 ? `…${path.slice(-79)}` : path;
}
function hunkPrefix(file, ref) {
    return `${clipPath(file)} hunk ${ref.index} (${patch_clip(ref.header, 40)})`;
}
// ---------------------------------------------------------------------------------------------------------
// Parsing
class PatchSyntaxError extends Error {
    problem;
    constructor(problem) {
        super(problem.reason);
        this.problem = problem;
    }
}
function fail(file, hunk, what) {
    const where = file === null ? "" : hunk === null ? `${clipPath(file)}: ` : `${hunkPrefix(file, hunk)}: `;
    throw new PatchSyntaxError({ file, hunk, reason: `${where}${what}` });
}
/** The patch's lines, line ends (LF or CRLF) taken off and remembered. */
class Cursor {
    lines;
    crs;
    index = 0;
    constructor(text) {
        const raw = text.replace(/^\uFEFF/, "").split("\n");
        if (raw[raw.length - 1] === "")
            raw.pop();
        this.crs = raw.map((line) => line.endsWith("\r"));
        this.lines = raw.map((line, i) => (this.crs[i] ? line.slice(0, -1) : line));
    }
    get done() {
        return this.index >= this.lines.length;
    }
    /** The line `ahead` lines on, or "" past the end. */
    peek(ahead = 0) {
        return this.lines[this.index + ahead] ?? "";
    }
    peekCr() {
        return this.crs[this.index] ?? false;
    }
    next() {
        return this.lines[this.index++] ?? "";
    }
    /** 1-based number of the current line, for messages. */
    get lineNumber() {
        return this.index + 1;
    }
}
const HUNK_HEADER = /^(@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@)/;
const GIT_HEADER = /^(old mode|new mode|deleted file mode|new file mode|rename from|rename to|copy from|copy to|similarity index|dissimilarity index|index) (.*)$/;
const BINARY = /^(GIT binary patch|Binary files (.*) and (.*) differ)$/;
// `diff -u` puts the modification time after the name; GNU diff -N gives absent files the epoch.
const TIMESTAMP = /\s+(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)?(?: [+-]\d{4})?)$/;
const EPOCH = /^(1970-01-01|1969-12-31) /;
function isPlainHeader(cur) {
    return cur.peek().startsWith("--- ") && cur.peek(1).startsWith("+++ ") && cur.peek(2).startsWith("@@");
}
const C_ESCAPES = { a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, "\\": 92, '"': 34 };
/** A git C-quoted name at the start of `text`: the name and the text after the closing quote. */
function readQuoted(text) {
    const bytes = [];
    const encoder = new TextEncoder();
    for (let i = 1; i < text.length; i++) {
        const ch = text[i];
        if (ch === '"')
            return { name: new TextDecoder().decode(new Uint8Array(bytes)), rest: text.slice(i + 1) };
        if (ch !== "\\") {
            bytes.push(...encoder.encode(ch));
            continue;
        }
        const octal = /^[0-7]{3}/.exec(text.slice(i + 1));
        const escaped = C_ESCAPES[text[i + 1] ?? ""];
        if (octal) {
            bytes.push(parseInt(octal[0], 8));
            i += 3;
        }
        else if (escaped !== undefined) {
            bytes.push(escaped);
            i += 1;
        }
        else
            return null;
    }
    return null;
}
/** The name on a `---`/`+++` line; null for an absent file (`/dev/null`, or the epoch timestamp). */
function headerName(rest, cur) {
    let name;
    let stamp;
    if (rest.startsWith('"')) {
        const quoted = readQuoted(rest);
        if (!quoted)
            fail(null, null, `line ${cur.lineNumber - 1} of the patch has a malformed quoted file name`);
        ({ name, rest: stamp } = quoted);
    }
    else {
        const tab = rest.indexOf("\t");
        const match = tab < 0 ? TIMESTAMP.exec(rest) : null;
        name = tab >= 0 ? rest.slice(0, tab) : match ? rest.slice(0, match.index) : rest;
        stamp = tab >= 0 ? rest.slice(tab + 1) : (match?.[1] ?? "");
    }
    name = name.trimEnd();
    return name === "/dev/null" || EPOCH.test(stamp.trim()) ? null : name;
}
/** Names from `diff --git A B`: quoted, or the split where both halves name the same file. */
function gitLineNames(rest) {
    if (rest.startsWith('"')) {
        const first = readQuoted(rest);
        const second = first && first.rest.startsWith(' "') ? readQuoted(first.rest.slice(1)) : null;
        if (first && second)
            return [first.name, second.name];
        return first ? [first.name, first.rest.trimStart()] : null;
    }
    for (let i = rest.indexOf(" "); i >= 0; i = rest.indexOf(" ", i + 1)) {
        const [a, b] = [rest.slice(0, i), rest.slice(i + 1)];
        if (dropFirstComponent(a) === dropFirstComponent(b))
            return [a, b];
    }
    return null;
}
function dropFirstComponent(path) {
    return path.slice(path.indexOf("/") + 1);
}
function dropPrefix(path, prefix) {
    return path.startsWith(prefix) ? path.slice(prefix.length) : path;
}
/**
 * The `-p1` decision: strip the first component of both names when they agree after it (`a/x b/x`,
 * `old/x new/x`), and `a/`/`b/` alone when the other side is absent or a model prefixed one side only.
 * Names that still disagree (`x.orig` vs `x`) name one file: the shorter, as GNU patch prefers. Renames
 * and copies take their names from git's `rename`/`copy` lines instead.
 */
function resolveNames(oldName, newName) {
    if (oldName === null || newName === null) {
        return [oldName === null ? null : dropPrefix(oldName, "a/"), newName === null ? null : dropPrefix(newName, "b/")];
    }
    if (oldName === newName)
        return [oldName, newName];
    if (oldName.includes("/") && newName.includes("/") && dropFirstComponent(oldName) === dropFirstComponent(newName)) {
        const path = dropFirstComponent(oldName);
        return [path, path];
    }
    const [a, b] = [dropPrefix(oldName, "a/"), dropPrefix(newName, "b/")];
    const path = a.length <= b.length ? a : b;
    return [path, path];
}
function parseHunkHeader(cur, file, index) {
    const line = cur.next();
    const match = HUNK_HEADER.exec(line);
    if (!match)
        fail(file, null, `hunk ${index} has a malformed header ${quote(line)}`);
    const [, header, oldStart, oldCount, newStart, newCount] = match;
    const num = (value) => (value === undefined ? 1 : Number(value));
    return { header: header, oldStart: num(oldStart), oldCount: num(oldCount), newStart: num(newStart), newCount: num(newCount) };
}
/** A hunk: its body runs exactly as far as the header's line counts say. */
function parseHunk(cur, file, index) {
    const head = parseHunkHeader(cur, file, index);
    const ref = { index, header: head.header };
    const lines = [];
    let [oldLeft, newLeft] = [head.oldCount, head.newCount];
    const markNoEol = () => {
        const last = lines[lines.length - 1];
        if (last)
            last.noEol = true;
        cur.next();
    };
    while (oldLeft > 0 || newLeft > 0) {
        if (cur.done)
            fail(file, ref, `the patch ends ${oldLeft} old and ${newLeft} new lines before the hunk does`);
        const text = cur.peek();
        if (text.startsWith("\\")) {
            markNoEol();
            continue;
        }
        // An empty line is an empty context line whose leading space an editor or a model dropped.
        const op = text === "" ? " " : text[0];
        if (op !== " " && op !== "-" && op !== "+") {
            fail(file, ref, `line ${cur.lineNumber} of the patch (${quote(text)}) is not a hunk line; are the header's line counts right?`);
        }
        if ((op !== "+" && oldLeft === 0) || (op !== "-" && newLeft === 0)) {
            fail(file, ref, `line ${cur.lineNumber} of the patch goes past the header's line counts`);
        }
        if (op !== "+")
            oldLeft--;
        if (op !== "-")
            newLeft--;
        lines.push({ op, text: text.slice(1), cr: cur.peekCr(), noEol: false });
        cur.next();
    }
    if (cur.peek().startsWith("\\"))
        markNoEol();
    // A body longer than its counts would otherwise lose its last lines silently.
    const after = cur.peek();
    if (/^[-+]/.test(after) && after !== "-- " && !isPlainHeader(cur)) {
        fail(file, ref, `line ${cur.lineNumber} of the patch (${quote(after)}) goes past the header's line counts`);
    }
    return { ...head, lines };
}
function parseHunks(cur, file) {
    const hunks = [];
    while (cur.peek().startsWith("@@"))
        hunks.push(parseHunk(cur, file, hunks.length + 1));
    return hunks;
}
function checkMode(mode, file) {
    if (mode === "120000")
        fail(file, null, "symbolic links are not supported");
    if (mode === "160000")
        fail(file, null, "submodules are not supported");
}
/** `---`/`+++` names when present; they move the cursor past both lines. */
function readHeaderPair(cur) {
    const oldName = headerName(cur.next().slice(4), cur);
    return [oldName, headerName(cur.next().slice(4), cur)];
}
function parseGitFile(cur) {
    const lineNames = gitLineNames(cur.next().slice("diff --git ".length));
    const ext = new Map();
    let binary = false;
    for (;;) {
        const line = cur.peek();
        const match = GIT_HEADER.exec(line);
        if (match)
            ext.set(match[1], match[2]);
        else if (BINARY.test(line))
            binary = true;
        else
            break;
        cur.next();
    }
    const hasPair = cur.peek().startsWith("--- ") && cur.peek(1).startsWith("+++ ");
    const [oldName, newName] = hasPair
        ? readHeaderPair(cur)
        : [ext.has("new file mode") ? null : (lineNames?.[0] ?? null), ext.has("deleted file mode") ? null : (lineNames?.[1] ?? null)];
    const [oldResolved, newResolved] = resolveNames(oldName, newName);
    const source = unquoteExt(ext.get("rename from") ?? ext.get("copy from"));
    const target = unquoteExt(ext.get("rename to") ?? ext.get("copy to"));
    const oldPath = source ?? oldResolved;
    const newPath = target ?? newResolved;
    const display = newPath ?? oldPath ?? (lineNames ? dropPrefix(lineNames[1], "b/") : "(unnamed file)");
    if (oldPath === null && newPath === null)
        fail(display, null, "the diff names no file");
    if (binary)
        fail(display, null, "binary patches are not supported");
    const mode = ext.get("new file mode") ?? ext.get("new mode");
    checkMode(ext.get("old mode") ?? ext.get("deleted file mode"), display);
    checkMode(mode, display);
    const hunks = parseHunks(cur, display);
    const structural = source !== undefined || ["new file mode", "deleted file mode", "new mode"].some((key) => ext.has(key));
    if (hunks.length === 0 && !structural)
        fail(display, null, "the diff has no hunks");
    return {
        oldPath: normalisePath(oldPath),
        newPath: normalisePath(newPath),
        copy: ext.has("copy from"),
        ...(mode !== undefined && { mode }),
        hunks,
    };
}
function unquoteExt(value) {
    if (value === undefined || !value.startsWith('"'))
        return value;
    return readQuoted(value)?.name ?? value;
}
function parsePlainFile(cur) {
    const [oldName, newName] = readHeaderPair(cur);
    const [oldPath, newPath] = resolveNames(oldName, newName);
    const display = newPath ?? oldPath ?? "(unnamed file)";
    if (oldPath === null && newPath === null)
        fail(display, null, "both sides of the diff are /dev/null");
    return {
        oldPath: normalisePath(oldPath),
        newPath: normalisePath(newPath),
        copy: false,
        hunks: parseHunks(cur, display),
    };
}
/** The file a plain `Binary files A and B differ` line names. */
function binaryName(line) {
    const [, , oldName, newName] = BINARY.exec(line);
    return newName === "/dev/null" ? dropPrefix(oldName, "a/") : dropPrefix(newName, "b/");
}
/**
 * Reads every file patch in `text`. Anything before, between or after them (mail headers, a diffstat,
 * a model's prose) is skipped, as git apply does; a hunk body runs as far as its header's counts say.
 */
function parsePatch(text) {
    const cur = new Cursor(text);
    const files = [];
    try {
        while (!cur.done) {
            const line = cur.peek();
            if (line.startsWith("diff --git "))
                files.push(parseGitFile(cur));
            else if (isPlainHeader(cur))
                files.push(parsePlainFile(cur));
            else if (BINARY.test(line))
                fail(binaryName(line), null, "binary patches are not supported");
            else if (HUNK_HEADER.test(line)) {
                fail(null, null, `line ${cur.lineNumber} of the patch starts a hunk (${quote(line)}) with no '---'/'+++' file header before it`);
            }
            else
                cur.next();
        }
    }
    catch (error) {
        if (error instanceof PatchSyntaxError)
            return { files, problem: error.problem };
        throw error;
    }
    return { files, problem: null };
}
function toLines(content) {
    const parts = content.split("\n");
    const last = parts.pop();
    const text = [];
    const eol = [];
    for (const part of parts) {
        const cr = part.endsWith("\r");
        text.push(cr ? part.slice(0, -1) : part);
        eol.push(cr ? "\r\n" : "\n");
    }
    if (last !== "") {
        text.push(last);
        eol.push("");
    }
    return { text, eol };
}
/** Only the last line may lack a line end; one that stopped being last gets the file's. */
function fromLines(lines, defaultEol) {
    const lastIndex = lines.text.length - 1;
    return lines.text.map((text, i) => text + (i < lastIndex && lines.eol[i] === "" ? defaultEol : lines.eol[i])).join("");
}
function patch_prepare(hunk, index) {
    const changes = hunk.lines.map((line, i) => (line.op === " " ? -1 : i)).filter((i) => i >= 0);
    const first = changes[0] ?? hunk.lines.length;
    const lastChange = changes[changes.length - 1];
    return {
        ref: { index, header: hunk.header },
        oldStart: hunk.oldStart,
        lines: hunk.lines,
        lead: first,
        trail: lastChange === undefined ? 0 : hunk.lines.length - 1 - lastChange,
        context: hunk.lines.some((line) => line.op === " "),
        // `-l,0` means "after line l"; otherwise l is the first old line.
        stated: hunk.oldCount === 0 ? hunk.oldStart : hunk.oldStart - 1,
    };
}
const LEVELS = [
    { strategy: "exact", fuzz: 0, loose: false },
    { strategy: "offset", fuzz: 0, loose: false },
    { strategy: "fuzz", fuzz: 0, loose: true },
    { strategy: "fuzz", fuzz: 1, loose: true },
    { strategy: "fuzz", fuzz: 2, loose: true },
];
function oldSide(lines) {
    return lines.filter((line) => line.op !== "+");
}
function lineMatches(file, at, line, loose) {
    const text = file.text[at];
    if (text === undefined)
        return false;
    if (loose)
        return text.trimEnd() === line.text.trimEnd();
    const lastWithoutEol = file.eol[at] === "";
    return text === line.text && line.noEol === lastWithoutEol;
}
function matchesAt(file, old, at, loose) {
    return old.every((line, i) => lineMatches(file, at + i, line, loose));
}
/** guess, guess+1, guess-1, guess+2, … within [min, max]: the nearest occurrence wins, as in GNU patch. */
function* nearest(guess, min, max) {
    const from = Math.min(Math.max(guess, min), max);
    for (let d = 0; from + d <= max || from - d >= min; d++) {
        if (from + d <= max)
            yield from + d;
        if (d > 0 && from - d >= min)
            yield from - d;
    }
}
/**
 * The only places the hunk may start without fuzz, as git apply decides (null: anywhere, []: nowhere): a
 * hunk stated at line 1 (or 0) sits at the top, one without trailing context at the bottom. Hunks with no
 * context at all (`diff -U0`) float: git would pin them to the end, which puts an insertion in the wrong place.
 */
function pins(hunk, fileLength, oldLength) {
    if (!hunk.context && hunk.oldStart !== 0)
        return null;
    const at = [hunk.oldStart <= 1 ? 0 : null, hunk.trail === 0 ? fileLength - oldLength : null].filter((p) => p !== null);
    if (at.length === 0)
        return null;
    return at.every((p) => p === at[0]) ? [at[0]] : [];
}
function locate(file, hunk, level, min, delta) {
    const cutLead = Math.min(level.fuzz, hunk.lead);
    const cutTrail = Math.min(level.fuzz, hunk.trail);
    const lines = hunk.lines.slice(cutLead, hunk.lines.length - cutTrail);
    const old = oldSide(lines);
    // A hunk fuzzed down to nothing but additions would land anywhere.
    if (level.fuzz > 0 && old.length === 0 && oldSide(hunk.lines).length > 0)
        return null;
    const max = file.text.length - old.length;
    const stated = hunk.stated + cutLead;
    const pinned = level.strategy === "fuzz" ? null : pins(hunk, file.text.length, old.length);
    const positions = level.strategy === "exact" ? [stated].filter((at) => pinned?.includes(at) ?? true) : (pinned ?? nearest(stated + delta, min, max));
    for (const at of positions) {
        if (at < min || at > max)
            continue;
        if (matchesAt(file, old, at, level.loose)) {
            return { start: at, take: old.length, from: cutLead, to: hunk.lines.length - cutTrail, strategy: level.strategy };
        }
    }
    return null;
}
/** Why a hunk found no place: what its header's line holds against what the hunk expects. */
function mismatch(file, hunk, min) {
    const old = oldSide(hunk.lines);
    const bad = old.findIndex((line, i) => !lineMatches(file, hunk.stated + i, line, true));
    if (bad < 0)
        return hunk.stated < min ? " (hunks must come in file order, without overlapping)" : "";
    const at = hunk.stated + bad;
    const found = file.text[at];
    if (found === undefined)
        return file.text.length === 0 ? " (the file is empty)" : ` (the file ends at line ${file.text.length})`;
    return ` (line ${at + 1} reads ${quote(found)}, the patch expects ${quote(old[bad].text)})`;
}
function rank(strategy) {
    return STRATEGIES.indexOf(strategy);
}
/** Lines from the file where the hunk keeps context (the file's own spelling), the patch's where it adds. */
function replacement(file, hunk, place, eol) {
    const out = { text: [], eol: [] };
    let at = place.start;
    for (const line of hunk.lines.slice(place.from, place.to)) {
        if (line.op === " ") {
            out.text.push(file.text[at]);
            out.eol.push(line.noEol ? "" : file.eol[at]);
        }
        else if (line.op === "+") {
            out.text.push(line.text);
            out.eol.push(line.noEol ? "" : eol);
        }
        if (line.op !== "+")
            at++;
    }
    return out;
}
function patchContent(path, content, hunks, levels) {
    const file = toLines(content);
    const ended = hunks.flatMap((hunk) => hunk.lines.filter((line) => line.op === "+" && !line.noEol));
    // Added lines follow the file's line ends; a new file follows the patch's.
    const eol = file.eol.find((e) => e !== "") ?? (ended.length > 0 && ended.every((line) => line.cr) ? "\r\n" : "\n");
    const out = { text: [], eol: [] };
    let [next, delta, weakest] = [0, 0, 0];
    for (const [i, hunk] of hunks.entries()) {
        const prepared = patch_prepare(hunk, i + 1);
        let place = null;
        for (const level of levels) {
            place = locate(file, prepared, level, next, delta);
            if (place)
                break;
        }
        if (!place) {
            const why = `context does not match at line ${hunk.oldStart} or anywhere else in the file${mismatch(file, prepared, next)}`;
            return { ok: false, file: path, hunk: prepared.ref, reason: `${hunkPrefix(path, prepared.ref)}: ${why}` };
        }
        out.text.push(...file.text.slice(next, place.start));
        out.eol.push(...file.eol.slice(next, place.start));
        const replaced = replacement(file, prepared, place, eol);
        out.text.push(...replaced.text);
        out.eol.push(...replaced.eol);
        next = place.start + place.take;
        delta = place.start - place.from - prepared.stated;
        weakest = Math.max(weakest, rank(place.strategy));
    }
    out.text.push(...file.text.slice(next));
    out.eol.push(...file.eol.slice(next));
    return { ok: true, content: fromLines(out, eol), strategy: STRATEGIES[weakest] };
}
function refuse(file, reason) {
    return { ok: false, file, hunk: null, reason: `${clipPath(file)}: ${reason}` };
}
function unsafePath(patch) {
    for (const file of patch.files) {
        for (const path of [file.oldPath, file.newPath]) {
            const checked = path === null ? null : checkRelativePath(path);
            if (checked && !checked.ok) {
                return { ok: false, file: clipPath(path), hunk: null, reason: `path escapes the tree: ${quote(path)} (${checked.why})` };
            }
        }
    }
    return null;
}
/**
 * Applies the patch to `tree` (relative path → content) without touching it. Each hunk tries its stated
 * line, then the nearest place it matches, both as git apply places hunks; then fuzz: git's pins lifted,
 * whitespace at line ends ignored, up to 2 context lines dropped at each end (GNU patch's fuzz factor 2).
 * Unlike git: hunks must come in file order without overlapping (GNU patch's rule), zero-context hunks
 * stay at their stated line (git apply --unidiff-zero), and line ends are compared without CR, each file
 * keeping its own (a patch cannot turn LF into CRLF). Files are patched one after the other, so a patch
 * may touch the same file twice.
 */
function applyPatch(tree, patch, opts = {}) {
    const unsafe = unsafePath(patch);
    if (unsafe)
        return unsafe;
    if (patch.problem)
        return { ok: false, ...patch.problem };
    if (patch.files.length === 0)
        return { ok: false, file: null, hunk: null, reason: "no file changes found in the patch" };
    const allowed = rank(opts.maxStrategy ?? "fuzz");
    const levels = LEVELS.filter((level) => rank(level.strategy) <= allowed);
    const state = new Map();
    const read = (path) => (state.has(path) ? (state.get(path) ?? undefined) : tree.get(path));
    const wasExecutable = (path) => opts.executable?.has(path) ?? false;
    const modes = new Map();
    let weakest = 0;
    for (const file of patch.files) {
        const { oldPath, newPath } = file;
        const path = newPath ?? oldPath;
        if (newPath !== null && newPath !== oldPath && read(newPath) !== undefined) {
            const how = oldPath === null ? "creates it" : `${file.copy ? "copies" : "renames"} ${clipPath(oldPath)} onto it`;
            return refuse(newPath, `the patch ${how}, but it already exists`);
        }
        const base = oldPath === null ? "" : read(oldPath);
        if (base === undefined)
            return refuse(oldPath, "the patch changes it, but it does not exist in the base tree");
        const result = patchContent(path, base, file.hunks, levels);
        if (!result.ok)
            return result;
        if (newPath === null && result.content !== "")
            return refuse(path, "the patch deletes it, but the file holds more than the patch removes");
        weakest = Math.max(weakest, rank(result.strategy));
        // Git's mode line when there is one; otherwise a file keeps the mode of the one it came from.
        const executable = file.mode !== undefined ? (parseInt(file.mode, 8) & 0o111) !== 0 : oldPath !== null && (modes.get(oldPath) ?? wasExecutable(oldPath));
        if (oldPath !== null && oldPath !== newPath && !file.copy)
            state.set(oldPath, null);
        if (newPath !== null) {
            state.set(newPath, result.content);
            modes.set(newPath, executable);
        }
    }
    const changed = ([path, content]) => content !== (tree.get(path) ?? null) || (content !== null && modes.get(path) !== wasExecutable(path));
    const files = new Map([...state].filter(changed));
    const executable = new Set([...files.keys()].filter((path) => files.get(path) !== null && modes.get(path)));
    return { ok: true, files, executable, changed: [...files.keys()].sort(), strategy: STRATEGIES[weakest] };
}

;// CONCATENATED MODULE: ./node_modules/balanced-match/dist/esm/index.js
const balanced = (a, b, str) => {
    const ma = a instanceof RegExp ? maybeMatch(a, str) : a;
    const mb = b instanceof RegExp ? maybeMatch(b, str) : b;
    const r = ma !== null && mb != null && range(ma, mb, str);
    return (r && {
        start: r[0],
        end: r[1],
        pre: str.slice(0, r[0]),
        body: str.slice(r[0] + ma.length, r[1]),
        post: str.slice(r[1] + mb.length),
    });
};
const maybeMatch = (reg, str) => {
    const m = str.match(reg);
    return m ? m[0] : null;
};
const range = (a, b, str) => {
    let begs, beg, left, right = undefined, result;
    let ai = str.indexOf(a);
    let bi = str.indexOf(b, ai + 1);
    let i = ai;
    if (ai >= 0 && bi > 0) {
        if (a === b) {
            return [ai, bi];
        }
        begs = [];
        left = str.length;
        while (i >= 0 && !result) {
            if (i === ai) {
                begs.push(i);
                ai = str.indexOf(a, i + 1);
            }
            else if (begs.length === 1) {
                const r = begs.pop();
                if (r !== undefined)
                    result = [r, bi];
            }
            else {
                beg = begs.pop();
                if (beg !== undefined && beg < left) {
                    left = beg;
                    right = bi;
                }
                bi = str.indexOf(b, i + 1);
            }
            i = ai < bi && ai >= 0 ? ai : bi;
        }
        if (begs.length && right !== undefined) {
            result = [left, right];
        }
    }
    return result;
};
//# sourceMappingURL=index.js.map
;// CONCATENATED MODULE: ./node_modules/brace-expansion/dist/esm/index.js

const escSlash = '\0SLASH' + Math.random().toFixed(16) + '\0';
const escOpen = '\0OPEN' + Math.random().toFixed(16) + '\0';
const escClose = '\0CLOSE' + Math.random().toFixed(16) + '\0';
const escComma = '\0COMMA' + Math.random().toFixed(16) + '\0';
const escPeriod = '\0PERIOD' + Math.random().toFixed(16) + '\0';
const escSlashPattern = new RegExp(escSlash, 'g');
const escOpenPattern = new RegExp(escOpen, 'g');
const escClosePattern = new RegExp(escClose, 'g');
const escCommaPattern = new RegExp(escComma, 'g');
const escPeriodPattern = new RegExp(escPeriod, 'g');
const slashPattern = /\\\\/g;
const openPattern = /\\{/g;
const closePattern = /\\}/g;
const commaPattern = /\\,/g;
const periodPattern = /\\\./g;
const EXPANSION_MAX = 100_000;
// `EXPANSION_MAX` caps the *number* of expansions, but not their length. An
// input like `'{a,b}'.repeat(1500)` stays under that count - its output is
// truncated to 100k results - while making every result ~1500 characters
// long. The result set, and the intermediate arrays built while combining
// brace sets, then grow large enough to exhaust memory and crash the process
// (CVE-2026-14257). `EXPANSION_MAX_LENGTH` bounds the total number of
// characters the accumulator may hold at any point, so memory stays flat no
// matter how many brace groups are chained. The limit sits well above any
// realistic expansion (100k results hitting `EXPANSION_MAX` measure ~1M
// characters) so legitimate input is unaffected.
const EXPANSION_MAX_LENGTH = 4_000_000;
// `expand_` recurses once per level of brace *nesting* - both when expanding a
// set's comma members and when re-wrapping a set whose body is a single part.
// The CVE-2026-14257 fix made the *tail* iterative (recursion on `m.post`, one
// level per chained group), which left nesting depth unbounded: about 3,100
// levels of `{{{...a,b...}}}` - only ~6KB of input - exhausted the native stack
// and crashed the process. `EXPANSION_MAX_DEPTH` bounds how deep the parser
// will follow nesting. It sits far above any realistic pattern and well below
// the depth at which the stack runs out.
const EXPANSION_MAX_DEPTH = 1_000;
// Bash keeps a quirk where a brace group followed by a comma set still expands
// (`{a},b}`). The parser implements it by rewriting the string and restarting
// the scan, absorbing one `}` per pass. `n` trailing braces therefore cost `n`
// full passes over a string that itself grows by one `escClose` sentinel each
// time - quadratic in `n`, with a ~26x constant from the sentinel's length.
// 128KB of `'{a}' + '}'.repeat(n) + ',z}'` blocked the event loop for 27
// seconds to produce two results. `EXPANSION_MAX_REWRITES` bounds how many
// times the scan may restart. Real `{a},b}` input needs a handful.
const EXPANSION_MAX_REWRITES = 1_000;
// `EXPANSION_MAX_STEPS` bounds the work one `expand` call does, which `max`,
// `maxLength` and `maxDepth` don't: nested sets are rescanned at every level
// and chained groups each rebuild up to `max` results, so 2KB of input could
// block the event loop for over 30 seconds. Each character scanned, result
// built and sequence value generated is a step, and each `expand_` call costs
// `CALL_STEPS` more. Past the budget, the set being expanded and everything
// after it stay literal. A glob needs a few hundred steps, and nesting all the
// way to `EXPANSION_MAX_DEPTH` about 4M.
const EXPANSION_MAX_STEPS = 20_000_000;
// What one `expand_` call costs on top of what it scans and builds. Setting
// one up takes about as long as scanning 16 characters, and a set whose
// results are wrapped to be expanded again makes one call per result, each
// scanning and building next to nothing: 64KB of
// `('{{' + ','.repeat(316) + '}{' + ','.repeat(316) + '}}').repeat(n)` made
// 4M such calls, which spent the budget three times as slowly as anything
// else.
const CALL_STEPS = 16;
function numeric(str) {
    return !isNaN(str) ? parseInt(str, 10) : str.charCodeAt(0);
}
function escapeBraces(str) {
    return str
        .replace(slashPattern, escSlash)
        .replace(openPattern, escOpen)
        .replace(closePattern, escClose)
        .replace(commaPattern, escComma)
        .replace(periodPattern, escPeriod);
}
function unescapeBraces(str) {
    return str
        .replace(escSlashPattern, '\\')
        .replace(escOpenPattern, '{')
        .replace(escClosePattern, '}')
        .replace(escCommaPattern, ',')
        .replace(escPeriodPattern, '.');
}
// Like `target.push(...items)` but doesn't overflow the stack
function pushAll(target, items) {
    for (let i = 0; i < items.length; i++) {
        target.push(items[i]);
    }
}
// `balanced`, run on `masked` (see `maskUnmatchedOpens`), sliced from `str`
// and charged for the characters it walks: up to the group's `}`, or the
// whole string when there is no match or unmatched `{` come first, which
// `unmatched` then flags for masking. Once a call overdraws the budget, it
// and every later one return undefined, so the rest stays literal.
function balancedWithBudget(str, masked, budget) {
    if (budget.remaining < 0) {
        return undefined;
    }
    const r = range('{', '}', masked);
    const unmatched = r !== undefined && masked.indexOf('{') < r[0];
    budget.remaining -= r && !unmatched ? r[1] + 1 : str.length;
    if (!r || budget.remaining < 0) {
        return undefined;
    }
    return {
        end: r[1],
        pre: str.slice(0, r[0]),
        body: str.slice(r[0] + 1, r[1]),
        post: str.slice(r[1] + 1),
        unmatched,
    };
}
// `masked` with every `{` that has no matching `}` swapped for a `\0`, which
// keeps the length, so a scan of it still lines up with the string it was
// made from. Such a `{` is literal either way, but `balanced` only learns that
// one is unmatched by reading to the end of the string, so with one at the
// head of every group (`'{a,{b,c}'.repeat(n)`) each scan read the rest of the
// input. That was quadratic, and once the step budget charged for it, it ran
// out partway through and left the rest literal. A scan of the masked copy
// stops at the group's `}`. It is one pass, charged as such.
function maskUnmatchedOpens(masked, budget) {
    budget.remaining -= masked.length;
    const open = [];
    for (let i = 0; i < masked.length; i++) {
        const c = masked.charCodeAt(i);
        if (c === 0x7b) {
            open.push(i);
        }
        else if (c === 0x7d && open.length) {
            open.pop();
        }
    }
    let out = '';
    let last = 0;
    for (let i = 0; i < open.length; i++) {
        const at = open[i];
        out += masked.slice(last, at) + '\0';
        last = at + 1;
    }
    return out + masked.slice(last);
}
// Whether `str` has a `,` not followed by another `,`, with a `}` after it on
// the same line - what `/,(?!,).*\}/.test(str)` asks, answered in one pass from
// the end. The regex tries every `,` and backtracks through the rest of its
// line from each, which is quadratic, and the `{a},b}` rewrite asks again on
// every pass. Like a scan, it is charged for the whole string and refused if
// that overdraws the budget.
function commaSetFollows(str, budget) {
    budget.remaining -= str.length;
    if (budget.remaining < 0) {
        return false;
    }
    // Whether a `}` follows the current position before the line ends
    let close = false;
    for (let i = str.length - 1; i >= 0; i--) {
        const c = str.charCodeAt(i);
        if (c === 0x7d) {
            close = true;
        }
        else if (c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029) {
            // A line terminator, which `.` does not match
            close = false;
        }
        else if (c === 0x2c && close && str.charCodeAt(i + 1) !== 0x2c) {
            return true;
        }
    }
    return false;
}
/**
 * Basically just str.split(","), but handling cases
 * where we have nested braced sections, which should be
 * treated as individual members, like {a,{b,c},d}
 *
 * Returns `undefined` if the step budget runs out before the whole set is
 * split, since splitting what is left on every comma would tear apart the
 * nested sets it still holds.
 */
function parseCommaParts(str, budget) {
    const parts = [];
    // Walk the brace groups iteratively. Recursing on `post` once per group let a
    // chain of them exhaust the stack - the parsing-side counterpart to
    // the `expand_` overflow fixed for CVE-2026-14257, and not something `max` or
    // `maxLength` can bound, since it happens before expansion.
    //
    // The part the next chunk continues
    let carry = '';
    for (;;) {
        // A set's body holds no unmatched `{`, so there is nothing to mask.
        const m = balancedWithBudget(str, str, budget);
        if (budget.remaining < 0) {
            return undefined;
        }
        if (!m) {
            const tail = str.split(',');
            tail[0] = carry + tail[0];
            pushAll(parts, tail);
            return parts;
        }
        const { pre, body, post } = m;
        const p = pre.split(',');
        p[0] = carry + p[0];
        p[p.length - 1] += '{' + body + '}';
        if (!post.length) {
            pushAll(parts, p);
            return parts;
        }
        carry = p.pop();
        pushAll(parts, p);
        str = post;
    }
}
// An option that is left out, or that is NaN, gets its default. Every
// comparison against NaN is false, so a NaN bound would never be reached:
// `{ maxSteps: NaN }` let 15KB of input block the event loop for 16 seconds,
// and `{ maxDepth: NaN }` overflowed the stack again (CVE-2026-102278). Pass
// `Infinity` to lift a bound.
function bound(value, fallback) {
    return value === undefined || isNaN(value) ? fallback : value;
}
function expand(str, options = {}) {
    if (!str) {
        return [];
    }
    const max = bound(options.max, EXPANSION_MAX);
    const maxLength = bound(options.maxLength, EXPANSION_MAX_LENGTH);
    const maxDepth = bound(options.maxDepth, EXPANSION_MAX_DEPTH);
    const maxRewrites = bound(options.maxRewrites, EXPANSION_MAX_REWRITES);
    const maxSteps = bound(options.maxSteps, EXPANSION_MAX_STEPS);
    // I don't know why Bash 4.3 does this, but it does.
    // Anything starting with {} will have the first two bytes preserved
    // but *only* at the top level, so {},a}b will not expand to anything,
    // but a{},b}c will be expanded to [a}c,abc].
    // One could argue that this is a bug in Bash, but since the goal of
    // this module is to match Bash's rules, we escape a leading {}
    if (str.slice(0, 2) === '{}') {
        str = '\\{\\}' + str.slice(2);
    }
    return expand_(escapeBraces(str), max, maxLength, maxDepth, 0, maxRewrites, { remaining: maxSteps }, true).map(unescapeBraces);
}
function embrace(str) {
    return '{' + str + '}';
}
function isPadded(el) {
    return /^-?0\d/.test(el);
}
function lte(i, y) {
    return i <= y;
}
function gte(i, y) {
    return i >= y;
}
// Build `{ acc[a] + pre + values[v] }` for every combination, capping the
// number of results at `max` and the total number of characters at `maxLength`.
// This is the one place output grows, so bounding it here keeps the single
// accumulator - and therefore memory - flat regardless of how many brace groups
// are combined (CVE-2026-14257). Each result built is a step, since `max` and
// `maxLength` bound one combination, not how many brace groups are combined.
function combine(acc, pre, values, max, maxLength, dropEmpties, budget) {
    const out = [];
    let length = 0;
    // Bash drops empty results at the top level, and they don't count against
    // `max`, so `max` bounds the number of *kept* results. Only an empty
    // `acc[a] + pre` can make one, so for those the empty values are skipped
    // without being visited. Visiting them one at a time let a set of empties
    // cost `acc.length * values.length` while keeping nothing.
    let nonEmpty;
    outer: for (let a = 0; a < acc.length; a++) {
        const prefix = acc[a] + pre;
        let vs = values;
        if (dropEmpties && !prefix) {
            if (!nonEmpty)
                nonEmpty = values.filter(v => v);
            vs = nonEmpty;
        }
        for (let v = 0; v < vs.length; v++) {
            if (out.length >= max)
                break outer;
            const expansion = prefix + vs[v];
            if (length + expansion.length > maxLength)
                break outer;
            out.push(expansion);
            length += expansion.length;
        }
    }
    budget.remaining -= out.length;
    return out;
}
// The expansion values of a single numeric (`1..5`) or alphabetic (`a..e..2`)
// sequence body, or `undefined` if the step budget runs out generating them.
function expandSequence(body, isAlphaSequence, max, maxLength, budget) {
    const n = body.split(/\.\./);
    const N = [];
    // A sequence body always splits into two or three parts, but the compiler
    // can't know that.
    /* c8 ignore start */
    if (n[0] === undefined || n[1] === undefined) {
        return N;
    }
    /* c8 ignore stop */
    const x = numeric(n[0]);
    const y = numeric(n[1]);
    const width = Math.max(n[0].length, n[1].length);
    let incr = n.length === 3 && n[2] !== undefined ?
        Math.max(Math.abs(numeric(n[2])), 1)
        : 1;
    let test = lte;
    const reverse = y < x;
    if (reverse) {
        incr *= -1;
        test = gte;
    }
    const pad = n.some(isPadded);
    // A padded value is built a character at a time to `width`, which the input
    // sets, so it costs one step per character: 64KB of
    // `('{' + '0'.repeat(100) + '..99999}').repeat(n)` took 7 seconds charged
    // one step per value.
    const cost = pad ? width : 1;
    let length = 0;
    for (let i = x; test(i, y) && N.length < max; i += incr) {
        // Each value is a step. `max` and `maxLength` bound one sequence, but a
        // chain of them still generated up to `max` values each, however few
        // combining could keep.
        budget.remaining -= cost;
        if (budget.remaining < 0) {
            return undefined;
        }
        let c;
        if (isAlphaSequence) {
            c = String.fromCharCode(i);
            if (c === '\\') {
                c = '';
            }
        }
        else {
            c = String(i);
            if (pad) {
                const need = width - c.length;
                if (need > 0) {
                    const z = new Array(need + 1).join('0');
                    if (i < 0) {
                        c = '-' + z + c.slice(1);
                    }
                    else {
                        c = z + c;
                    }
                }
            }
        }
        if (length + c.length > maxLength)
            break;
        N.push(c);
        length += c.length;
    }
    return N;
}
function expand_(str, max, maxLength, maxDepth, depth, maxRewrites, budget, isTop) {
    // An overdraft here makes the first scan refuse, so `str` stays literal.
    budget.remaining -= CALL_STEPS;
    // Too deeply nested to keep following: treat the rest as literal, the same
    // way a group that cannot expand is already handled. Truncating rather than
    // throwing keeps `expand` total, matching `max` and `maxLength`.
    if (depth > maxDepth) {
        return [str];
    }
    // Consume the string's top-level brace groups left to right, threading a
    // running set of combined prefixes (`acc`). Expanding the tail iteratively -
    // rather than recursing on `m.post` once per group - keeps the native stack
    // depth constant, so deeply chained input (`'{a,b}'.repeat(3000)`) can no
    // longer overflow the stack, and leaves a single accumulator whose size
    // `maxLength` bounds directly (CVE-2026-14257).
    let acc = [''];
    // Bash drops empty results, but only when the *first* top-level group is a
    // comma set - a sequence like `{a..\}` may legitimately yield ''. The drop
    // is on the final strings, so it is applied to whichever `combine` produces
    // them (the one with no brace set left in the tail).
    // How many times the `{a},b}` rewrite below has restarted the scan. Each pass
    // re-reads the whole string, so leaving this unbounded is quadratic.
    let rewrites = 0;
    let dropEmpties = false;
    let firstGroup = true;
    // `str` with its unmatched `{` masked, once a scan has run into them
    let masked = str;
    for (;;) {
        const m = balancedWithBudget(str, masked, budget);
        // No brace set left, or no step budget left to look for one: the rest of
        // the string is literal.
        if (!m) {
            return combine(acc, str, [''], max, maxLength, dropEmpties, budget);
        }
        if (m.unmatched) {
            masked = maskUnmatchedOpens(masked, budget);
        }
        // no need to expand pre, since it is guaranteed to be free of brace-sets
        const pre = m.pre;
        // This set and the rest of the string, literal: for a set that cannot
        // expand, and for one the step budget runs out on. Once it is overdrawn,
        // every set still being expanded, at every level, stays literal like this -
        // otherwise each level above would go on combining, and wrapping and
        // expanding again, results the budget was too small for.
        const literal = () => combine(acc, pre + '{' + m.body + '}' + m.post, [''], max, maxLength, dropEmpties, budget);
        if (/\$$/.test(pre)) {
            acc = combine(acc, pre + '{' + m.body + '}', [''], max, maxLength, dropEmpties && !m.post.length, budget);
            firstGroup = false;
            if (!m.post.length)
                break;
            str = m.post;
            masked = masked.slice(m.end + 1);
            continue;
        }
        const isNumericSequence = /^-?\d+\.\.-?\d+(?:\.\.-?\d+)?$/.test(m.body);
        const isAlphaSequence = /^[a-zA-Z]\.\.[a-zA-Z](?:\.\.-?\d+)?$/.test(m.body);
        const isSequence = isNumericSequence || isAlphaSequence;
        const isOptions = m.body.indexOf(',') >= 0;
        if (!isSequence && !isOptions) {
            // {a},b}
            if (rewrites < maxRewrites && commaSetFollows(m.post, budget)) {
                rewrites++;
                str = m.pre + '{' + m.body + escClose + m.post;
                // Taking a `}` away never gives an unmatched `{` a partner, so what
                // is masked stays unmatched. The `{` it closed can be left without
                // one, and the next scan masks it.
                masked =
                    masked.slice(0, m.end) + escClose + masked.slice(m.end + 1);
                isTop = true;
                continue;
            }
            // Nothing here expands, so the whole remaining string is literal.
            return literal();
        }
        if (firstGroup) {
            dropEmpties = isTop && !isSequence;
            firstGroup = false;
        }
        let values;
        if (isSequence) {
            values = expandSequence(m.body, isAlphaSequence, max, maxLength, budget);
            if (!values) {
                return literal();
            }
        }
        else {
            let n = parseCommaParts(m.body, budget);
            // The step budget ran out partway through the set.
            if (!n) {
                return literal();
            }
            if (n.length === 1 && n[0] !== undefined) {
                // x{{a,b}}y ==> x{a}y x{b}y
                n = expand_(n[0], max, maxLength, maxDepth, depth + 1, maxRewrites, budget, false).map(embrace);
                // The step budget ran out expanding the set's only part.
                if (budget.remaining < 0) {
                    return literal();
                }
                //XXX is this necessary? Can't seem to hit it in tests.
                /* c8 ignore start */
                if (n.length === 1) {
                    const next = combine(acc, pre + n[0], [''], max, maxLength, dropEmpties && !m.post.length, budget);
                    if (budget.remaining < 0) {
                        return literal();
                    }
                    acc = next;
                    if (!m.post.length)
                        break;
                    str = m.post;
                    masked = masked.slice(m.end + 1);
                    continue;
                }
                /* c8 ignore stop */
            }
            // Values that `combine` is going to drop as empty produce no result, so
            // they must not count against `max` - otherwise `{a,,b}` with `max: 2`
            // would stop at `['a', '']` and yield one result instead of two. Skipping
            // them outright keeps `values` bounded while leaving `max` a bound on
            // *kept* results.
            let dropsEmpties = dropEmpties && !m.post.length && !pre;
            for (let d = 0; dropsEmpties && d < acc.length; d++) {
                if (acc[d]) {
                    dropsEmpties = false;
                }
            }
            values = [];
            let valuesLength = 0;
            outer: for (let j = 0; j < n.length; j++) {
                const expanded = expand_(n[j], max, maxLength, maxDepth, depth + 1, maxRewrites, budget, false);
                // The step budget ran out expanding a member.
                if (budget.remaining < 0) {
                    return literal();
                }
                for (let k = 0; k < expanded.length; k++) {
                    const v = expanded[k];
                    if (dropsEmpties && !v)
                        continue;
                    if (values.length >= max ||
                        valuesLength + v.length > maxLength) {
                        break outer;
                    }
                    values.push(v);
                    valuesLength += v.length;
                }
            }
        }
        const next = combine(acc, pre, values, max, maxLength, dropEmpties && !m.post.length, budget);
        // The step budget ran out combining the set's values in.
        if (budget.remaining < 0) {
            return literal();
        }
        acc = next;
        if (!m.post.length)
            break;
        str = m.post;
        masked = masked.slice(m.end + 1);
    }
    return acc;
}

//# sourceMappingURL=index.js.map
;// CONCATENATED MODULE: ./node_modules/minimatch/dist/esm/assert-valid-pattern.js
const MAX_PATTERN_LENGTH = 1024 * 64;
const assertValidPattern = (pattern) => {
    if (typeof pattern !== 'string') {
        throw new TypeError('invalid pattern');
    }
    if (pattern.length > MAX_PATTERN_LENGTH) {
        throw new TypeError('pattern is too long');
    }
};
//# sourceMappingURL=assert-valid-pattern.js.map
;// CONCATENATED MODULE: ./node_modules/minimatch/dist/esm/brace-expressions.js
// translate the various posix character classes into unicode properties
// this works across all unicode locales
// { <posix class>: [<translation>, /u flag required, negated]
const posixClasses = {
    '[:alnum:]': ['\\p{L}\\p{Nl}\\p{Nd}', true],
    '[:alpha:]': ['\\p{L}\\p{Nl}', true],
    '[:ascii:]': ['\\x' + '00-\\x' + '7f', false],
    '[:blank:]': ['\\p{Zs}\\t', true],
    '[:cntrl:]': ['\\p{Cc}', true],
    '[:digit:]': ['\\p{Nd}', true],
    '[:graph:]': ['\\p{Z}\\p{C}', true, true],
    '[:lower:]': ['\\p{Ll}', true],
    '[:print:]': ['\\p{C}', true],
    '[:punct:]': ['\\p{P}', true],
    '[:space:]': ['\\p{Z}\\t\\r\\n\\v\\f', true],
    '[:upper:]': ['\\p{Lu}', true],
    '[:word:]': ['\\p{L}\\p{Nl}\\p{Nd}\\p{Pc}', true],
    '[:xdigit:]': ['A-Fa-f0-9', false],
};
// only need to escape a few things inside of brace expressions
// escapes: [ \ ] -
const braceEscape = (s) => s.replace(/[[\]\\-]/g, '\\$&');
// escape all regexp magic characters
const regexpEscape = (s) => s.replace(/[-[\]{}()*+?.,\\^$|#\s]/g, '\\$&');
// everything has already been escaped, we just have to join
const rangesToString = (ranges) => ranges.join('');
// takes a glob string at a posix brace expression, and returns
// an equivalent regular expression source, and boolean indicating
// whether the /u flag needs to be applied, and the number of chars
// consumed to parse the character class.
// This also removes out of order ranges, and returns ($.) if the
// entire class just no good.
const parseClass = (glob, position) => {
    const pos = position;
    /* c8 ignore start */
    if (glob.charAt(pos) !== '[') {
        throw new Error('not in a brace expression');
    }
    /* c8 ignore stop */
    const ranges = [];
    const negs = [];
    let i = pos + 1;
    let sawStart = false;
    let uflag = false;
    let escaping = false;
    let negate = false;
    let endPos = pos;
    let rangeStart = '';
    WHILE: while (i < glob.length) {
        const c = glob.charAt(i);
        if ((c === '!' || c === '^') && i === pos + 1) {
            negate = true;
            i++;
            continue;
        }
        if (c === ']' && sawStart && !escaping) {
            endPos = i + 1;
            break;
        }
        sawStart = true;
        if (c === '\\') {
            if (!escaping) {
                escaping = true;
                i++;
                continue;
            }
            // escaped \ char, fall through and treat like normal char
        }
        if (c === '[' && !escaping) {
            // either a posix class, a collation equivalent, or just a [
            for (const [cls, [unip, u, neg]] of Object.entries(posixClasses)) {
                if (glob.startsWith(cls, i)) {
                    // invalid, [a-[] is fine, but not [a-[:alpha]]
                    if (rangeStart) {
                        return ['$.', false, glob.length - pos, true];
                    }
                    i += cls.length;
                    if (neg)
                        negs.push(unip);
                    else
                        ranges.push(unip);
                    uflag = uflag || u;
                    continue WHILE;
                }
            }
        }
        // now it's just a normal character, effectively
        escaping = false;
        if (rangeStart) {
            // throw this range away if it's not valid, but others
            // can still match.
            if (c > rangeStart) {
                ranges.push(braceEscape(rangeStart) + '-' + braceEscape(c));
            }
            else if (c === rangeStart) {
                ranges.push(braceEscape(c));
            }
            rangeStart = '';
            i++;
            continue;
        }
        // now might be the start of a range.
        // can be either c-d or c-] or c<more...>] or c] at this point
        if (glob.startsWith('-]', i + 1)) {
            ranges.push(braceEscape(c + '-'));
            i += 2;
            continue;
        }
        if (glob.startsWith('-', i + 1)) {
            rangeStart = c;
            i += 2;
            continue;
        }
        // not the start of a range, just a single character
        ranges.push(braceEscape(c));
        i++;
    }
    if (endPos < i) {
        // didn't see the end of the class, not a valid class,
        // but might still be valid as a literal match.
        return ['', false, 0, false];
    }
    // if we got no ranges and no negates, then we have a range that
    // cannot possibly match anything, and that poisons the whole glob
    if (!ranges.length && !negs.length) {
        return ['$.', false, glob.length - pos, true];
    }
    // if we got one positive range, and it's a single character, then that's
    // not actually a magic pattern, it's just that one literal character.
    // we should not treat that as "magic", we should just return the literal
    // character. [_] is a perfectly valid way to escape glob magic chars.
    if (negs.length === 0 &&
        ranges.length === 1 &&
        /^\\?.$/.test(ranges[0]) &&
        !negate) {
        const r = ranges[0].length === 2 ? ranges[0].slice(-1) : ranges[0];
        return [regexpEscape(r), false, endPos - pos, false];
    }
    const sranges = '[' + (negate ? '^' : '') + rangesToString(ranges) + ']';
    const snegs = '[' + (negate ? '' : '^') + rangesToString(negs) + ']';
    const comb = ranges.length && negs.length ? '(' + sranges + '|' + snegs + ')'
        : ranges.length ? sranges
            : snegs;
    return [comb, uflag, endPos - pos, true];
};
//# sourceMappingURL=brace-expressions.js.map
;// CONCATENATED MODULE: ./node_modules/minimatch/dist/esm/unescape.js
/**
 * Un-escape a string that has been escaped with {@link escape}.
 *
 * If the {@link MinimatchOptions.windowsPathsNoEscape} option is used, then
 * square-bracket escapes are removed, but not backslash escapes.
 *
 * For example, it will turn the string `'[*]'` into `*`, but it will not
 * turn `'\\*'` into `'*'`, because `\` is a path separator in
 * `windowsPathsNoEscape` mode.
 *
 * When `windowsPathsNoEscape` is not set, then both square-bracket escapes and
 * backslash escapes are removed.
 *
 * Slashes (and backslashes in `windowsPathsNoEscape` mode) cannot be escaped
 * or unescaped.
 *
 * When `magicalBraces` is not set, escapes of braces (`{` and `}`) will not be
 * unescaped.
 */
const unescape_unescape = (s, { windowsPathsNoEscape = false, magicalBraces = true, } = {}) => {
    if (magicalBraces) {
        return windowsPathsNoEscape ?
            s.replace(/\[([^/\\])\]/g, '$1')
            : s
                .replace(/((?!\\).|^)\[([^/\\])\]/g, '$1$2')
                .replace(/\\([^/])/g, '$1');
    }
    return windowsPathsNoEscape ?
        s.replace(/\[([^/\\{}])\]/g, '$1')
        : s
            .replace(/((?!\\).|^)\[([^/\\{}])\]/g, '$1$2')
            .replace(/\\([^/{}])/g, '$1');
};
//# sourceMappingURL=unescape.js.map
;// CONCATENATED MODULE: ./node_modules/minimatch/dist/esm/ast.js
// parse a single path portion
var _a;


const types = new Set(['!', '?', '+', '*', '@']);
const isExtglobType = (c) => types.has(c);
const isExtglobAST = (c) => isExtglobType(c.type);
// Map of which extglob types can adopt the children of a nested extglob
//
// anything but ! can adopt a matching type:
// +(a|+(b|c)|d) => +(a|b|c|d)
// *(a|*(b|c)|d) => *(a|b|c|d)
// @(a|@(b|c)|d) => @(a|b|c|d)
// ?(a|?(b|c)|d) => ?(a|b|c|d)
//
// * can adopt anything, because 0 or repetition is allowed
// *(a|?(b|c)|d) => *(a|b|c|d)
// *(a|+(b|c)|d) => *(a|b|c|d)
// *(a|@(b|c)|d) => *(a|b|c|d)
//
// + can adopt @, because 1 or repetition is allowed
// +(a|@(b|c)|d) => +(a|b|c|d)
//
// + and @ CANNOT adopt *, because 0 would be allowed
// +(a|*(b|c)|d) => would match "", on *(b|c)
// @(a|*(b|c)|d) => would match "", on *(b|c)
//
// + and @ CANNOT adopt ?, because 0 would be allowed
// +(a|?(b|c)|d) => would match "", on ?(b|c)
// @(a|?(b|c)|d) => would match "", on ?(b|c)
//
// ? can adopt @, because 0 or 1 is allowed
// ?(a|@(b|c)|d) => ?(a|b|c|d)
//
// ? and @ CANNOT adopt * or +, because >1 would be allowed
// ?(a|*(b|c)|d) => would match bbb on *(b|c)
// @(a|*(b|c)|d) => would match bbb on *(b|c)
// ?(a|+(b|c)|d) => would match bbb on +(b|c)
// @(a|+(b|c)|d) => would match bbb on +(b|c)
//
// ! CANNOT adopt ! (nothing else can either)
// !(a|!(b|c)|d) => !(a|b|c|d) would fail to match on b (not not b|c)
//
// ! can adopt @
// !(a|@(b|c)|d) => !(a|b|c|d)
//
// ! CANNOT adopt *
// !(a|*(b|c)|d) => !(a|b|c|d) would match on bbb, not allowed
//
// ! CANNOT adopt +
// !(a|+(b|c)|d) => !(a|b|c|d) would match on bbb, not allowed
//
// ! CANNOT adopt ?
// x!(a|?(b|c)|d) => x!(a|b|c|d) would fail to match "x"
const adoptionMap = new Map([
    ['!', ['@']],
    ['?', ['?', '@']],
    ['@', ['@']],
    ['*', ['*', '+', '?', '@']],
    ['+', ['+', '@']],
]);
// nested extglobs that can be adopted in, but with the addition of
// a blank '' element.
const adoptionWithSpaceMap = new Map([
    ['!', ['?']],
    ['@', ['?']],
    ['+', ['?', '*']],
]);
// union of the previous two maps
const adoptionAnyMap = new Map([
    ['!', ['?', '@']],
    ['?', ['?', '@']],
    ['@', ['?', '@']],
    ['*', ['*', '+', '?', '@']],
    ['+', ['+', '@', '?', '*']],
]);
// Extglobs that can take over their parent if they are the only child
// the key is parent, value maps child to resulting extglob parent type
// '@' is omitted because it's a special case. An `@` extglob with a single
// member can always be usurped by that subpattern.
const usurpMap = new Map([
    ['!', new Map([['!', '@']])],
    [
        '?',
        new Map([
            ['*', '*'],
            ['+', '*'],
        ]),
    ],
    [
        '@',
        new Map([
            ['!', '!'],
            ['?', '?'],
            ['@', '@'],
            ['*', '*'],
            ['+', '+'],
        ]),
    ],
    [
        '+',
        new Map([
            ['?', '*'],
            ['*', '*'],
        ]),
    ],
]);
// Patterns that get prepended to bind to the start of either the
// entire string, or just a single path portion, to prevent dots
// and/or traversal patterns, when needed.
// Exts don't need the ^ or / bit, because the root binds that already.
const startNoTraversal = '(?!(?:^|/)\\.\\.?(?:$|/))';
const startNoDot = '(?!\\.)';
// characters that indicate a start of pattern needs the "no dots" bit,
// because a dot *might* be matched. ( is not in the list, because in
// the case of a child extglob, it will handle the prevention itself.
const addPatternStart = new Set(['[', '.']);
// cases where traversal is A-OK, no dot prevention needed
const justDots = new Set(['..', '.']);
const reSpecials = new Set('().*{}+?[]^$\\!');
const regExpEscape = (s) => s.replace(/[-[\]{}()*+?.,\\^$|#\s]/g, '\\$&');
// any single thing other than /
const qmark = '[^/]';
// * => any number of characters
const star = qmark + '*?';
// use + when we need to ensure that *something* matches, because the * is
// the only thing in the path portion.
const starNoEmpty = qmark + '+?';
// remove the \ chars that we added if we end up doing a nonmagic compare
// const deslash = (s: string) => s.replace(/\\(.)/g, '$1')
let ID = 0;
class AST {
    type;
    #root;
    #hasMagic;
    #uflag = false;
    #parts = [];
    #parent;
    #parentIndex;
    #negs;
    #filledNegs = false;
    #options;
    #toString;
    // set to true if it's an extglob with no children
    // (which really means one child of '')
    #emptyExt = false;
    id = ++ID;
    get depth() {
        return (this.#parent?.depth ?? -1) + 1;
    }
    [Symbol.for('nodejs.util.inspect.custom')]() {
        return {
            '@@type': 'AST',
            id: this.id,
            type: this.type,
            root: this.#root.id,
            parent: this.#parent?.id,
            depth: this.depth,
            partsLength: this.#parts.length,
            parts: this.#parts,
        };
    }
    constructor(type, parent, options = {}) {
        this.type = type;
        // extglobs are inherently magical
        if (type)
            this.#hasMagic = true;
        this.#parent = parent;
        this.#root = this.#parent ? this.#parent.#root : this;
        this.#options = this.#root === this ? options : this.#root.#options;
        this.#negs = this.#root === this ? [] : this.#root.#negs;
        if (type === '!' && !this.#root.#filledNegs)
            this.#negs.push(this);
        this.#parentIndex = this.#parent ? this.#parent.#parts.length : 0;
    }
    get hasMagic() {
        /* c8 ignore start */
        if (this.#hasMagic !== undefined)
            return this.#hasMagic;
        /* c8 ignore stop */
        for (const p of this.#parts) {
            if (typeof p === 'string')
                continue;
            if (p.type || p.hasMagic)
                return (this.#hasMagic = true);
        }
        // note: will be undefined until we generate the regexp src and find out
        return this.#hasMagic;
    }
    // reconstructs the pattern
    toString() {
        return (this.#toString !== undefined ? this.#toString
            : !this.type ?
                (this.#toString = this.#parts.map(p => String(p)).join(''))
                : (this.#toString =
                    this.type +
                        '(' +
                        this.#parts.map(p => String(p)).join('|') +
                        ')'));
    }
    #fillNegs() {
        /* c8 ignore start */
        if (this !== this.#root)
            throw new Error('should only call on root');
        if (this.#filledNegs)
            return this;
        /* c8 ignore stop */
        // call toString() once to fill this out
        this.toString();
        this.#filledNegs = true;
        let n;
        while ((n = this.#negs.pop())) {
            if (n.type !== '!')
                continue;
            // walk up the tree, appending everthing that comes AFTER parentIndex
            let p = n;
            let pp = p.#parent;
            while (pp) {
                for (let i = p.#parentIndex + 1; !pp.type && i < pp.#parts.length; i++) {
                    for (const part of n.#parts) {
                        /* c8 ignore start */
                        if (typeof part === 'string') {
                            throw new Error('string part in extglob AST??');
                        }
                        /* c8 ignore stop */
                        part.copyIn(pp.#parts[i]);
                    }
                }
                p = pp;
                pp = p.#parent;
            }
        }
        return this;
    }
    push(...parts) {
        for (const p of parts) {
            if (p === '')
                continue;
            /* c8 ignore start */
            if (typeof p !== 'string' &&
                !(p instanceof _a && p.#parent === this)) {
                throw new Error('invalid part: ' + p);
            }
            /* c8 ignore stop */
            this.#parts.push(p);
        }
    }
    toJSON() {
        const ret = this.type === null ?
            this.#parts
                .slice()
                .map(p => (typeof p === 'string' ? p : p.toJSON()))
            : [this.type, ...this.#parts.map(p => p.toJSON())];
        if (this.isStart() && !this.type)
            ret.unshift([]);
        if (this.isEnd() &&
            (this === this.#root ||
                (this.#root.#filledNegs && this.#parent?.type === '!'))) {
            ret.push({});
        }
        return ret;
    }
    isStart() {
        if (this.#root === this)
            return true;
        // if (this.type) return !!this.#parent?.isStart()
        if (!this.#parent?.isStart())
            return false;
        if (this.#parentIndex === 0)
            return true;
        // if everything AHEAD of this is a negation, then it's still the "start"
        const p = this.#parent;
        for (let i = 0; i < this.#parentIndex; i++) {
            const pp = p.#parts[i];
            if (!(pp instanceof _a && pp.type === '!')) {
                return false;
            }
        }
        return true;
    }
    isEnd() {
        if (this.#root === this)
            return true;
        if (this.#parent?.type === '!')
            return true;
        if (!this.#parent?.isEnd())
            return false;
        if (!this.type)
            return this.#parent?.isEnd();
        // if not root, it'll always have a parent
        /* c8 ignore start */
        const pl = this.#parent ? this.#parent.#parts.length : 0;
        /* c8 ignore stop */
        return this.#parentIndex === pl - 1;
    }
    copyIn(part) {
        if (typeof part === 'string')
            this.push(part);
        else
            this.push(part.clone(this));
    }
    clone(parent) {
        const c = new _a(this.type, parent);
        for (const p of this.#parts) {
            c.copyIn(p);
        }
        return c;
    }
    static #parseAST(str, ast, pos, opt, extDepth) {
        const maxDepth = opt.maxExtglobRecursion ?? 2;
        let escaping = false;
        let inBrace = false;
        let braceStart = -1;
        let braceNeg = false;
        if (ast.type === null) {
            // outside of a extglob, append until we find a start
            let i = pos;
            let acc = '';
            while (i < str.length) {
                const c = str.charAt(i++);
                // still accumulate escapes at this point, but we do ignore
                // starts that are escaped
                if (escaping || c === '\\') {
                    escaping = !escaping;
                    acc += c;
                    continue;
                }
                if (inBrace) {
                    if (i === braceStart + 1) {
                        if (c === '^' || c === '!') {
                            braceNeg = true;
                        }
                    }
                    else if (c === ']' && !(i === braceStart + 2 && braceNeg)) {
                        inBrace = false;
                    }
                    acc += c;
                    continue;
                }
                else if (c === '[') {
                    inBrace = true;
                    braceStart = i;
                    braceNeg = false;
                    acc += c;
                    continue;
                }
                // we don't have to check for adoption here, because that's
                // done at the other recursion point.
                const doRecurse = !opt.noext &&
                    isExtglobType(c) &&
                    str.charAt(i) === '(' &&
                    extDepth <= maxDepth;
                if (doRecurse) {
                    ast.push(acc);
                    acc = '';
                    const ext = new _a(c, ast);
                    i = _a.#parseAST(str, ext, i, opt, extDepth + 1);
                    ast.push(ext);
                    continue;
                }
                acc += c;
            }
            ast.push(acc);
            return i;
        }
        // some kind of extglob, pos is at the (
        // find the next | or )
        let i = pos + 1;
        let part = new _a(null, ast);
        const parts = [];
        let acc = '';
        while (i < str.length) {
            const c = str.charAt(i++);
            // still accumulate escapes at this point, but we do ignore
            // starts that are escaped
            if (escaping || c === '\\') {
                escaping = !escaping;
                acc += c;
                continue;
            }
            if (inBrace) {
                if (i === braceStart + 1) {
                    if (c === '^' || c === '!') {
                        braceNeg = true;
                    }
                }
                else if (c === ']' && !(i === braceStart + 2 && braceNeg)) {
                    inBrace = false;
                }
                acc += c;
                continue;
            }
            else if (c === '[') {
                inBrace = true;
                braceStart = i;
                braceNeg = false;
                acc += c;
                continue;
            }
            const doRecurse = !opt.noext &&
                isExtglobType(c) &&
                str.charAt(i) === '(' &&
                /* c8 ignore start - the maxDepth is sufficient here */
                (extDepth <= maxDepth || (ast && ast.#canAdoptType(c)));
            /* c8 ignore stop */
            if (doRecurse) {
                const depthAdd = ast && ast.#canAdoptType(c) ? 0 : 1;
                part.push(acc);
                acc = '';
                const ext = new _a(c, part);
                part.push(ext);
                i = _a.#parseAST(str, ext, i, opt, extDepth + depthAdd);
                continue;
            }
            if (c === '|') {
                part.push(acc);
                acc = '';
                parts.push(part);
                part = new _a(null, ast);
                continue;
            }
            if (c === ')') {
                if (acc === '' && ast.#parts.length === 0) {
                    ast.#emptyExt = true;
                }
                part.push(acc);
                acc = '';
                ast.push(...parts, part);
                return i;
            }
            acc += c;
        }
        // unfinished extglob
        // if we got here, it was a malformed extglob! not an extglob, but
        // maybe something else in there.
        ast.type = null;
        ast.#hasMagic = undefined;
        ast.#parts = [str.substring(pos - 1)];
        return i;
    }
    #canAdoptWithSpace(child) {
        return this.#canAdopt(child, adoptionWithSpaceMap);
    }
    #canAdopt(child, map = adoptionMap) {
        if (!child ||
            typeof child !== 'object' ||
            child.type !== null ||
            child.#parts.length !== 1 ||
            this.type === null) {
            return false;
        }
        const gc = child.#parts[0];
        if (!gc || typeof gc !== 'object' || gc.type === null) {
            return false;
        }
        return this.#canAdoptType(gc.type, map);
    }
    #canAdoptType(c, map = adoptionAnyMap) {
        return !!map.get(this.type)?.includes(c);
    }
    #adoptWithSpace(child, index) {
        const gc = child.#parts[0];
        const blank = new _a(null, gc, this.options);
        blank.#parts.push('');
        gc.push(blank);
        this.#adopt(child, index);
    }
    #adopt(child, index) {
        const gc = child.#parts[0];
        this.#parts.splice(index, 1, ...gc.#parts);
        for (const p of gc.#parts) {
            if (typeof p === 'object')
                p.#parent = this;
        }
        this.#toString = undefined;
    }
    #canUsurpType(c) {
        const m = usurpMap.get(this.type);
        return !!m?.has(c);
    }
    #canUsurp(child) {
        if (!child ||
            typeof child !== 'object' ||
            child.type !== null ||
            child.#parts.length !== 1 ||
            this.type === null ||
            this.#parts.length !== 1) {
            return false;
        }
        const gc = child.#parts[0];
        if (!gc || typeof gc !== 'object' || gc.type === null) {
            return false;
        }
        return this.#canUsurpType(gc.type);
    }
    #usurp(child) {
        const m = usurpMap.get(this.type);
        const gc = child.#parts[0];
        const nt = m?.get(gc.type);
        /* c8 ignore start - impossible */
        if (!nt)
            return false;
        /* c8 ignore stop */
        this.#parts = gc.#parts;
        for (const p of this.#parts) {
            if (typeof p === 'object') {
                p.#parent = this;
            }
        }
        this.type = nt;
        this.#toString = undefined;
        this.#emptyExt = false;
    }
    static fromGlob(pattern, options = {}) {
        const ast = new _a(null, undefined, options);
        _a.#parseAST(pattern, ast, 0, options, 0);
        return ast;
    }
    // returns the regular expression if there's magic, or the unescaped
    // string if not.
    toMMPattern() {
        // should only be called on root
        /* c8 ignore start */
        if (this !== this.#root)
            return this.#root.toMMPattern();
        /* c8 ignore stop */
        const glob = this.toString();
        const [re, body, hasMagic, uflag] = this.toRegExpSource();
        // if we're in nocase mode, and not nocaseMagicOnly, then we do
        // still need a regular expression if we have to case-insensitively
        // match capital/lowercase characters.
        const anyMagic = hasMagic ||
            this.#hasMagic ||
            (this.#options.nocase &&
                !this.#options.nocaseMagicOnly &&
                glob.toUpperCase() !== glob.toLowerCase());
        if (!anyMagic) {
            return body;
        }
        const flags = (this.#options.nocase ? 'i' : '') + (uflag ? 'u' : '');
        return Object.assign(new RegExp(`^${re}$`, flags), {
            _src: re,
            _glob: glob,
        });
    }
    get options() {
        return this.#options;
    }
    // returns the string match, the regexp source, whether there's magic
    // in the regexp (so a regular expression is required) and whether or
    // not the uflag is needed for the regular expression (for posix classes)
    // TODO: instead of injecting the start/end at this point, just return
    // the BODY of the regexp, along with the start/end portions suitable
    // for binding the start/end in either a joined full-path makeRe context
    // (where we bind to (^|/), or a standalone matchPart context (where
    // we bind to ^, and not /).  Otherwise slashes get duped!
    //
    // In part-matching mode, the start is:
    // - if not isStart: nothing
    // - if traversal possible, but not allowed: ^(?!\.\.?$)
    // - if dots allowed or not possible: ^
    // - if dots possible and not allowed: ^(?!\.)
    // end is:
    // - if not isEnd(): nothing
    // - else: $
    //
    // In full-path matching mode, we put the slash at the START of the
    // pattern, so start is:
    // - if first pattern: same as part-matching mode
    // - if not isStart(): nothing
    // - if traversal possible, but not allowed: /(?!\.\.?(?:$|/))
    // - if dots allowed or not possible: /
    // - if dots possible and not allowed: /(?!\.)
    // end is:
    // - if last pattern, same as part-matching mode
    // - else nothing
    //
    // Always put the (?:$|/) on negated tails, though, because that has to be
    // there to bind the end of the negated pattern portion, and it's easier to
    // just stick it in now rather than try to inject it later in the middle of
    // the pattern.
    //
    // We can just always return the same end, and leave it up to the caller
    // to know whether it's going to be used joined or in parts.
    // And, if the start is adjusted slightly, can do the same there:
    // - if not isStart: nothing
    // - if traversal possible, but not allowed: (?:/|^)(?!\.\.?$)
    // - if dots allowed or not possible: (?:/|^)
    // - if dots possible and not allowed: (?:/|^)(?!\.)
    //
    // But it's better to have a simpler binding without a conditional, for
    // performance, so probably better to return both start options.
    //
    // Then the caller just ignores the end if it's not the first pattern,
    // and the start always gets applied.
    //
    // But that's always going to be $ if it's the ending pattern, or nothing,
    // so the caller can just attach $ at the end of the pattern when building.
    //
    // So the todo is:
    // - better detect what kind of start is needed
    // - return both flavors of starting pattern
    // - attach $ at the end of the pattern when creating the actual RegExp
    //
    // Ah, but wait, no, that all only applies to the root when the first pattern
    // is not an extglob. If the first pattern IS an extglob, then we need all
    // that dot prevention biz to live in the extglob portions, because eg
    // +(*|.x*) can match .xy but not .yx.
    //
    // So, return the two flavors if it's #root and the first child is not an
    // AST, otherwise leave it to the child AST to handle it, and there,
    // use the (?:^|/) style of start binding.
    //
    // Even simplified further:
    // - Since the start for a join is eg /(?!\.) and the start for a part
    // is ^(?!\.), we can just prepend (?!\.) to the pattern (either root
    // or start or whatever) and prepend ^ or / at the Regexp construction.
    toRegExpSource(allowDot) {
        const dot = allowDot ?? !!this.#options.dot;
        if (this.#root === this) {
            this.#flatten();
            this.#fillNegs();
        }
        if (!isExtglobAST(this)) {
            const noEmpty = this.isStart() &&
                this.isEnd() &&
                !this.#parts.some(s => typeof s !== 'string');
            const src = this.#parts
                .map(p => {
                const [re, _, hasMagic, uflag] = typeof p === 'string' ?
                    _a.#parseGlob(p, this.#hasMagic, noEmpty)
                    : p.toRegExpSource(allowDot);
                this.#hasMagic = this.#hasMagic || hasMagic;
                this.#uflag = this.#uflag || uflag;
                return re;
            })
                .join('');
            let start = '';
            if (this.isStart()) {
                if (typeof this.#parts[0] === 'string') {
                    // this is the string that will match the start of the pattern,
                    // so we need to protect against dots and such.
                    // '.' and '..' cannot match unless the pattern is that exactly,
                    // even if it starts with . or dot:true is set.
                    const dotTravAllowed = this.#parts.length === 1 && justDots.has(this.#parts[0]);
                    if (!dotTravAllowed) {
                        const aps = addPatternStart;
                        // check if we have a possibility of matching . or ..,
                        // and prevent that.
                        const needNoTrav = 
                        // dots are allowed, and the pattern starts with [ or .
                        (dot && aps.has(src.charAt(0))) ||
                            // the pattern starts with \., and then [ or .
                            (src.startsWith('\\.') && aps.has(src.charAt(2))) ||
                            // the pattern starts with \.\., and then [ or .
                            (src.startsWith('\\.\\.') && aps.has(src.charAt(4)));
                        // no need to prevent dots if it can't match a dot, or if a
                        // sub-pattern will be preventing it anyway.
                        const needNoDot = !dot && !allowDot && aps.has(src.charAt(0));
                        start =
                            needNoTrav ? startNoTraversal
                                : needNoDot ? startNoDot
                                    : '';
                    }
                }
            }
            // append the "end of path portion" pattern to negation tails
            let end = '';
            if (this.isEnd() &&
                this.#root.#filledNegs &&
                this.#parent?.type === '!') {
                end = '(?:$|\\/)';
            }
            const final = start + src + end;
            return [
                final,
                unescape_unescape(src),
                (this.#hasMagic = !!this.#hasMagic),
                this.#uflag,
            ];
        }
        // We need to calculate the body *twice* if it's a repeat pattern
        // at the start, once in nodot mode, then again in dot mode, so a
        // pattern like *(?) can match 'x.y'
        const repeated = this.type === '*' || this.type === '+';
        // some kind of extglob
        const start = this.type === '!' ? '(?:(?!(?:' : '(?:';
        let body = this.#partsToRegExp(dot);
        if (this.isStart() && this.isEnd() && !body && this.type !== '!') {
            // invalid extglob, has to at least be *something* present, if it's
            // the entire path portion.
            const s = this.toString();
            const me = this;
            me.#parts = [s];
            me.type = null;
            me.#hasMagic = undefined;
            return [s, unescape_unescape(this.toString()), false, false];
        }
        let bodyDotAllowed = !repeated || allowDot || dot || !startNoDot ?
            ''
            : this.#partsToRegExp(true);
        if (bodyDotAllowed === body) {
            bodyDotAllowed = '';
        }
        if (bodyDotAllowed) {
            body = `(?:${body})(?:${bodyDotAllowed})*?`;
        }
        // an empty !() is exactly equivalent to a starNoEmpty
        let final = '';
        if (this.type === '!' && this.#emptyExt) {
            final = (this.isStart() && !dot ? startNoDot : '') + starNoEmpty;
        }
        else {
            const close = this.type === '!' ?
                // !() must match something,but !(x) can match ''
                '))' +
                    (this.isStart() && !dot && !allowDot ? startNoDot : '') +
                    star +
                    ')'
                : this.type === '@' ? ')'
                    : this.type === '?' ? ')?'
                        : this.type === '+' && bodyDotAllowed ? ')'
                            : this.type === '*' && bodyDotAllowed ? `)?`
                                : `)${this.type}`;
            final = start + body + close;
        }
        return [
            final,
            unescape_unescape(body),
            (this.#hasMagic = !!this.#hasMagic),
            this.#uflag,
        ];
    }
    #flatten() {
        if (!isExtglobAST(this)) {
            for (const p of this.#parts) {
                if (typeof p === 'object') {
                    p.#flatten();
                }
            }
        }
        else {
            // do up to 10 passes to flatten as much as possible
            let iterations = 0;
            let done = false;
            do {
                done = true;
                for (let i = 0; i < this.#parts.length; i++) {
                    const c = this.#parts[i];
                    if (typeof c === 'object') {
                        c.#flatten();
                        if (this.#canAdopt(c)) {
                            done = false;
                            this.#adopt(c, i);
                        }
                        else if (this.#canAdoptWithSpace(c)) {
                            done = false;
                            this.#adoptWithSpace(c, i);
                        }
                        else if (this.#canUsurp(c)) {
                            done = false;
                            this.#usurp(c);
                        }
                    }
                }
            } while (!done && ++iterations < 10);
        }
        this.#toString = undefined;
    }
    #partsToRegExp(dot) {
        return this.#parts
            .map(p => {
            // extglob ASTs should only contain parent ASTs
            /* c8 ignore start */
            if (typeof p === 'string') {
                throw new Error('string type in extglob ast??');
            }
            /* c8 ignore stop */
            // can ignore hasMagic, because extglobs are already always magic
            const [re, _, _hasMagic, uflag] = p.toRegExpSource(dot);
            this.#uflag = this.#uflag || uflag;
            return re;
        })
            .filter(p => !(this.isStart() && this.isEnd()) || !!p)
            .join('|');
    }
    static #parseGlob(glob, hasMagic, noEmpty = false) {
        let escaping = false;
        let re = '';
        let uflag = false;
        // multiple stars that aren't globstars coalesce into one *
        let inStar = false;
        for (let i = 0; i < glob.length; i++) {
            const c = glob.charAt(i);
            if (escaping) {
                escaping = false;
                re += (reSpecials.has(c) ? '\\' : '') + c;
                continue;
            }
            if (c === '*') {
                if (inStar)
                    continue;
                inStar = true;
                re += noEmpty && /^[*]+$/.test(glob) ? starNoEmpty : star;
                hasMagic = true;
                continue;
            }
            else {
                inStar = false;
            }
            if (c === '\\') {
                if (i === glob.length - 1) {
                    re += '\\\\';
                }
                else {
                    escaping = true;
                }
                continue;
            }
            if (c === '[') {
                const [src, needUflag, consumed, magic] = parseClass(glob, i);
                if (consumed) {
                    re += src;
                    uflag = uflag || needUflag;
                    i += consumed - 1;
                    hasMagic = hasMagic || magic;
                    continue;
                }
            }
            if (c === '?') {
                re += qmark;
                hasMagic = true;
                continue;
            }
            re += regExpEscape(c);
        }
        return [re, unescape_unescape(glob), !!hasMagic, uflag];
    }
}
_a = AST;
//# sourceMappingURL=ast.js.map
;// CONCATENATED MODULE: ./node_modules/minimatch/dist/esm/escape.js
/**
 * Escape all magic characters in a glob pattern.
 *
 * If the {@link MinimatchOptions.windowsPathsNoEscape}
 * option is used, then characters are escaped by wrapping in `[]`, because
 * a magic character wrapped in a character class can only be satisfied by
 * that exact character.  In this mode, `\` is _not_ escaped, because it is
 * not interpreted as a magic character, but instead as a path separator.
 *
 * If the {@link MinimatchOptions.magicalBraces} option is used,
 * then braces (`{` and `}`) will be escaped.
 */
const escape_escape = (s, { windowsPathsNoEscape = false, magicalBraces = false, } = {}) => {
    // don't need to escape +@! because we escape the parens
    // that make those magic, and escaping ! as [!] isn't valid,
    // because [!]] is a valid glob class meaning not ']'.
    if (magicalBraces) {
        return windowsPathsNoEscape ?
            s.replace(/[?*()[\]{}]/g, '[$&]')
            : s.replace(/[?*()[\]\\{}]/g, '\\$&');
    }
    return windowsPathsNoEscape ?
        s.replace(/[?*()[\]]/g, '[$&]')
        : s.replace(/[?*()[\]\\]/g, '\\$&');
};
//# sourceMappingURL=escape.js.map
;// CONCATENATED MODULE: ./node_modules/minimatch/dist/esm/index.js





const minimatch = (p, pattern, options = {}) => {
    assertValidPattern(pattern);
    // shortcut: comments match nothing.
    if (!options.nocomment && pattern.charAt(0) === '#') {
        return false;
    }
    return new Minimatch(pattern, options).match(p);
};
// Optimized checking for the most common glob patterns.
const starDotExtRE = /^\*+([^+@!?*[(]*)$/;
const starDotExtTest = (ext) => (f) => !f.startsWith('.') && f.endsWith(ext);
const starDotExtTestDot = (ext) => (f) => f.endsWith(ext);
const starDotExtTestNocase = (ext) => {
    ext = ext.toLowerCase();
    return (f) => !f.startsWith('.') && f.toLowerCase().endsWith(ext);
};
const starDotExtTestNocaseDot = (ext) => {
    ext = ext.toLowerCase();
    return (f) => f.toLowerCase().endsWith(ext);
};
const starDotStarRE = /^\*+\.\*+$/;
const starDotStarTest = (f) => !f.startsWith('.') && f.includes('.');
const starDotStarTestDot = (f) => f !== '.' && f !== '..' && f.includes('.');
const dotStarRE = /^\.\*+$/;
const dotStarTest = (f) => f !== '.' && f !== '..' && f.startsWith('.');
const starRE = /^\*+$/;
const starTest = (f) => f.length !== 0 && !f.startsWith('.');
const starTestDot = (f) => f.length !== 0 && f !== '.' && f !== '..';
const qmarksRE = /^\?+([^+@!?*[(]*)?$/;
const qmarksTestNocase = ([$0, ext = '']) => {
    const noext = qmarksTestNoExt([$0]);
    if (!ext)
        return noext;
    ext = ext.toLowerCase();
    return (f) => noext(f) && f.toLowerCase().endsWith(ext);
};
const qmarksTestNocaseDot = ([$0, ext = '']) => {
    const noext = qmarksTestNoExtDot([$0]);
    if (!ext)
        return noext;
    ext = ext.toLowerCase();
    return (f) => noext(f) && f.toLowerCase().endsWith(ext);
};
const qmarksTestDot = ([$0, ext = '']) => {
    const noext = qmarksTestNoExtDot([$0]);
    return !ext ? noext : (f) => noext(f) && f.endsWith(ext);
};
const qmarksTest = ([$0, ext = '']) => {
    const noext = qmarksTestNoExt([$0]);
    return !ext ? noext : (f) => noext(f) && f.endsWith(ext);
};
const qmarksTestNoExt = ([$0]) => {
    const len = $0.length;
    return (f) => f.length === len && !f.startsWith('.');
};
const qmarksTestNoExtDot = ([$0]) => {
    const len = $0.length;
    return (f) => f.length === len && f !== '.' && f !== '..';
};
/* c8 ignore start */
const defaultPlatform = (typeof process === 'object' && process ?
    (typeof process.env === 'object' &&
        process.env &&
        process.env.__MINIMATCH_TESTING_PLATFORM__) ||
        process.platform
    : 'posix');
const path = {
    win32: { sep: '\\' },
    posix: { sep: '/' },
};
/* c8 ignore stop */
const sep = defaultPlatform === 'win32' ? path.win32.sep : path.posix.sep;
minimatch.sep = sep;
const GLOBSTAR = Symbol('globstar **');
minimatch.GLOBSTAR = GLOBSTAR;
// any single thing other than /
// don't need to escape / when using new RegExp()
const esm_qmark = '[^/]';
// * => any number of characters
const esm_star = esm_qmark + '*?';
// ** when dots are allowed.  Anything goes, except .. and .
// not (^ or / followed by one or two dots followed by $ or /),
// followed by anything, any number of times.
const twoStarDot = '(?:(?!(?:\\/|^)(?:\\.{1,2})($|\\/)).)*?';
// not a ^ or / followed by a dot,
// followed by anything, any number of times.
const twoStarNoDot = '(?:(?!(?:\\/|^)\\.).)*?';
const filter = (pattern, options = {}) => (p) => minimatch(p, pattern, options);
minimatch.filter = filter;
const ext = (a, b = {}) => Object.assign({}, a, b);
const defaults = (def) => {
    if (!def || typeof def !== 'object' || !Object.keys(def).length) {
        return minimatch;
    }
    const orig = minimatch;
    const m = (p, pattern, options = {}) => orig(p, pattern, ext(def, options));
    return Object.assign(m, {
        Minimatch: class Minimatch extends orig.Minimatch {
            constructor(pattern, options = {}) {
                super(pattern, ext(def, options));
            }
            static defaults(options) {
                return orig.defaults(ext(def, options)).Minimatch;
            }
        },
        AST: class AST extends orig.AST {
            /* c8 ignore start */
            constructor(type, parent, options = {}) {
                super(type, parent, ext(def, options));
            }
            /* c8 ignore stop */
            static fromGlob(pattern, options = {}) {
                return orig.AST.fromGlob(pattern, ext(def, options));
            }
        },
        unescape: (s, options = {}) => orig.unescape(s, ext(def, options)),
        escape: (s, options = {}) => orig.escape(s, ext(def, options)),
        filter: (pattern, options = {}) => orig.filter(pattern, ext(def, options)),
        defaults: (options) => orig.defaults(ext(def, options)),
        makeRe: (pattern, options = {}) => orig.makeRe(pattern, ext(def, options)),
        braceExpand: (pattern, options = {}) => orig.braceExpand(pattern, ext(def, options)),
        match: (list, pattern, options = {}) => orig.match(list, pattern, ext(def, options)),
        sep: orig.sep,
        GLOBSTAR: GLOBSTAR,
    });
};
minimatch.defaults = defaults;
// Brace expansion:
// a{b,c}d -> abd acd
// a{b,}c -> abc ac
// a{0..3}d -> a0d a1d a2d a3d
// a{b,c{d,e}f}g -> abg acdfg acefg
// a{b,c}d{e,f}g -> abdeg acdeg abdeg abdfg
//
// Invalid sets are not expanded.
// a{2..}b -> a{2..}b
// a{b}c -> a{b}c
const braceExpand = (pattern, options = {}) => {
    assertValidPattern(pattern);
    // Thanks to Yeting Li <https://github.com/yetingli> for
    // improving this regexp to avoid a ReDOS vulnerability.
    if (options.nobrace || !/\{(?:(?!\{).)*\}/.test(pattern)) {
        // shortcut. no need to expand.
        return [pattern];
    }
    return expand(pattern, { max: options.braceExpandMax });
};
minimatch.braceExpand = braceExpand;
// parse a component of the expanded set.
// At this point, no pattern may contain "/" in it
// so we're going to return a 2d array, where each entry is the full
// pattern, split on '/', and then turned into a regular expression.
// A regexp is made at the end which joins each array with an
// escaped /, and another full one which joins each regexp with |.
//
// Following the lead of Bash 4.1, note that "**" only has special meaning
// when it is the *only* thing in a path portion.  Otherwise, any series
// of * is equivalent to a single *.  Globstar behavior is enabled by
// default, and can be disabled by setting options.noglobstar.
const makeRe = (pattern, options = {}) => new Minimatch(pattern, options).makeRe();
minimatch.makeRe = makeRe;
const match = (list, pattern, options = {}) => {
    const mm = new Minimatch(pattern, options);
    list = list.filter(f => mm.match(f));
    if (mm.options.nonull && !list.length) {
        list.push(pattern);
    }
    return list;
};
minimatch.match = match;
// replace stuff like \* with *
const globMagic = /[?*]|[+@!]\(.*?\)|\[|\]/;
const esm_regExpEscape = (s) => s.replace(/[-[\]{}()*+?.,\\^$|#\s]/g, '\\$&');
class Minimatch {
    options;
    set;
    pattern;
    windowsPathsNoEscape;
    nonegate;
    negate;
    comment;
    empty;
    preserveMultipleSlashes;
    partial;
    globSet;
    globParts;
    nocase;
    isWindows;
    platform;
    windowsNoMagicRoot;
    maxGlobstarRecursion;
    regexp;
    constructor(pattern, options = {}) {
        assertValidPattern(pattern);
        options = options || {};
        this.options = options;
        this.maxGlobstarRecursion = options.maxGlobstarRecursion ?? 200;
        this.pattern = pattern;
        this.platform = options.platform || defaultPlatform;
        this.isWindows = this.platform === 'win32';
        // avoid the annoying deprecation flag lol
        const awe = ('allowWindow' + 'sEscape');
        this.windowsPathsNoEscape =
            !!options.windowsPathsNoEscape || options[awe] === false;
        if (this.windowsPathsNoEscape) {
            this.pattern = this.pattern.replace(/\\/g, '/');
        }
        this.preserveMultipleSlashes = !!options.preserveMultipleSlashes;
        this.regexp = null;
        this.negate = false;
        this.nonegate = !!options.nonegate;
        this.comment = false;
        this.empty = false;
        this.partial = !!options.partial;
        this.nocase = !!this.options.nocase;
        this.windowsNoMagicRoot =
            options.windowsNoMagicRoot !== undefined ?
                options.windowsNoMagicRoot
                : !!(this.isWindows && this.nocase);
        this.globSet = [];
        this.globParts = [];
        this.set = [];
        // make the set of regexps etc.
        this.make();
    }
    hasMagic() {
        if (this.options.magicalBraces && this.set.length > 1) {
            return true;
        }
        for (const pattern of this.set) {
            for (const part of pattern) {
                if (typeof part !== 'string')
                    return true;
            }
        }
        return false;
    }
    debug(..._) { }
    make() {
        const pattern = this.pattern;
        const options = this.options;
        // empty patterns and comments match nothing.
        if (!options.nocomment && pattern.charAt(0) === '#') {
            this.comment = true;
            return;
        }
        if (!pattern) {
            this.empty = true;
            return;
        }
        // step 1: figure out negation, etc.
        this.parseNegate();
        // step 2: expand braces
        this.globSet = [...new Set(this.braceExpand())];
        if (options.debug) {
            //oxlint-disable-next-line no-console
            this.debug = (...args) => console.error(...args);
        }
        this.debug(this.pattern, this.globSet);
        // step 3: now we have a set, so turn each one into a series of
        // path-portion matching patterns.
        // These will be regexps, except in the case of "**", which is
        // set to the GLOBSTAR object for globstar behavior,
        // and will not contain any / characters
        //
        // First, we preprocess to make the glob pattern sets a bit simpler
        // and deduped.  There are some perf-killing patterns that can cause
        // problems with a glob walk, but we can simplify them down a bit.
        const rawGlobParts = this.globSet.map(s => this.slashSplit(s));
        this.globParts = this.preprocess(rawGlobParts);
        this.debug(this.pattern, this.globParts);
        // glob --> regexps
        let set = this.globParts.map((s, _, __) => {
            if (this.isWindows && this.windowsNoMagicRoot) {
                // check if it's a drive or unc path.
                const isUNC = s[0] === '' &&
                    s[1] === '' &&
                    (s[2] === '?' || !globMagic.test(s[2])) &&
                    !globMagic.test(s[3]);
                const isDrive = /^[a-z]:/i.test(s[0]);
                if (isUNC) {
                    return [
                        ...s.slice(0, 4),
                        ...s.slice(4).map(ss => this.parse(ss)),
                    ];
                }
                else if (isDrive) {
                    return [s[0], ...s.slice(1).map(ss => this.parse(ss))];
                }
            }
            return s.map(ss => this.parse(ss));
        });
        this.debug(this.pattern, set);
        // filter out everything that didn't compile properly.
        this.set = set.filter(s => s.indexOf(false) === -1);
        // do not treat the ? in UNC paths as magic
        if (this.isWindows) {
            for (let i = 0; i < this.set.length; i++) {
                const p = this.set[i];
                if (p[0] === '' &&
                    p[1] === '' &&
                    this.globParts[i][2] === '?' &&
                    typeof p[3] === 'string' &&
                    /^[a-z]:$/i.test(p[3])) {
                    p[2] = '?';
                }
            }
        }
        this.debug(this.pattern, this.set);
    }
    // various transforms to equivalent pattern sets that are
    // faster to process in a filesystem walk.  The goal is to
    // eliminate what we can, and push all ** patterns as far
    // to the right as possible, even if it increases the number
    // of patterns that we have to process.
    preprocess(globParts) {
        // if we're not in globstar mode, then turn ** into *
        if (this.options.noglobstar) {
            for (const partset of globParts) {
                for (let j = 0; j < partset.length; j++) {
                    if (partset[j] === '**') {
                        partset[j] = '*';
                    }
                }
            }
        }
        const { optimizationLevel = 1 } = this.options;
        if (optimizationLevel >= 2) {
            // aggressive optimization for the purpose of fs walking
            globParts = this.firstPhasePreProcess(globParts);
            globParts = this.secondPhasePreProcess(globParts);
        }
        else if (optimizationLevel >= 1) {
            // just basic optimizations to remove some .. parts
            globParts = this.levelOneOptimize(globParts);
        }
        else {
            // just collapse multiple ** portions into one
            globParts = this.adjascentGlobstarOptimize(globParts);
        }
        return globParts;
    }
    // just get rid of adjascent ** portions
    adjascentGlobstarOptimize(globParts) {
        return globParts.map(parts => {
            let gs = -1;
            while (-1 !== (gs = parts.indexOf('**', gs + 1))) {
                let i = gs;
                while (parts[i + 1] === '**') {
                    i++;
                }
                if (i !== gs) {
                    parts.splice(gs, i - gs);
                }
            }
            return parts;
        });
    }
    // get rid of adjascent ** and resolve .. portions
    levelOneOptimize(globParts) {
        return globParts.map(parts => {
            parts = parts.reduce((set, part) => {
                const prev = set[set.length - 1];
                if (part === '**' && prev === '**') {
                    return set;
                }
                if (part === '..') {
                    if (prev && prev !== '..' && prev !== '.' && prev !== '**') {
                        set.pop();
                        return set;
                    }
                }
                set.push(part);
                return set;
            }, []);
            return parts.length === 0 ? [''] : parts;
        });
    }
    levelTwoFileOptimize(parts) {
        if (!Array.isArray(parts)) {
            parts = this.slashSplit(parts);
        }
        let didSomething = false;
        do {
            didSomething = false;
            // <pre>/<e>/<rest> -> <pre>/<rest>
            if (!this.preserveMultipleSlashes) {
                for (let i = 1; i < parts.length - 1; i++) {
                    const p = parts[i];
                    // don't squeeze out UNC patterns
                    if (i === 1 && p === '' && parts[0] === '')
                        continue;
                    if (p === '.' || p === '') {
                        didSomething = true;
                        parts.splice(i, 1);
                        i--;
                    }
                }
                if (parts[0] === '.' &&
                    parts.length === 2 &&
                    (parts[1] === '.' || parts[1] === '')) {
                    didSomething = true;
                    parts.pop();
                }
            }
            // <pre>/<p>/../<rest> -> <pre>/<rest>
            let dd = 0;
            while (-1 !== (dd = parts.indexOf('..', dd + 1))) {
                const p = parts[dd - 1];
                if (p &&
                    p !== '.' &&
                    p !== '..' &&
                    p !== '**' &&
                    !(this.isWindows && /^[a-z]:$/i.test(p))) {
                    didSomething = true;
                    parts.splice(dd - 1, 2);
                    dd -= 2;
                }
            }
        } while (didSomething);
        return parts.length === 0 ? [''] : parts;
    }
    // First phase: single-pattern processing
    // <pre> is 1 or more portions
    // <rest> is 1 or more portions
    // <p> is any portion other than ., .., '', or **
    // <e> is . or ''
    //
    // **/.. is *brutal* for filesystem walking performance, because
    // it effectively resets the recursive walk each time it occurs,
    // and ** cannot be reduced out by a .. pattern part like a regexp
    // or most strings (other than .., ., and '') can be.
    //
    // <pre>/**/../<p>/<p>/<rest> -> {<pre>/../<p>/<p>/<rest>,<pre>/**/<p>/<p>/<rest>}
    // <pre>/<e>/<rest> -> <pre>/<rest>
    // <pre>/<p>/../<rest> -> <pre>/<rest>
    // **/**/<rest> -> **/<rest>
    //
    // **/*/<rest> -> */**/<rest> <== not valid because ** doesn't follow
    // this WOULD be allowed if ** did follow symlinks, or * didn't
    firstPhasePreProcess(globParts) {
        let didSomething = false;
        do {
            didSomething = false;
            // <pre>/**/../<p>/<p>/<rest> -> {<pre>/../<p>/<p>/<rest>,<pre>/**/<p>/<p>/<rest>}
            for (let parts of globParts) {
                let gs = -1;
                while (-1 !== (gs = parts.indexOf('**', gs + 1))) {
                    let gss = gs;
                    while (parts[gss + 1] === '**') {
                        // <pre>/**/**/<rest> -> <pre>/**/<rest>
                        gss++;
                    }
                    // eg, if gs is 2 and gss is 4, that means we have 3 **
                    // parts, and can remove 2 of them.
                    if (gss > gs) {
                        parts.splice(gs + 1, gss - gs);
                    }
                    let next = parts[gs + 1];
                    const p = parts[gs + 2];
                    const p2 = parts[gs + 3];
                    if (next !== '..')
                        continue;
                    if (!p ||
                        p === '.' ||
                        p === '..' ||
                        !p2 ||
                        p2 === '.' ||
                        p2 === '..') {
                        continue;
                    }
                    didSomething = true;
                    // edit parts in place, and push the new one
                    parts.splice(gs, 1);
                    const other = parts.slice(0);
                    other[gs] = '**';
                    globParts.push(other);
                    gs--;
                }
                // <pre>/<e>/<rest> -> <pre>/<rest>
                if (!this.preserveMultipleSlashes) {
                    for (let i = 1; i < parts.length - 1; i++) {
                        const p = parts[i];
                        // don't squeeze out UNC patterns
                        if (i === 1 && p === '' && parts[0] === '')
                            continue;
                        if (p === '.' || p === '') {
                            didSomething = true;
                            parts.splice(i, 1);
                            i--;
                        }
                    }
                    if (parts[0] === '.' &&
                        parts.length === 2 &&
                        (parts[1] === '.' || parts[1] === '')) {
                        didSomething = true;
                        parts.pop();
                    }
                }
                // <pre>/<p>/../<rest> -> <pre>/<rest>
                let dd = 0;
                while (-1 !== (dd = parts.indexOf('..', dd + 1))) {
                    const p = parts[dd - 1];
                    if (p && p !== '.' && p !== '..' && p !== '**') {
                        didSomething = true;
                        const needDot = dd === 1 && parts[dd + 1] === '**';
                        const splin = needDot ? ['.'] : [];
                        parts.splice(dd - 1, 2, ...splin);
                        if (parts.length === 0)
                            parts.push('');
                        dd -= 2;
                    }
                }
            }
        } while (didSomething);
        return globParts;
    }
    // second phase: multi-pattern dedupes
    // {<pre>/*/<rest>,<pre>/<p>/<rest>} -> <pre>/*/<rest>
    // {<pre>/<rest>,<pre>/<rest>} -> <pre>/<rest>
    // {<pre>/**/<rest>,<pre>/<rest>} -> <pre>/**/<rest>
    //
    // {<pre>/**/<rest>,<pre>/**/<p>/<rest>} -> <pre>/**/<rest>
    // ^-- not valid because ** doens't follow symlinks
    secondPhasePreProcess(globParts) {
        for (let i = 0; i < globParts.length - 1; i++) {
            for (let j = i + 1; j < globParts.length; j++) {
                const matched = this.partsMatch(globParts[i], globParts[j], !this.preserveMultipleSlashes);
                if (matched) {
                    globParts[i] = [];
                    globParts[j] = matched;
                    break;
                }
            }
        }
        return globParts.filter(gs => gs.length);
    }
    partsMatch(a, b, emptyGSMatch = false) {
        let ai = 0;
        let bi = 0;
        let result = [];
        let which = '';
        while (ai < a.length && bi < b.length) {
            if (a[ai] === b[bi]) {
                result.push(which === 'b' ? b[bi] : a[ai]);
                ai++;
                bi++;
            }
            else if (emptyGSMatch && a[ai] === '**' && b[bi] === a[ai + 1]) {
                result.push(a[ai]);
                ai++;
            }
            else if (emptyGSMatch && b[bi] === '**' && a[ai] === b[bi + 1]) {
                result.push(b[bi]);
                bi++;
            }
            else if (a[ai] === '*' &&
                b[bi] &&
                (this.options.dot || !b[bi].startsWith('.')) &&
                b[bi] !== '**') {
                if (which === 'b')
                    return false;
                which = 'a';
                result.push(a[ai]);
                ai++;
                bi++;
            }
            else if (b[bi] === '*' &&
                a[ai] &&
                (this.options.dot || !a[ai].startsWith('.')) &&
                a[ai] !== '**') {
                if (which === 'a')
                    return false;
                which = 'b';
                result.push(b[bi]);
                ai++;
                bi++;
            }
            else {
                return false;
            }
        }
        // if we fall out of the loop, it means they two are identical
        // as long as their lengths match
        return a.length === b.length && result;
    }
    parseNegate() {
        if (this.nonegate)
            return;
        const pattern = this.pattern;
        let negate = false;
        let negateOffset = 0;
        for (let i = 0; i < pattern.length && pattern.charAt(i) === '!'; i++) {
            negate = !negate;
            negateOffset++;
        }
        if (negateOffset)
            this.pattern = pattern.slice(negateOffset);
        this.negate = negate;
    }
    // set partial to true to test if, for example,
    // "/a/b" matches the start of "/*/b/*/d"
    // Partial means, if you run out of file before you run
    // out of pattern, then that's fine, as long as all
    // the parts match.
    matchOne(file, pattern, partial = false) {
        let fileStartIndex = 0;
        let patternStartIndex = 0;
        // UNC paths like //?/X:/... can match X:/... and vice versa
        // Drive letters in absolute drive or unc paths are always compared
        // case-insensitively.
        if (this.isWindows) {
            const fileDrive = typeof file[0] === 'string' && /^[a-z]:$/i.test(file[0]);
            const fileUNC = !fileDrive &&
                file[0] === '' &&
                file[1] === '' &&
                file[2] === '?' &&
                /^[a-z]:$/i.test(file[3]);
            const patternDrive = typeof pattern[0] === 'string' && /^[a-z]:$/i.test(pattern[0]);
            const patternUNC = !patternDrive &&
                pattern[0] === '' &&
                pattern[1] === '' &&
                pattern[2] === '?' &&
                typeof pattern[3] === 'string' &&
                /^[a-z]:$/i.test(pattern[3]);
            const fdi = fileUNC ? 3
                : fileDrive ? 0
                    : undefined;
            const pdi = patternUNC ? 3
                : patternDrive ? 0
                    : undefined;
            if (typeof fdi === 'number' && typeof pdi === 'number') {
                const [fd, pd] = [
                    file[fdi],
                    pattern[pdi],
                ];
                // start matching at the drive letter index of each
                if (fd.toLowerCase() === pd.toLowerCase()) {
                    pattern[pdi] = fd;
                    patternStartIndex = pdi;
                    fileStartIndex = fdi;
                }
            }
        }
        // resolve and reduce . and .. portions in the file as well.
        // don't need to do the second phase, because it's only one string[]
        const { optimizationLevel = 1 } = this.options;
        if (optimizationLevel >= 2) {
            file = this.levelTwoFileOptimize(file);
        }
        if (pattern.includes(GLOBSTAR)) {
            return this.#matchGlobstar(file, pattern, partial, fileStartIndex, patternStartIndex);
        }
        return this.#matchOne(file, pattern, partial, fileStartIndex, patternStartIndex);
    }
    #matchGlobstar(file, pattern, partial, fileIndex, patternIndex) {
        // split the pattern into head, tail, and middle of ** delimited parts
        const firstgs = pattern.indexOf(GLOBSTAR, patternIndex);
        const lastgs = pattern.lastIndexOf(GLOBSTAR);
        // split the pattern up into globstar-delimited sections
        // the tail has to be at the end, and the others just have
        // to be found in order from the head.
        const [head, body, tail] = partial ?
            [
                pattern.slice(patternIndex, firstgs),
                pattern.slice(firstgs + 1),
                [],
            ]
            : [
                pattern.slice(patternIndex, firstgs),
                pattern.slice(firstgs + 1, lastgs),
                pattern.slice(lastgs + 1),
            ];
        // check the head, from the current file/pattern index.
        if (head.length) {
            const fileHead = file.slice(fileIndex, fileIndex + head.length);
            if (!this.#matchOne(fileHead, head, partial, 0, 0)) {
                return false;
            }
            fileIndex += head.length;
            patternIndex += head.length;
        }
        // now we know the head matches!
        // if the last portion is not empty, it MUST match the end
        // check the tail
        let fileTailMatch = 0;
        if (tail.length) {
            // if head + tail > file, then we cannot possibly match
            if (tail.length + fileIndex > file.length)
                return false;
            // try to match the tail
            let tailStart = file.length - tail.length;
            if (this.#matchOne(file, tail, partial, tailStart, 0)) {
                fileTailMatch = tail.length;
            }
            else {
                // affordance for stuff like a/**/* matching a/b/
                // if the last file portion is '', and there's more to the pattern
                // then try without the '' bit.
                if (file[file.length - 1] !== '' ||
                    fileIndex + tail.length === file.length) {
                    return false;
                }
                tailStart--;
                if (!this.#matchOne(file, tail, partial, tailStart, 0)) {
                    return false;
                }
                fileTailMatch = tail.length + 1;
            }
        }
        // now we know the tail matches!
        // the middle is zero or more portions wrapped in **, possibly
        // containing more ** sections.
        // so a/**/b/**/c/**/d has become **/b/**/c/**
        // if it's empty, it means a/**/b, just verify we have no bad dots
        // if there's no tail, so it ends on /**, then we must have *something*
        // after the head, or it's not a matc
        if (!body.length) {
            let sawSome = !!fileTailMatch;
            for (let i = fileIndex; i < file.length - fileTailMatch; i++) {
                const f = String(file[i]);
                sawSome = true;
                if (f === '.' ||
                    f === '..' ||
                    (!this.options.dot && f.startsWith('.'))) {
                    return false;
                }
            }
            // in partial mode, we just need to get past all file parts
            return partial || sawSome;
        }
        // now we know that there's one or more body sections, which can
        // be matched anywhere from the 0 index (because the head was pruned)
        // through to the length-fileTailMatch index.
        // split the body up into sections, and note the minimum index it can
        // be found at (start with the length of all previous segments)
        // [section, before, after]
        const bodySegments = [[[], 0]];
        let currentBody = bodySegments[0];
        let nonGsParts = 0;
        const nonGsPartsSums = [0];
        for (const b of body) {
            if (b === GLOBSTAR) {
                nonGsPartsSums.push(nonGsParts);
                currentBody = [[], 0];
                bodySegments.push(currentBody);
            }
            else {
                currentBody[0].push(b);
                nonGsParts++;
            }
        }
        let i = bodySegments.length - 1;
        const fileLength = file.length - fileTailMatch;
        for (const b of bodySegments) {
            b[1] = fileLength - (nonGsPartsSums[i--] + b[0].length);
        }
        return !!this.#matchGlobStarBodySections(file, bodySegments, fileIndex, 0, partial, 0, !!fileTailMatch);
    }
    // return false for "nope, not matching"
    // return null for "not matching, cannot keep trying"
    #matchGlobStarBodySections(file, 
    // pattern section, last possible position for it
    bodySegments, fileIndex, bodyIndex, partial, globStarDepth, sawTail) {
        // take the first body segment, and walk from fileIndex to its "after"
        // value at the end
        // If it doesn't match at that position, we increment, until we hit
        // that final possible position, and give up.
        // If it does match, then advance and try to rest.
        // If any of them fail we keep walking forward.
        // this is still a bit recursively painful, but it's more constrained
        // than previous implementations, because we never test something that
        // can't possibly be a valid matching condition.
        const bs = bodySegments[bodyIndex];
        if (!bs) {
            // just make sure that there's no bad dots
            for (let i = fileIndex; i < file.length; i++) {
                sawTail = true;
                const f = file[i];
                if (f === '.' ||
                    f === '..' ||
                    (!this.options.dot && f.startsWith('.'))) {
                    return false;
                }
            }
            return sawTail;
        }
        // have a non-globstar body section to test
        const [body, after] = bs;
        while (fileIndex <= after) {
            const m = this.#matchOne(file.slice(0, fileIndex + body.length), body, partial, fileIndex, 0);
            // if limit exceeded, no match. intentional false negative,
            // acceptable break in correctness for security.
            if (m && globStarDepth < this.maxGlobstarRecursion) {
                // match! see if the rest match. if so, we're done!
                const sub = this.#matchGlobStarBodySections(file, bodySegments, fileIndex + body.length, bodyIndex + 1, partial, globStarDepth + 1, sawTail);
                if (sub !== false) {
                    return sub;
                }
            }
            const f = file[fileIndex];
            if (f === '.' ||
                f === '..' ||
                (!this.options.dot && f.startsWith('.'))) {
                return false;
            }
            fileIndex++;
        }
        // walked off. no point continuing
        return partial || null;
    }
    #matchOne(file, pattern, partial, fileIndex, patternIndex) {
        let fi;
        let pi;
        let pl;
        let fl;
        for (fi = fileIndex,
            pi = patternIndex,
            fl = file.length,
            pl = pattern.length; fi < fl && pi < pl; fi++, pi++) {
            this.debug('matchOne loop');
            let p = pattern[pi];
            let f = file[fi];
            this.debug(pattern, p, f);
            // should be impossible.
            // some invalid regexp stuff in the set.
            /* c8 ignore start */
            if (p === false || p === GLOBSTAR) {
                return false;
            }
            /* c8 ignore stop */
            // something other than **
            // non-magic patterns just have to match exactly
            // patterns with magic have been turned into regexps.
            let hit;
            if (typeof p === 'string') {
                hit = f === p;
                this.debug('string match', p, f, hit);
            }
            else {
                hit = p.test(f);
                this.debug('pattern match', p, f, hit);
            }
            if (!hit)
                return false;
        }
        // Note: ending in / means that we'll get a final ""
        // at the end of the pattern.  This can only match a
        // corresponding "" at the end of the file.
        // If the file ends in /, then it can only match a
        // a pattern that ends in /, unless the pattern just
        // doesn't have any more for it. But, a/b/ should *not*
        // match "a/b/*", even though "" matches against the
        // [^/]*? pattern, except in partial mode, where it might
        // simply not be reached yet.
        // However, a/b/ should still satisfy a/*
        // now either we fell off the end of the pattern, or we're done.
        if (fi === fl && pi === pl) {
            // ran out of pattern and filename at the same time.
            // an exact hit!
            return true;
        }
        else if (fi === fl) {
            // ran out of file, but still had pattern left.
            // this is ok if we're doing the match as part of
            // a glob fs traversal.
            return partial;
        }
        else if (pi === pl) {
            // ran out of pattern, still have file left.
            // this is only acceptable if we're on the very last
            // empty segment of a file with a trailing slash.
            // a/* should match a/b/
            return fi === fl - 1 && file[fi] === '';
            /* c8 ignore start */
        }
        else {
            // should be unreachable.
            throw new Error('wtf?');
        }
        /* c8 ignore stop */
    }
    braceExpand() {
        return braceExpand(this.pattern, this.options);
    }
    parse(pattern) {
        assertValidPattern(pattern);
        const options = this.options;
        // shortcuts
        if (pattern === '**')
            return GLOBSTAR;
        if (pattern === '')
            return '';
        // far and away, the most common glob pattern parts are
        // *, *.*, and *.<ext>  Add a fast check method for those.
        let m;
        let fastTest = null;
        if ((m = pattern.match(starRE))) {
            fastTest = options.dot ? starTestDot : starTest;
        }
        else if ((m = pattern.match(starDotExtRE))) {
            fastTest = (options.nocase ?
                options.dot ?
                    starDotExtTestNocaseDot
                    : starDotExtTestNocase
                : options.dot ? starDotExtTestDot
                    : starDotExtTest)(m[1]);
        }
        else if ((m = pattern.match(qmarksRE))) {
            fastTest = (options.nocase ?
                options.dot ?
                    qmarksTestNocaseDot
                    : qmarksTestNocase
                : options.dot ? qmarksTestDot
                    : qmarksTest)(m);
        }
        else if ((m = pattern.match(starDotStarRE))) {
            fastTest = options.dot ? starDotStarTestDot : starDotStarTest;
        }
        else if ((m = pattern.match(dotStarRE))) {
            fastTest = dotStarTest;
        }
        const re = AST.fromGlob(pattern, this.options).toMMPattern();
        if (fastTest && typeof re === 'object') {
            // Avoids overriding in frozen environments
            Reflect.defineProperty(re, 'test', { value: fastTest });
        }
        return re;
    }
    makeRe() {
        if (this.regexp || this.regexp === false)
            return this.regexp;
        // at this point, this.set is a 2d array of partial
        // pattern strings, or "**".
        //
        // It's better to use .match().  This function shouldn't
        // be used, really, but it's pretty convenient sometimes,
        // when you just want to work with a regex.
        const set = this.set;
        if (!set.length) {
            this.regexp = false;
            return this.regexp;
        }
        const options = this.options;
        const twoStar = options.noglobstar ? esm_star
            : options.dot ? twoStarDot
                : twoStarNoDot;
        const flags = new Set(options.nocase ? ['i'] : []);
        // regexpify non-globstar patterns
        // if ** is only item, then we just do one twoStar
        // if ** is first, and there are more, prepend (\/|twoStar\/)? to next
        // if ** is last, append (\/twoStar|) to previous
        // if ** is in the middle, append (\/|\/twoStar\/) to previous
        // then filter out GLOBSTAR symbols
        let re = set
            .map(pattern => {
            const pp = pattern.map(p => {
                if (p instanceof RegExp) {
                    for (const f of p.flags.split(''))
                        flags.add(f);
                }
                return (typeof p === 'string' ? esm_regExpEscape(p)
                    : p === GLOBSTAR ? GLOBSTAR
                        : p._src);
            });
            pp.forEach((p, i) => {
                const next = pp[i + 1];
                const prev = pp[i - 1];
                if (p !== GLOBSTAR || prev === GLOBSTAR) {
                    return;
                }
                if (prev === undefined) {
                    if (next !== undefined && next !== GLOBSTAR) {
                        pp[i + 1] = '(?:\\/|' + twoStar + '\\/)?' + next;
                    }
                    else {
                        pp[i] = twoStar;
                    }
                }
                else if (next === undefined) {
                    pp[i - 1] = prev + '(?:\\/|\\/' + twoStar + ')?';
                }
                else if (next !== GLOBSTAR) {
                    pp[i - 1] = prev + '(?:\\/|\\/' + twoStar + '\\/)' + next;
                    pp[i + 1] = GLOBSTAR;
                }
            });
            const filtered = pp.filter(p => p !== GLOBSTAR);
            // For partial matches, we need to make the pattern match
            // any prefix of the full path. We do this by generating
            // alternative patterns that match progressively longer prefixes.
            if (this.partial && filtered.length >= 1) {
                const prefixes = [];
                for (let i = 1; i <= filtered.length; i++) {
                    prefixes.push(filtered.slice(0, i).join('/'));
                }
                return '(?:' + prefixes.join('|') + ')';
            }
            return filtered.join('/');
        })
            .join('|');
        // need to wrap in parens if we had more than one thing with |,
        // otherwise only the first will be anchored to ^ and the last to $
        const [open, close] = set.length > 1 ? ['(?:', ')'] : ['', ''];
        // must match entire pattern
        // ending in a * or ** will make it less strict.
        re = '^' + open + re + close + '$';
        // In partial mode, '/' should always match as it's a valid prefix for any pattern
        if (this.partial) {
            re = '^(?:\\/|' + open + re.slice(1, -1) + close + ')$';
        }
        // can match anything, as long as it's not this.
        if (this.negate)
            re = '^(?!' + re + ').+$';
        try {
            this.regexp = new RegExp(re, [...flags].join(''));
            /* c8 ignore start */
        }
        catch {
            // should be impossible
            this.regexp = false;
        }
        /* c8 ignore stop */
        return this.regexp;
    }
    slashSplit(p) {
        // if p starts with // on windows, we preserve that
        // so that UNC paths aren't broken.  Otherwise, any number of
        // / characters are coalesced into one, unless
        // preserveMultipleSlashes is set to true.
        if (this.preserveMultipleSlashes) {
            return p.split('/');
        }
        else if (this.isWindows && /^\/\/[^/]+/.test(p)) {
            // add an extra '' for the one we lose
            return ['', ...p.split(/\/+/)];
        }
        else {
            return p.split(/\/+/);
        }
    }
    match(f, partial = this.partial) {
        this.debug('match', f, this.pattern);
        // short-circuit in the case of busted things.
        // comments, etc.
        if (this.comment) {
            return false;
        }
        if (this.empty) {
            return f === '';
        }
        if (f === '/' && partial) {
            return true;
        }
        const options = this.options;
        // windows: need to use /, not \
        if (this.isWindows) {
            f = f.split('\\').join('/');
        }
        // treat the test path as a set of pathparts.
        const ff = this.slashSplit(f);
        this.debug(this.pattern, 'split', ff);
        // just ONE of the pattern sets in this.set needs to match
        // in order for it to be valid.  If negating, then just one
        // match means that we have failed.
        // Either way, return on the first hit.
        const set = this.set;
        this.debug(this.pattern, 'set', set);
        // Find the basename of the path by looking for the last non-empty segment
        let filename = ff[ff.length - 1];
        if (!filename) {
            for (let i = ff.length - 2; !filename && i >= 0; i--) {
                filename = ff[i];
            }
        }
        for (const pattern of set) {
            let file = ff;
            if (options.matchBase && pattern.length === 1) {
                file = [filename];
            }
            const hit = this.matchOne(file, pattern, partial);
            if (hit) {
                if (options.flipNegate) {
                    return true;
                }
                return !this.negate;
            }
        }
        // didn't get any hits.  this is success if it's a negative
        // pattern, failure otherwise.
        if (options.flipNegate) {
            return false;
        }
        return this.negate;
    }
    static defaults(def) {
        return minimatch.defaults(def).Minimatch;
    }
}
/* c8 ignore start */



/* c8 ignore stop */
minimatch.AST = AST;
minimatch.Minimatch = Minimatch;
minimatch.escape = escape_escape;
minimatch.unescape = unescape_unescape;
//# sourceMappingURL=index.js.map
;// CONCATENATED MODULE: ./src/candidates/glob.ts
// Globs of an input resolved against the base tree; a pattern that matches nothing is the user's error.




// Never candidates nor test files, and walking them would cost more than the rest of the tree.
const SKIPPED_DIRS = new Set([".git", "node_modules"]);
async function* walk(root, dir = "") {
    const entries = await (0,promises_namespaceObject.readdir)((0,external_node_path_namespaceObject.join)(root, dir), { withFileTypes: true });
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
        const rel = dir ? `${dir}/${entry.name}` : entry.name;
        // Symlinked directories are not followed: they could lead out of the tree.
        if (entry.isDirectory() && !SKIPPED_DIRS.has(entry.name))
            yield* walk(root, rel);
        else if (entry.isFile() || entry.isSymbolicLink())
            yield rel;
    }
}
function toPosix(path) {
    return path.split(external_node_path_namespaceObject.sep).join("/");
}
/** Files matched by `patterns` under `base`, sorted; `!pattern` excludes. Throws InputError naming `input`. */
async function resolveGlobs(input, patterns, base) {
    const root = await (0,promises_namespaceObject.realpath)(base).catch(() => {
        throw new InputError(input, `base directory '${base}' does not exist`);
    });
    const anchored = (pattern) => new Minimatch(toPosix((0,external_node_path_namespaceObject.isAbsolute)(pattern) ? (0,external_node_path_namespaceObject.relative)(root, pattern) : pattern).replace(/^\.\//, ""), { dot: true });
    const includes = patterns.filter((p) => !p.startsWith("!")).map((p) => ({ pattern: p, matcher: anchored(p), hits: 0 }));
    const excludes = patterns.filter((p) => p.startsWith("!")).map((p) => anchored(p.slice(1)));
    const found = [];
    for await (const rel of walk(root)) {
        const hit = includes.filter((inc) => inc.matcher.match(rel));
        if (hit.length === 0 || excludes.some((ex) => ex.match(rel)))
            continue;
        for (const inc of hit)
            inc.hits += 1;
        const absolute = (0,external_node_path_namespaceObject.join)(root, rel);
        // A symlink pointing out of the tree would smuggle host files into the sandbox.
        const real = await (0,promises_namespaceObject.realpath)(absolute).catch(() => undefined);
        const inside = real !== undefined && !(0,external_node_path_namespaceObject.relative)(root, real).startsWith("..") && !(0,external_node_path_namespaceObject.isAbsolute)((0,external_node_path_namespaceObject.relative)(root, real));
        if (!inside)
            throw new InputError(input, `'${rel}' resolves outside ${base}`);
        if ((await (0,promises_namespaceObject.lstat)(real)).isFile())
            found.push({ absolute: real, relative: rel });
    }
    const unmatched = includes.find((inc) => inc.hits === 0);
    if (unmatched)
        throw new InputError(input, `'${unmatched.pattern}' matches no file under ${base}`);
    return found;
}

;// CONCATENATED MODULE: ./src/prepare/tests.ts
// The `tests` files: read once from the base tree, copied into every sandbox at their relative paths.



/** Any execute bit, as git records a file's mode (100755 or 100644). */
function isExecutable(mode) {
    return (mode & 0o111) !== 0;
}
async function loadTestFiles(patterns, base, maxBytes) {
    if (patterns.length === 0)
        return [];
    const matches = await resolveGlobs("tests", patterns, base);
    const files = [];
    let total = 0;
    for (const match of matches) {
        const content = await (0,promises_namespaceObject.readFile)(match.absolute);
        total += content.length;
        // Everything goes through the tmpfs work dir; fail here, not inside each sandbox.
        if (total > maxBytes)
            throw new InputError("tests", `matched files exceed ${maxBytes} bytes (at ${match.relative}); narrow the globs or raise tmpfs-size`);
        files.push({ path: match.relative, content, executable: isExecutable((await (0,promises_namespaceObject.stat)(match.absolute)).mode) });
    }
    return files;
}

;// CONCATENATED MODULE: ./src/prepare/base-tree.ts
// The base files a patch touches, read from the checkout. Reading only: the checkout is never written.




async function isSymlink(root, path) {
    const info = await (0,promises_namespaceObject.lstat)((0,external_node_path_namespaceObject.join)(root, path)).catch(() => undefined);
    return info?.isSymbolicLink() ?? false;
}
/** The existing files among `paths` (relative, already checked safe); absent ones are simply not in the tree. */
async function loadBaseTree(root, paths) {
    // Every prefix is checked: a symlinked directory in the checkout would lead a write out of the tree.
    const prefixes = new Set(paths.flatMap((p) => p.split("/").map((_, i, parts) => parts.slice(0, i + 1).join("/"))));
    const links = new Set();
    for (const prefix of prefixes)
        if (await isSymlink(root, prefix))
            links.add(prefix);
    const through = pathThroughSymlink(paths, (p) => links.has(p));
    if (through)
        return { ok: false, reason: `path escapes the tree: "${through}" goes through a symbolic link in the checkout` };
    const files = new Map();
    const executable = new Set();
    for (const path of paths) {
        const info = await (0,promises_namespaceObject.lstat)((0,external_node_path_namespaceObject.join)(root, path)).catch(() => undefined);
        if (!info?.isFile())
            continue;
        files.set(path, await (0,promises_namespaceObject.readFile)((0,external_node_path_namespaceObject.join)(root, path), "utf8"));
        if (isExecutable(info.mode))
            executable.add(path);
    }
    return { ok: true, files, executable };
}

;// CONCATENATED MODULE: ./src/prepare/extract.ts

/** Tags of blocks that show what a program printed, never a program. `console` is also a bash tag. */
const OUTPUT_TAGS = new Set(["text", "txt", "output", "console", "plaintext", "shell-session", "stdout"]);
const PATCH_TAGS = new Set(["diff", "patch", "udiff"]);
const OPENING = /^( {0,3})(`{3,}|~{3,})(.*)$/;
function normalise(text) {
    return text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
}
function tagOf(info) {
    return info.split(/[\s{,]/, 1)[0]?.toLowerCase() ?? "";
}
function isClosing(line, marker) {
    const match = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
    return match !== null && match[1][0] === marker[0] && match[1].length >= marker.length;
}
/** CommonMark strips up to the opening fence's indentation from each content line. */
function dedent(line, indent) {
    const leading = /^ */.exec(line)[0].length;
    return line.slice(Math.min(leading, indent));
}
/** Every fenced block, in order; an unclosed fence runs to the end of the reply. */
function findFences(text) {
    const lines = text.split("\n");
    const fences = [];
    for (let i = 0; i < lines.length; i++) {
        const open = OPENING.exec(lines[i]);
        if (!open)
            continue;
        const indent = open[1].length;
        const marker = open[2];
        const rawInfo = open[3];
        // A backtick in a backtick fence's info string makes it inline code (```x```), not a fence.
        if (marker[0] === "`" && rawInfo.includes("`"))
            continue;
        const info = rawInfo.trim();
        let end = i + 1;
        while (end < lines.length && !isClosing(lines[end], marker))
            end++;
        fences.push({
            index: fences.length,
            info,
            tag: tagOf(info),
            startLine: i + 1,
            lines: lines.slice(i + 1, end).map((line) => dedent(line, indent)),
        });
        i = end;
    }
    return fences;
}
function looksLikeDiff(lines) {
    const text = lines.join("\n").trimStart();
    return text.startsWith("diff --git ") || /^--- \S.*\n\+\+\+ \S/.test(text);
}
function kindOf(fence) {
    if (PATCH_TAGS.has(fence.tag) || (fence.tag === "" && looksLikeDiff(fence.lines)))
        return "patch";
    if (OUTPUT_TAGS.has(fence.tag))
        return "output";
    if (fence.tag === "" || languageOfTag(fence.info))
        return "code";
    return "foreign";
}
/** The contents of the reply's diff/patch fences (tagged so, or bare fences holding a unified diff). */
function findPatchBlocks(reply) {
    return findFences(normalise(reply))
        .filter((fence) => kindOf(fence) === "patch")
        .map((fence) => `${fence.lines.join("\n")}\n`);
}
/** Drops blank lines around the code so line 1 is real code; returns null when nothing is left. */
function trimBlank(lines, firstLine) {
    const first = lines.findIndex((line) => line.trim() !== "");
    if (first < 0)
        return null;
    return { code: `${lines.slice(first).join("\n").trimEnd()}\n`, firstLine: firstLine + first };
}
// Lines that only code starts like. Prose is a reply where no line matches: keywords must be lower case
// and sentence-like openers ("if you want…") must end as code does (":" for python, "{"/";" for C-likes).
const PYTHON_LINE = [
    /^\s*(async\s+)?def\s+\w+\s*\(/,
    /^\s*class\s+\w+\s*[(:]/,
    /^\s*import\s+[\w.]+(\s+as\s+\w+)?(\s*,\s*[\w.]+)*\s*$/,
    /^\s*from\s+[\w.]+\s+import\s+/,
    /^\s*(if|elif|else|for|while|with|try|except|finally)\b.*:\s*(#.*)?$/,
    /^\s*(return|raise|yield|assert|pass|break|continue)\b/,
    /^\s*@\w+/,
];
const JS_LINE = [
    /^\s*(export\s+)?(async\s+)?function\b/,
    /^\s*(export\s+)?(const|let|var)\s+[\w${[]/,
    /^\s*(export\s+)?(default\s+)?class\s+\w+/,
    /^\s*(import|export)\s.*(from\s+['"]|[;{]\s*$)/,
    /^\s*(if|for|while|switch)\s*\(.*\)\s*\{?\s*$/,
    /^\s*return\b.*;\s*$/,
    /^\s*[})\]]+[;,)]*\s*$/,
    /=>/,
];
const TS_LINE = [...JS_LINE, /^\s*(export\s+)?(interface|type|enum)\s+\w+/];
const BASH_LINE = [
    /^#!/,
    /^\s*[A-Za-z_]\w*=\S*/,
    /^\s*(if|while|until)\s+.*;\s*(then|do)\s*$/,
    /^\s*for\s+\w+\s+in\b/,
    /^\s*(then|do|done|fi|esac|else)\s*$/,
    /^\s*(echo|printf|cd|export|set|source|exit|local|read)(\s|$)/,
    /^\s*\w+\s*\(\)\s*\{?\s*$/,
    /^\s*\w[\w.-]*\s+--?\w/,
];
const PHP_LINE = [/<\?php/, /^\s*\$\w+\s*(\[.*\])?\s*[.+\-*/]?=/, /^\s*(function|echo|return)\b.*[;{]\s*$/];
// Shared by every language: a lone call (`main()`, `print(x)`) or an assignment (`x = 1`, `a, b = b, a`).
const COMMON_LINE = [
    /^\s*[A-Za-z_$][\w$.]*\(.*\)\s*;?\s*(#.*|\/\/.*)?$/,
    /^\s*[A-Za-z_$][\w$.[\]'"]*(\s*,\s*[A-Za-z_$][\w$.]*)*\s*[-+*/%|&^]?=(?!=)/,
];
const CODE_LINES = {
    python: [...PYTHON_LINE, ...COMMON_LINE],
    javascript: [...JS_LINE, ...COMMON_LINE],
    typescript: [...TS_LINE, ...COMMON_LINE],
    bash: BASH_LINE,
    php: [...PHP_LINE, ...COMMON_LINE],
};
/** The no-fence heuristic: code unless no line looks like code (for `null`, in any language). */
function looksLikeCode(text, language) {
    const patterns = language ? CODE_LINES[language] : LANGUAGE_NAMES.flatMap((name) => CODE_LINES[name]);
    return text.split("\n").some((line) => patterns.some((pattern) => pattern.test(line)));
}
function candidateOf(fence) {
    const trimmed = trimBlank(fence.lines, fence.startLine + 1);
    return trimmed && { fence, language: languageOfTag(fence.info) ?? null, ...trimmed };
}
/** For `auto`, the language of the longest block that names one: a leading install snippet loses to the answer. */
function resolveLanguage(blocks) {
    return ranked(blocks.filter((block) => block.language !== null))[0]?.language ?? null;
}
/** Longest first; on a tie the later one first, since replies correct themselves further down. */
function ranked(blocks) {
    return [...blocks].sort((a, b) => b.code.length - a.code.length || b.fence.index - a.fence.index);
}
function extracted(block) {
    return { code: block.code, block: { index: block.fence.index, tag: block.fence.tag, startLine: block.fence.startLine }, firstLine: block.firstLine };
}
/** What the fences held instead, for the `none` reason: `diff, empty python, javascript`. */
function describeFences(fences) {
    const describe = (fence) => {
        const kind = kindOf(fence);
        if (kind === "patch")
            return "diff";
        const tag = fence.tag || "bare";
        return kind === "code" && !candidateOf(fence) ? `empty ${tag}` : tag;
    };
    return [...new Set(fences.map(describe))].join(", ");
}
function fromWholeReply(reply, language) {
    const trimmed = trimBlank(reply.split("\n"), 1);
    if (!trimmed)
        return { kind: "none", reason: "empty reply" };
    if (!looksLikeCode(trimmed.code, language)) {
        return { kind: "none", reason: `no fence and no line that looks like ${language ?? "code"}: prose only` };
    }
    return { kind: "code", ...trimmed, language, block: null, candidates: 0, fallbacks: [], reason: "no fence: the whole reply is the code" };
}
/**
 * The code of a reply: the best fenced block for `language`, or the whole reply when it has no fence
 * and looks like code. Patch, output and other-language blocks never count.
 */
function extractCode(reply, language) {
    const text = normalise(reply);
    const fences = findFences(text);
    const wanted = language === "auto" ? null : language;
    if (fences.length === 0)
        return fromWholeReply(text, wanted);
    const blocks = fences.filter((fence) => kindOf(fence) === "code").flatMap((fence) => candidateOf(fence) ?? []);
    const target = wanted ?? resolveLanguage(blocks);
    const eligible = blocks.filter((block) => block.language === null || block.language === target);
    if (eligible.length === 0) {
        return { kind: "none", reason: `no ${wanted ?? "code"} block among the fences (${describeFences(fences)})` };
    }
    const [chosen, ...others] = ranked(eligible);
    const name = target ?? "untagged";
    return {
        kind: "code",
        ...extracted(chosen),
        language: target,
        candidates: eligible.length,
        fallbacks: others.map(extracted),
        reason: eligible.length === 1 ? `only ${name} block` : `longest of ${eligible.length} ${name} blocks`,
    };
}

;// CONCATENATED MODULE: ./src/prepare/syntax.ts
const WORKDIR = /(?:file:\/\/)?\/work\//g;
/** Paths as the user knows them: relative to the work dir, not the container's `/work/…` or a file URL. */
function relative(path) {
    return path.replace(WORKDIR, "").replace(/^\.\//, "");
}
function positive(value) {
    return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : undefined;
}
// The preset's check script writes its verdict, {message, file, line, column}, on the nonce-marked
// channel (driver.ts): never read from the output, where compile()'s warnings would echo candidate lines
// that can look like a verdict.
function parsePython(_output, verdict) {
    if (verdict === undefined)
        return undefined;
    try {
        const info = JSON.parse(verdict);
        if (typeof info !== "object" || info === null)
            return undefined;
        const { message, file, line: lineNo, column } = info;
        if (typeof message !== "string")
            return undefined;
        return { message, file: typeof file === "string" ? file : undefined, line: positive(lineNo), column: positive(column) };
    }
    catch {
        return undefined;
    }
}
// node --check: "FILE:LINE", the source line, a caret line under the error, then "SyntaxError: …".
// Node 24 parsing TypeScript prints a file URL and context lines around the caret. Every source line
// shown is the candidate's and can say anything (the line `TypeError: forged )` is a label and a syntax
// error in one), and all of them come before the message, which only node's own stack frames follow:
// the message is the last line shaped like one.
function parseNode(output) {
    const lines = output.split("\n");
    const messageAt = lines.findLastIndex((line) => /^\w*Error\b[^:]*: \S/.test(line));
    if (messageAt < 0)
        return undefined;
    const headerAt = lines.findIndex((line) => /^.*:\d+$/.test(line));
    const header = headerAt >= 0 && headerAt < messageAt ? /^(.*):(\d+)$/.exec(lines[headerAt]) : null;
    // node:internal/… headers locate node's own code, not the candidate's.
    if (!header || header[1].startsWith("node:"))
        return { message: lines[messageAt] };
    const caret = lines.slice(headerAt + 1, messageAt).find((line) => /^[ \t]*\^+[ \t]*$/.test(line));
    return {
        message: lines[messageAt],
        file: header[1] || undefined,
        line: positive(Number(header[2])),
        // Node keeps tabs in the caret line, so its index is the character column.
        column: caret === undefined ? undefined : caret.indexOf("^") + 1,
    };
}
// bash -n: "FILE: line N: syntax error near unexpected token `)'", then the offending line quoted.
// Warnings come first and quote the candidate's words (a here-document's delimiter): never the message.
function parseBash(output) {
    const match = /^(.*?): line (\d+): (?!warning: )(.+)$/m.exec(output);
    return match ? { file: match[1], line: positive(Number(match[2])), message: match[3] } : undefined;
}
// php -l: "PHP Parse error:  MESSAGE in FILE on line N", with or without "PHP " (stderr and stdout copies).
function parsePhp(output) {
    const match = /^(?:PHP )?((?:Parse|Fatal) error):\s+(.+) in (.+) on line (\d+)$/m.exec(output);
    return match ? { message: `${match[1]}: ${match[2]}`, file: match[3], line: positive(Number(match[4])) } : undefined;
}
const PARSERS = {
    python: parsePython,
    javascript: parseNode,
    typescript: parseNode,
    bash: parseBash,
    php: parsePhp,
};
/**
 * Where and why the parse check failed. The check ran on `target` alone, so an error that names no
 * file is in `target`; output no parser shape matches is passed on whole as the message.
 */
function parseCheckOutput(language, output, target, verdict) {
    const text = output.replace(/\r\n?/g, "\n").trim();
    const parsed = PARSERS[language](text, verdict) ?? {};
    const message = (parsed.message ?? text).replace(WORKDIR, "").trim() || "the parse check failed without a message";
    const info = { message, file: relative(parsed.file || target) };
    if (parsed.line !== undefined)
        info.line = parsed.line;
    if (parsed.column !== undefined)
        info.column = parsed.column;
    return info;
}

;// CONCATENATED MODULE: ./src/sandbox/engine.ts
/** The label every container of ours carries; its value is the run id. */
const RUN_LABEL = "io.github.sandbox-gate.run";

;// CONCATENATED MODULE: ./src/pipeline.ts
// One candidate through the four phases: extract (or apply the patch) → parse check → run with a
// timeout → isolation, then classification and feedback. The engine and the image gate are passed in,
// so this is tested without Docker.








/** Shorter blocks tried after the longest fails its parse check: each costs a container of its own. */
const MAX_FALLBACKS = 2;
function imageFor(settings, language) {
    return settings.run.image || LANGUAGES[language].image;
}
/** The language when a setting or a file name says it; otherwise the candidate itself decides. */
function declaredLanguage(candidate, settings) {
    const target = candidate.overrides?.target || settings.run.target;
    return (candidate.overrides?.language ??
        (settings.run.language === "auto" ? undefined : settings.run.language) ??
        (target ? languageOfPath(target) : undefined));
}
function languageOfFiles(paths) {
    for (const path of paths) {
        const language = languageOfPath(path);
        if (language)
            return language;
    }
    return undefined;
}
const UNKNOWN_LANGUAGE = "the language could not be told from the fence, the target or the tests; set the 'language' input";
function extraFiles(candidate) {
    return Object.entries(candidate.files ?? {}).map(([path, content]) => ({ path, content }));
}
async function prepareReply(candidate, ctx) {
    const declared = declaredLanguage(candidate, ctx.settings);
    const extraction = extractCode(candidate.text, declared ?? "auto");
    if (extraction.kind === "none") {
        // A reply that holds only a diff is a patch.
        const patches = findPatchBlocks(candidate.text);
        if (patches.length > 0)
            return preparePatch(patches.join("\n"), candidate, ctx);
        return { status: "no_code", language: declared ?? null, reason: extraction.reason };
    }
    const extra = extraFiles(candidate);
    const language = declared ?? extraction.language ?? languageOfFiles([...extra, ...ctx.testFiles].map((f) => f.path));
    if (!language)
        return { status: "no_code", language: null, reason: UNKNOWN_LANGUAGE };
    const target = candidate.overrides?.target || ctx.settings.run.target || LANGUAGES[language].target;
    const withCode = (code) => ({
        language,
        // The candidate's own files come last so its target wins over a test file of the same name.
        files: [...ctx.testFiles, ...extra, { path: target, content: code }],
        checks: [{ language, files: [target] }],
    });
    return { ...withCode(extraction.code), fallbacks: extraction.fallbacks.slice(0, MAX_FALLBACKS).map((block) => withCode(block.code)) };
}
async function preparePatch(text, candidate, ctx) {
    const declared = declaredLanguage(candidate, ctx.settings);
    const failed = (reason) => ({ status: "patch_failed", language: declared ?? null, reason });
    const parsed = parsePatch(text);
    const base = await loadBaseTree(ctx.settings.source.workdir, touchedPaths(parsed));
    if (!base.ok)
        return failed(base.reason);
    const applied = applyPatch(base.files, parsed, { executable: base.executable });
    if (!applied.ok)
        return failed(applied.reason);
    const tree = new Map([...ctx.testFiles, ...extraFiles(candidate)].map((f) => [f.path, f]));
    for (const [path, content] of applied.files) {
        if (content === null)
            tree.delete(path);
        else
            tree.set(path, { path, content, executable: applied.executable.has(path) });
    }
    const written = [...applied.files].filter(([, content]) => content !== null).map(([path]) => path);
    const language = declared ?? languageOfFiles(written) ?? languageOfFiles([...tree.keys()]);
    const patch = { changedFiles: applied.changed, strategy: applied.strategy };
    if (!language)
        return { status: "no_code", language: null, reason: UNKNOWN_LANGUAGE, patch };
    const bytes = [...tree.values()].reduce((sum, f) => sum + Buffer.byteLength(f.content), 0);
    if (bytes > ctx.settings.limits.workdirBytes) {
        return { status: "sandbox_error", language, reason: `the patched tree holds ${bytes} bytes, more than tmpfs-size (${ctx.settings.limits.workdirBytes}); narrow 'tests' or raise 'tmpfs-size'`, patch };
    }
    const checks = new Map();
    for (const path of written) {
        const lang = languageOfPath(path);
        if (lang)
            checks.set(lang, [...(checks.get(lang) ?? []), path]);
    }
    return {
        language,
        files: [...tree.values()],
        checks: [...checks].map(([lang, files]) => ({ language: lang, files })),
        patch,
    };
}
/** The parser's message, read with the language of the file that failed (the check stops at the first). */
function syntaxOf(checks, facts) {
    const readings = checks.map((group) => ({ group, syntax: parseCheckOutput(group.language, facts.checkOutput, group.files[0], facts.checkVerdict) }));
    return (readings.find(({ group, syntax }) => syntax.file !== undefined && group.files.includes(syntax.file)) ?? readings[0]).syntax;
}
async function runPrepared(prepared, candidate, ctx) {
    const { settings } = ctx;
    const { language, checks } = prepared;
    const image = imageFor(settings, language);
    const imageProblem = await ctx.prepareImage(image);
    if (imageProblem)
        return { status: "sandbox_error", language, reason: imageProblem };
    const facts = await ctx.engine.run({
        image,
        files: prepared.files,
        check: checkFiles(checks),
        command: candidate.overrides?.command || settings.run.command || LANGUAGES[language].command,
        // A candidate may bring its own timeout.
        limits: { ...settings.limits, timeoutMs: candidate.overrides?.timeoutMs ?? settings.limits.timeoutMs },
        labels: { [RUN_LABEL]: ctx.runId },
    });
    const status = classify(facts);
    const verdict = { status, language, facts };
    if (facts.sandboxError)
        verdict.reason = facts.sandboxError;
    if (status === "syntax_error")
        verdict.syntax = syntaxOf(checks, facts);
    if (status === "sandbox_error" && !facts.sandboxError)
        verdict.reason = `the sandbox stopped before the test command ran: ${facts.checkOutput.trim() || "no message"}`;
    return verdict;
}
async function judge(candidate, ctx) {
    const prepared = candidate.kind === "patch" ? await preparePatch(candidate.text, candidate, ctx) : await prepareReply(candidate, ctx);
    if ("status" in prepared)
        return prepared;
    let verdict = await runPrepared(prepared, candidate, ctx);
    // EvalPlus runs the longest block that parses; when none does, the longest one's error is the feedback.
    for (const fallback of prepared.fallbacks ?? []) {
        if (verdict.status !== "syntax_error")
            break;
        const next = await runPrepared(fallback, candidate, ctx);
        if (next.status !== "syntax_error")
            verdict = next;
    }
    return prepared.patch ? { ...verdict, patch: prepared.patch } : verdict;
}
function toResult(candidate, verdict, ctx) {
    const facts = verdict.facts;
    const stdout = facts?.stdout ?? { text: "", truncated: false, bytes: 0 };
    const stderr = facts?.stderr ?? { text: "", truncated: false, bytes: 0 };
    const exitCode = facts?.exitCode ?? null;
    // A kill by our own timeout or by the OOM killer is not the candidate's crash signal.
    const signal = verdict.status === "test_failed" ? (facts?.signal ?? null) : null;
    const truncated = { stdout: stdout.truncated, stderr: stderr.truncated };
    const result = {
        id: candidate.id,
        source: candidate.source,
        language: verdict.language,
        status: verdict.status,
        exit_code: exitCode,
        signal,
        duration_ms: facts?.durationMs ?? 0,
        stdout: stdout.text,
        stderr: stderr.text,
        truncated,
        feedback: feedbackFor({
            status: verdict.status,
            stdout: stdout.text,
            stderr: stderr.text,
            truncated,
            signal,
            exitCode,
            timeoutMs: candidate.overrides?.timeoutMs ?? ctx.settings.limits.timeoutMs,
            memoryBytes: ctx.settings.limits.memoryBytes,
            ...(verdict.status === "oom" && facts?.timedOut ? { heldAtLimit: true } : {}),
            ...(verdict.syntax ? { syntax: verdict.syntax } : {}),
            ...(verdict.reason ? { reason: verdict.reason } : {}),
        }),
    };
    if (candidate.url)
        result.url = candidate.url;
    if (candidate.author)
        result.author = candidate.author;
    if (verdict.syntax)
        result.syntax = verdict.syntax;
    if (verdict.patch) {
        result.changed_files = verdict.patch.changedFiles;
        result.patch_strategy = verdict.patch.strategy;
    }
    return result;
}
/** Judges one candidate. Never throws: an unexpected error of ours becomes `sandbox_error`. */
async function judgeCandidate(candidate, ctx) {
    let verdict;
    try {
        verdict = await judge(candidate, ctx);
    }
    catch (error) {
        verdict = { status: "sandbox_error", language: null, reason: `internal error: ${error.message}` };
    }
    return toResult(candidate, verdict, ctx);
}
/** Runs `work` over `items` with at most `limit` at once; results keep the input order. */
async function mapLimit(items, limit, work) {
    const results = new Array(items.length);
    let next = 0;
    const worker = async () => {
        while (next < items.length) {
            const index = next++;
            results[index] = await work(items[index], index);
        }
    };
    await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
    return results;
}

;// CONCATENATED MODULE: ./src/progress.ts
// The progress of a batch, for the log: one line per candidate in a small run (a pull request's few
// replies), a done/total, rate and ETA line every few seconds in a long one (a nightly dataset). Pure,
// given the clock.

/** Runs up to this size log every candidate; longer ones log progress lines. */
const PER_CANDIDATE_UP_TO = 20;
const PROGRESS_EVERY_MS = 10_000;
function progressLine({ done, total, elapsedMs, notPassing }) {
    const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
    const rate = elapsedMs > 0 ? done / (elapsedMs / 1000) : 0;
    const eta = done === total ? "done" : rate > 0 ? `ETA ${formatDuration(((total - done) / rate) * 1000)}` : "ETA unknown";
    return `progress: ${done}/${total} (${percent}%), ${rate.toFixed(2)} candidates/s, ${eta}; ${notPassing} not passing`;
}
/** Decides which completions get a progress line: the first, one every `everyMs`, and the last. */
class ProgressMeter {
    total;
    now;
    everyMs;
    #startedAt;
    #lastAt = -Infinity;
    #done = 0;
    #notPassing = 0;
    constructor(total, now, everyMs = PROGRESS_EVERY_MS) {
        this.total = total;
        this.now = now;
        this.everyMs = everyMs;
        this.#startedAt = now();
    }
    /** Records one finished candidate; returns the line to log, if one is due. */
    finished(passed) {
        this.#done++;
        if (!passed)
            this.#notPassing++;
        const at = this.now();
        if (this.#done < this.total && at - this.#lastAt < this.everyMs)
            return undefined;
        this.#lastAt = at;
        return progressLine({ done: this.#done, total: this.total, elapsedMs: at - this.#startedAt, notPassing: this.#notPassing });
    }
}

;// CONCATENATED MODULE: external "node:timers/promises"
const external_node_timers_promises_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:timers/promises");
;// CONCATENATED MODULE: ./src/sandbox/image.ts
// The image is made ready before the first candidate runs, so a pull never eats into a candidate's
// time and a registry hiccup becomes one clear sandbox error instead of a row of timeouts.


async function ensureImage(engine, image, policy, options) {
    const started = external_node_perf_hooks_namespaceObject.performance.now();
    const elapsed = () => Math.round(external_node_perf_hooks_namespaceObject.performance.now() - started);
    if (policy !== "always") {
        let present;
        try {
            present = await engine.hasImage(image);
        }
        catch (error) {
            return { ok: false, reason: messageOf(error) };
        }
        if (present)
            return { ok: true, pulled: false, ms: elapsed() };
        if (policy === "never")
            return { ok: false, reason: `image ${image} is missing and pull is "never"` };
    }
    const delays = backoffDelays(options.retries, options.backoffMs);
    const attempts = delays.length + 1;
    let lastError = "";
    for (let attempt = 1; attempt <= attempts; attempt++) {
        options.log(`pulling ${image}${attempts > 1 ? ` (attempt ${attempt} of ${attempts})` : ""}`);
        try {
            await engine.pull(image);
            options.log(`pulled ${image} in ${elapsed()} ms`);
            return { ok: true, pulled: true, ms: elapsed() };
        }
        catch (error) {
            lastError = messageOf(error);
        }
        const delay = delays[attempt - 1];
        if (delay !== undefined) {
            options.log(`${lastError}; retrying in ${delay} ms`);
            await (0,external_node_timers_promises_namespaceObject.setTimeout)(delay);
        }
    }
    return { ok: false, reason: `${lastError} (${attempts} attempt${attempts > 1 ? "s" : ""})` };
}
/** The waits before each retry: `backoffMs`, then doubling. */
function backoffDelays(retries, backoffMs) {
    return Array.from({ length: Math.max(0, Math.floor(retries)) }, (_, i) => backoffMs * 2 ** i);
}
function messageOf(error) {
    return error instanceof Error ? error.message : String(error);
}

;// CONCATENATED MODULE: ./src/shard.ts
// `shard: i/n`: one matrix job's deterministic slice of the candidates. Pure; the input is parsed in settings.
/**
 * Whether the candidate at `position` (0-based, counting every dataset line that is not blank, bad ones
 * too) belongs to `shard`. Round-robin: the n shards are disjoint, together cover everything, differ in
 * size by at most one, and share out a dataset's slow stretch instead of giving it to one job.
 */
function inShard(position, shard) {
    return shard === undefined || position % shard.count === shard.index - 1;
}

;// CONCATENATED MODULE: ./src/gate.ts
// The whole run, shared by the action and the CLI: candidates → images first → every candidate
// through the pipeline (bounded concurrency, input order kept) → the gate decision.






/**
 * This shard's entries up to the quota, in order (an invalid line is already its result); the rest are
 * skipped, never run. Other shards' entries are not this job's: neither taken nor listed.
 */
async function takeQuota(entries, quota, settings) {
    const taken = [];
    const skipped = [];
    let position = 0;
    for await (const entry of entries) {
        if (!inShard(position++, settings.source.shard))
            continue;
        const { id, source } = "candidate" in entry ? entry.candidate : entry.problem;
        if (taken.length >= quota)
            skipped.push({ id, source, reason: `over the max-candidates quota of ${quota}` });
        else
            taken.push("candidate" in entry ? entry.candidate : invalidEntry(id, source, entry.problem.problem, settings));
    }
    return { taken, skipped };
}
/** A dataset line that is not a candidate: nothing runnable, and it says why. */
function invalidEntry(id, source, problem, settings) {
    const empty = { stdout: "", stderr: "", truncated: { stdout: false, stderr: false } };
    return {
        id,
        source,
        language: null,
        status: "no_code",
        exit_code: null,
        signal: null,
        duration_ms: 0,
        ...empty,
        feedback: feedbackFor({ status: "no_code", ...empty, signal: null, exitCode: null, timeoutMs: settings.limits.timeoutMs, memoryBytes: settings.limits.memoryBytes, reason: `${source}: ${problem}` }),
    };
}
function decide(results, failOn) {
    const failing = results.filter((r) => failOn.has(r.status));
    if (failing.length === 0)
        return { failed: false, reason: `all ${results.length} candidates passed the gate` };
    const counts = new Map();
    for (const r of failing)
        counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
    const detail = [...counts].map(([status, n]) => `${n} ${status}`).join(", ");
    return { failed: true, reason: `${failing.length} of ${results.length} candidates failed the gate (${detail})` };
}
/** Pull (or check) each image once, before any candidate's clock starts. */
function imagePreparer(ctx, hooks) {
    const ready = new Map();
    return (image) => {
        let pending = ready.get(image);
        if (!pending) {
            pending = ensureImage(ctx.engine, image, ctx.settings.run.pull, { retries: 3, backoffMs: 1000, log: hooks.log }).then((outcome) => {
                if (!outcome.ok)
                    return outcome.reason;
                if (!outcome.pulled)
                    hooks.log(`image ${image}: present`);
                return undefined;
            });
            ready.set(image, pending);
        }
        return pending;
    };
}
async function runGate(entries, base, hooks) {
    const { settings } = base;
    const { taken, skipped } = await takeQuota(entries, settings.source.maxCandidates, settings);
    const ctx = { ...base, prepareImage: imagePreparer(base, hooks) };
    if (settings.source.shard)
        hooks.log(`shard ${settings.source.shard.index}/${settings.source.shard.count}: ${taken.length + skipped.length} candidates`);
    let done = 0;
    const progress = new ProgressMeter(taken.length, () => external_node_perf_hooks_namespaceObject.performance.now());
    const results = await mapLimit(taken, settings.mode.concurrency, async (item) => {
        const result = "status" in item ? item : await judgeCandidate(item, ctx);
        done += 1;
        const line = progress.finished(result.status === "pass");
        if (taken.length <= PER_CANDIDATE_UP_TO)
            hooks.log(`[${done}/${taken.length}] ${result.id}: ${result.status} (${(result.duration_ms / 1000).toFixed(2)} s)`);
        else if (line)
            hooks.log(line);
        // The audit line: enough to trace a run, nothing of the candidate's text or of our secrets.
        hooks.log(JSON.stringify({
            event: "sandbox-gate.candidate",
            run: base.runId,
            candidate: result.id,
            code_length: "status" in item ? 0 : item.text.length,
            status: result.status,
            exit: result.exit_code,
            duration_ms: result.duration_ms,
        }));
        return result;
    });
    return { results, skipped, decision: decide(results, settings.reports.failOn) };
}

;// CONCATENATED MODULE: ./src/report/merge.ts
// Reading JSON reports back (shards to merge, a baseline to compare with) and merging shard reports
// into one. Everything but `loadReport` is pure.



const isString = (v) => typeof v === "string";
const isNumber = (v) => typeof v === "number" && Number.isFinite(v);
const orNull = (ok) => (v) => v === null || ok(v);
const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);
const isShardNumber = (v, min) => Number.isInteger(v) && v >= min;
// The fields every renderer reads; optional ones are checked only when present.
const RESULT_FIELDS = [
    ["id", isString],
    ["source", isString],
    ["status", (v) => model_STATUSES.includes(v)],
    ["language", orNull(isString)],
    ["exit_code", orNull(isNumber)],
    ["signal", orNull(isString)],
    ["duration_ms", isNumber],
    ["stdout", isString],
    ["stderr", isString],
    ["feedback", isString],
    ["truncated", (v) => isObject(v) && typeof v.stdout === "boolean" && typeof v.stderr === "boolean"],
];
const OPTIONAL_FIELDS = [
    ["url", isString],
    ["author", isString],
    ["syntax", isObject],
    ["changed_files", (v) => Array.isArray(v) && v.every(isString)],
    ["patch_strategy", isString],
];
/** A report file's text → the report, checked as far as anything here reads it; throws naming `input`. */
function parseReport(text, name, input) {
    const fail = (detail) => {
        throw new InputError(input, `'${name}' is not a sandbox-gate JSON report: ${detail}`);
    };
    let value;
    try {
        value = JSON.parse(text);
    }
    catch (error) {
        return fail(`not JSON (${error.message})`);
    }
    if (!isObject(value) || value.version !== 1)
        return fail("no \"version\": 1");
    if (!Array.isArray(value.results))
        return fail("no \"results\" list");
    value.results.forEach((r, i) => {
        if (!isObject(r))
            return fail(`results[${i}] is not an object`);
        for (const [field, ok] of RESULT_FIELDS)
            if (!ok(r[field]))
                fail(`results[${i}].${field} is missing or of the wrong type`);
        for (const [field, ok] of OPTIONAL_FIELDS)
            if (r[field] !== undefined && !ok(r[field]))
                fail(`results[${i}].${field} is of the wrong type`);
    });
    const shard = value.shard;
    if (shard !== undefined && !(isObject(shard) && isShardNumber(shard.count, 1) && isShardNumber(shard.index, 1) && shard.index <= shard.count)) {
        return fail("\"shard\" is not {index, count} with 1 ≤ index ≤ count");
    }
    const skipped = value.skipped ?? [];
    if (!Array.isArray(skipped) || !skipped.every((s) => isObject(s) && isString(s.id) && isString(s.source) && isString(s.reason))) {
        return fail("\"skipped\" is not a list of {id, source, reason}");
    }
    return value;
}
async function loadReport(path, name, input) {
    let text;
    try {
        text = await (0,promises_namespaceObject.readFile)(path, "utf8");
    }
    catch (error) {
        throw new InputError(input, `cannot read '${name}': ${error.code ?? error.message}`);
    }
    return parseReport(text, name, input);
}
/** `data.jsonl:12` → ["data.jsonl", 12]; a source without a line number sorts before line 1. */
function sourceKey(source) {
    const m = /^(.*):(\d+)$/.exec(source);
    return m ? [m[1], Number(m[2])] : [source, 0];
}
function bySource(a, b) {
    const [pathA, lineA] = sourceKey(a.source);
    const [pathB, lineB] = sourceKey(b.source);
    return pathA < pathB ? -1 : pathA > pathB ? 1 : lineA - lineB;
}
const shardName = ({ index, count }) => `${index}/${count}`;
/**
 * Reports that say which shard they are must be all the shards of one split, each once: a shard whose
 * artifact went missing is an error naming it, never a merged report that is quietly smaller.
 */
function checkShards(reports, input) {
    const sharded = reports.filter((r) => r.report.shard !== undefined);
    const first = sharded[0];
    if (first === undefined)
        return;
    const split = `shard ${shardName(first.report.shard)} ('${first.name}')`;
    const whole = reports.find((r) => r.report.shard === undefined);
    if (whole)
        throw new InputError(input, `'${whole.name}' is no shard's report, but ${split} is: merge the shards of one split`);
    const { count } = first.report.shard;
    const other = sharded.find((r) => r.report.shard.count !== count);
    if (other)
        throw new InputError(input, `'${other.name}' is shard ${shardName(other.report.shard)}, but ${split} is of ${count}: merge the shards of one split`);
    const names = new Map();
    for (const { name, report } of sharded) {
        const twice = names.get(report.shard.index);
        if (twice !== undefined)
            throw new InputError(input, `shard ${shardName(report.shard)} is given twice: '${twice}' and '${name}'`);
        names.set(report.shard.index, name);
    }
    const missing = Array.from({ length: count }, (_, i) => i + 1).filter((index) => !names.has(index));
    if (missing.length > 0) {
        const list = missing.map((index) => shardName({ index, count })).join(", ");
        throw new InputError(input, `shard${missing.length > 1 ? "s" : ""} ${list} ${missing.length > 1 ? "are" : "is"} missing (${names.size} of ${count} given)`);
    }
}
/**
 * Shard reports → one list of results in dataset order (source file, then line; a stable sort keeps
 * everything else as given), skipped lists joined. The same candidate (id and source) in two reports
 * means a shard was given twice, or two runs were mixed: an error, never a silent double count.
 */
function mergeReports(reports, input) {
    checkShards(reports, input);
    const seen = new Map();
    const results = [];
    for (const { name, report } of reports) {
        for (const r of report.results) {
            const key = JSON.stringify([r.id, r.source]);
            const other = seen.get(key);
            if (other !== undefined)
                throw new InputError(input, `candidate ${JSON.stringify(r.id)} (${r.source}) is in both '${other}' and '${name}'`);
            seen.set(key, name);
            results.push(r);
        }
    }
    return { results: results.sort(bySource), skipped: reports.flatMap(({ report }) => report.skipped ?? []) };
}

;// CONCATENATED MODULE: ./src/evaluation-run.ts
// Evaluation runs around the gate: merging shard reports into one outcome, and the
// baseline report read up front. Shared by the action and the CLI.



/** Shard reports → one outcome, decided by this run's `fail-on` as if it had run everything itself. */
async function mergeOutcome(reports, settings, input) {
    const loaded = await Promise.all(reports.map(async (m) => ({ name: m.relative, report: await loadReport(m.absolute, m.relative, input) })));
    const { results, skipped } = mergeReports(loaded, input);
    return { results, skipped, decision: decide(results, settings.reports.failOn) };
}
/** The `baseline` report's results (its path relative to the base tree), read before anything runs. */
async function loadBaseline(settings) {
    if (!settings.reports.baseline)
        return undefined;
    return (await loadReport((0,external_node_path_namespaceObject.resolve)(settings.source.workdir, settings.reports.baseline), settings.reports.baseline, "baseline")).results;
}

;// CONCATENATED MODULE: ./src/report/json.ts
// The JSON report (INTERFACE.md) and the compact `results` output. Pure.

/** Every status appears in `by_status`, zeros included, so consumers need no defaults. */
function countByStatus(results) {
    const counts = Object.fromEntries(model_STATUSES.map((s) => [s, 0]));
    for (const r of results)
        counts[r.status]++;
    return counts;
}
function buildReport(results, skipped, shard) {
    return {
        version: 1,
        ...(shard !== undefined && { shard: { index: shard.index, count: shard.count } }),
        summary: { total: results.length, by_status: countByStatus(results) },
        results: results.map(reportResult),
        skipped: skipped.map(({ id, source, url, reason }) => ({ id, source, ...(url !== undefined && { url }), reason })),
    };
}
// Fixed key order, optional keys only when set: the file diffs well from run to run.
function reportResult(r) {
    return {
        id: r.id,
        source: r.source,
        ...(r.url !== undefined && { url: r.url }),
        ...(r.author !== undefined && { author: r.author }),
        language: r.language,
        status: r.status,
        exit_code: r.exit_code,
        signal: r.signal,
        duration_ms: r.duration_ms,
        stdout: r.stdout,
        stderr: r.stderr,
        truncated: { stdout: r.truncated.stdout, stderr: r.truncated.stderr },
        feedback: r.feedback,
        ...(r.syntax !== undefined && { syntax: r.syntax }),
        ...(r.changed_files !== undefined && { changed_files: r.changed_files }),
        ...(r.patch_strategy !== undefined && { patch_strategy: r.patch_strategy }),
    };
}
function compactResults(results) {
    return results.map(({ id, status, exit_code, duration_ms }) => ({ id, status, exit_code, duration_ms }));
}

;// CONCATENATED MODULE: ./src/report/junit.ts
// The JUnit XML report: one testsuite per run, one testcase per candidate. Pure.


const EVERY_FAILURE = new Set(model_STATUSES.filter((s) => s !== "pass"));
// XML 1.0 allows only these characters, escaped or not; lone surrogates included in the "not".
const NOT_XML_CHAR = /[^\t\n\r\x20-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;
const XML_ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
/** Text safe inside an element or an attribute value: escaped, invalid characters removed. */
function escapeXml(text) {
    return text.replace(NOT_XML_CHAR, "").replace(/[&<>"']/g, (c) => XML_ENTITIES[c] ?? c);
}
// Terminal colours and control characters are noise in a test report; make them visible first.
function content(text) {
    return escapeXml(cleanText(text));
}
function attributes(attrs) {
    return Object.entries(attrs)
        .filter(([, v]) => v !== undefined)
        // Parsers turn a raw newline in an attribute into a space; a character reference survives.
        .map(([k, v]) => ` ${k}="${content(String(v)).replace(/\n/g, "&#10;")}"`)
        .join("");
}
function seconds(ms) {
    return (ms / 1000).toFixed(3);
}
function junit_element(name, attrs, body) {
    return body === undefined || body === ""
        ? `<${name}${attributes(attrs)}/>`
        : `<${name}${attributes(attrs)}>${body}</${name}>`;
}
function testcase(r, failOn) {
    const failing = failOn.has(r.status);
    const message = r.syntax?.message ?? markdown_STATUS_LABELS[r.status];
    const verdict = failing
        ? junit_element(r.status === "sandbox_error" ? "error" : "failure", { type: r.status, message }, content(r.feedback))
        : "";
    const streams = [
        r.stdout && junit_element("system-out", {}, content(r.stdout)),
        r.stderr && junit_element("system-err", {}, content(r.stderr)),
    ].join("");
    return junit_element("testcase", { name: r.id, classname: `sandbox-gate.${r.language ?? "unknown"}`, time: seconds(r.duration_ms), file: r.syntax?.file }, verdict + streams);
}
function skippedCase(s) {
    return junit_element("testcase", { name: s.id, classname: "sandbox-gate.skipped", time: seconds(0) }, junit_element("skipped", { message: s.reason }));
}
function renderJUnit(results, skipped, options = {}) {
    const failOn = options.failOn ?? EVERY_FAILURE;
    const name = options.name ?? "sandbox-gate";
    const counts = {
        tests: results.length + skipped.length,
        failures: results.filter((r) => failOn.has(r.status) && r.status !== "sandbox_error").length,
        errors: results.filter((r) => failOn.has(r.status) && r.status === "sandbox_error").length,
        skipped: skipped.length,
        time: seconds(results.reduce((sum, r) => sum + r.duration_ms, 0)),
    };
    const cases = [...results.map((r) => testcase(r, failOn)), ...skipped.map(skippedCase)];
    const suite = junit_element("testsuite", { name, ...counts, timestamp: options.timestamp }, `\n${cases.map((c) => `    ${c}\n`).join("")}  `);
    return `<?xml version="1.0" encoding="UTF-8"?>\n${junit_element("testsuites", { name, ...counts }, `\n  ${suite}\n`)}\n`;
}

;// CONCATENATED MODULE: ./src/report/files.ts
// The report files a run was asked for: JSON (`report`) and JUnit XML (`junit`).




async function write(path, text) {
    await (0,promises_namespaceObject.mkdir)((0,external_node_path_namespaceObject.dirname)(path), { recursive: true });
    await (0,promises_namespaceObject.writeFile)(path, text);
}
/** Writes the asked-for reports, paths relative to the base tree; returns the JSON report's path, if any. */
async function writeReports(settings, outcome) {
    const { results, skipped } = outcome;
    if (settings.reports.junit)
        await write((0,external_node_path_namespaceObject.resolve)(settings.source.workdir, settings.reports.junit), renderJUnit(results, skipped, { failOn: settings.reports.failOn }));
    if (!settings.reports.report)
        return undefined;
    const path = (0,external_node_path_namespaceObject.resolve)(settings.source.workdir, settings.reports.report);
    await write(path, `${JSON.stringify(buildReport(results, skipped, settings.source.shard), null, 2)}\n`);
    return path;
}

;// CONCATENATED MODULE: external "node:http"
const external_node_http_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http");
;// CONCATENATED MODULE: ./src/sandbox/api/client.ts
// The Docker Engine API over its unix socket (or plain-TCP DOCKER_HOST): no CLI process per call.
//
// Measured on a 2-core runner (npm run bench): each docker CLI process costs ≈ 0.05 CPU-s, a request on
// a kept-alive socket costs the daemon's work only, so the per-candidate create/attach/start/wait/
// inspect/remove cycle is cheaper here than `docker run` + `docker inspect` + `docker rm`.

const DEFAULT_SOCKET = "/var/run/docker.sock";
/**
 * The endpoint DOCKER_HOST names, as the docker CLI reads it; undefined when only the CLI can reach it
 * (ssh://, TLS, a Docker context), so the caller falls back to the CLI.
 */
function endpointFromEnv(env = process.env) {
    if (env.DOCKER_CONTEXT)
        return undefined;
    const host = env.DOCKER_HOST?.trim();
    if (!host)
        return { socketPath: DEFAULT_SOCKET };
    if (host.startsWith("unix://"))
        return { socketPath: host.slice("unix://".length) };
    const tcp = /^tcp:\/\/([^:/]+|\[[^\]]+\]):(\d+)\/?$/.exec(host);
    if (tcp && !env.DOCKER_TLS_VERIFY && !env.DOCKER_CERT_PATH)
        return { host: tcp[1].replace(/^\[|\]$/g, ""), port: Number(tcp[2]) };
    return undefined;
}
function describeEndpoint(endpoint) {
    return endpoint.socketPath !== undefined ? `unix://${endpoint.socketPath}` : `tcp://${endpoint.host}:${endpoint.port}`;
}
/** The engine answered with an error status; `message` is the engine's own. */
class ApiError extends Error {
    status;
    constructor(status, message) {
        super(message);
        this.status = status;
        this.name = "ApiError";
    }
}
/** Replies kept from the engine's JSON answers; an inspect is a few kB. */
const MAX_REPLY_BYTES = 4 * 1024 * 1024;
class EngineApi {
    endpoint;
    // Kept alive: one connection serves many short calls, as the CLI cannot. Idle sockets are unref'd
    // by the agent, so they never keep the process up.
    #agent = new external_node_http_namespaceObject.Agent({ keepAlive: true });
    constructor(endpoint) {
        this.endpoint = endpoint;
    }
    /** A call whose answer is JSON (or empty); throws ApiError on an error status, Error when unreachable. */
    async call(method, path, body, signal) {
        const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
        const req = this.#request(method, path, this.#agent, payload ? { "Content-Type": "application/json" } : {}, signal);
        const res = await responseOf(req, payload, this.endpoint);
        const text = await readBody(res);
        if (res.statusCode >= 400)
            throw new ApiError(res.statusCode, errorMessage(text, res.statusCode));
        return (text === "" ? undefined : JSON.parse(text));
    }
    /**
     * A call that takes over the connection (attach, exec start): resolves with the raw stream once the
     * engine switched protocols. Its own connection, never the kept-alive pool's.
     */
    hijack(path, body) {
        const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
        const headers = { Connection: "Upgrade", Upgrade: "tcp", ...(payload ? { "Content-Type": "application/json" } : {}) };
        const req = this.#request("POST", path, false, headers);
        return new Promise((resolve, reject) => {
            req.on("upgrade", (_res, socket, head) => {
                // Bytes that came with the switch belong to the stream.
                if (head.length > 0)
                    socket.unshift(head);
                resolve(socket);
            });
            responseOf(req, payload, this.endpoint).then(async (res) => reject(new ApiError(res.statusCode, errorMessage(await readBody(res), res.statusCode))), reject);
        });
    }
    /**
     * A call whose answer streams JSON lines (events): resolves once the engine answered, then feeds each
     * line to `onLine` until `close()`; `onEnd` when the engine ends it. Its own connection, which keeps
     * the process up until closed.
     */
    async lines(path, onLine, onEnd) {
        const req = this.#request("GET", path, false, {});
        const res = await responseOf(req, undefined, this.endpoint);
        if (res.statusCode >= 400)
            throw new ApiError(res.statusCode, errorMessage(await readBody(res), res.statusCode));
        let pending = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
            const parts = (pending + chunk).split("\n");
            pending = parts.pop();
            for (const line of parts)
                if (line.trim())
                    onLine(JSON.parse(line));
        });
        res.on("error", () => { });
        res.on("close", onEnd);
        return { close: () => req.destroy() };
    }
    #request(method, path, agent, headers, signal) {
        const target = this.endpoint.socketPath !== undefined ? { socketPath: this.endpoint.socketPath } : { host: this.endpoint.host, port: this.endpoint.port };
        return (0,external_node_http_namespaceObject.request)({ ...target, method, path, agent, headers: { Host: "docker", ...headers }, ...(signal ? { signal } : {}) });
    }
}
/** The response (any status but a protocol switch, which the `upgrade` event gets). */
function responseOf(req, payload, endpoint) {
    return new Promise((resolve, reject) => {
        req.on("response", resolve);
        req.on("error", (error) => {
            // Worded as the CLI words it, so a message reads the same whichever way the engine was reached.
            const unreachable = ["ENOENT", "ECONNREFUSED", "EACCES", "ECONNRESET", "EPIPE"].includes(error.code ?? "");
            reject(unreachable ? new Error(`Cannot connect to the Docker daemon at ${describeEndpoint(endpoint)} (${error.code})`) : error);
        });
        req.end(payload);
    });
}
function readBody(res) {
    return new Promise((resolve, reject) => {
        const chunks = [];
        let size = 0;
        res.on("data", (chunk) => {
            size += chunk.length;
            if (size <= MAX_REPLY_BYTES)
                chunks.push(chunk);
        });
        res.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
        res.on("error", reject);
    });
}
function errorMessage(text, status) {
    try {
        const message = JSON.parse(text).message;
        if (typeof message === "string" && message)
            return message;
    }
    catch {
        // Not JSON: the text itself is the message.
    }
    return text.trim().slice(0, 500) || `engine answered ${status}`;
}
/** Stream ids of the multiplexed attach stream. */
const STDOUT = 1;
const STDERR = 2;
const HEADER = 8;
/**
 * Splits the multiplexed stream of a non-TTY attach: frames of an 8-byte header (stream id, three
 * zero bytes, big-endian payload length) and the payload. Frames and headers may arrive split.
 */
class FrameReader {
    onFrame;
    #pending = Buffer.alloc(0);
    constructor(onFrame) {
        this.onFrame = onFrame;
    }
    push(chunk) {
        let data = this.#pending.length > 0 ? Buffer.concat([this.#pending, chunk]) : chunk;
        while (data.length >= HEADER) {
            const size = data.readUInt32BE(4);
            if (data.length < HEADER + size)
                break;
            this.onFrame(data[0], data.subarray(HEADER, HEADER + size));
            data = data.subarray(HEADER + size);
        }
        this.#pending = Buffer.from(data);
    }
    /** Bytes of an unfinished frame when the stream ended (a protocol error if not 0). */
    get leftover() {
        return this.#pending.length;
    }
}

;// CONCATENATED MODULE: external "node:child_process"
const external_node_child_process_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:child_process");
;// CONCATENATED MODULE: external "node:os"
const external_node_os_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:os");
;// CONCATENATED MODULE: ./src/sandbox/late-oom.ts
// Docker takes a container's OOMKilled from the OOM events it has seen when the exit arrives. The shim
// sends the two on their own, so on a loaded host the OOM event can come just after the exit: the
// flag then stays false although the kernel killed at the limit, and the engine still logs an `oom`
// event for the container. An exit by SIGKILL that we did not cause therefore asks the engine's event
// log for one, a few times, before it is called a plain kill.

/** Pauses before each look at the event log: about 1.5 s in all, paid only by exits by SIGKILL. */
const LATE_OOM_WAITS_MS = [0, 100, 200, 400, 800];
/** An exit by SIGKILL (128 + 9) that neither the engine's flag nor we explain. */
function couldBeLateOom(ending) {
    return ending.exitCode === 137 && !ending.killedByUs && !ending.oomKilled;
}
/**
 * The OOM verdict of a container that ended: the engine's flag, or else, when the exit could be an OOM
 * kill, an `oom` event that `seen` finds in the engine's log. A failed look counts as not seen.
 */
async function oomVerdict(ending, seen, waits = LATE_OOM_WAITS_MS) {
    if (ending.oomKilled)
        return true;
    if (!couldBeLateOom(ending))
        return false;
    for (const wait of waits) {
        if (wait > 0)
            await (0,external_node_timers_promises_namespaceObject.setTimeout)(wait);
        if (await seen().catch(() => false))
            return true;
    }
    return false;
}
/** A look at the log may wait for an engine whose clock is behind ours; never longer than this. */
const OOM_LOOK_TIMEOUT_MS = 2_000;
/** The engine's whole kept log (its last 256 events) up to now, in seconds: a query that ends at once. */
function eventWindow(now = Date.now()) {
    return { since: "0", until: (now / 1000).toFixed(3) };
}

;// CONCATENATED MODULE: ./src/sandbox/policy.ts
// The lock-down of every sandbox, written once as data, then rendered: to `run` flags for the docker and
// podman CLIs (each its own dialect) and to the Engine API's create config. What the engine stores for
// each engine's containers is compared with this policy on the real engine (test/integration/engines.test.ts).

/** nobody:nogroup, which owns the work dir. */
const SANDBOX_ID = 65534;
const SANDBOX_USER = `${SANDBOX_ID}:${SANDBOX_ID}`;
const policy_WORKDIR = "/work";
/** Enough for POSIX semaphores (Python's multiprocessing); shared memory counts against the memory limit anyway. */
const SHM_BYTES = 4 * 1024 * 1024;
const OPEN_FILES = 256;
/**
 * podman otherwise raises nproc to its own default, which fails where root lacks CAP_SYS_RESOURCE;
 * nproc counts per user across containers, so it stays well above any run's pids limit.
 */
const PODMAN_NPROC = 4096;
/**
 * Host tasks gVisor needs per guest process, on top of a base for the sentry and the gofer: measured
 * with runsc's ptrace platform, a fork bomb held at 64 guest processes used up to 902 host tasks (14 per
 * process), at 128 up to 2007 (16 per process).
 */
const GVISOR_TASKS_PER_PROCESS = 24;
const GVISOR_TASKS_BASE = 256;
/** gVisor (`runsc`, or a runtime entry named after gVisor): its own kernel counts the candidate's processes. */
function isGvisor(runtime) {
    return runtime !== undefined && /runsc|gvisor/i.test(runtime);
}
/**
 * The process limit as the kernel that runs the candidate enforces it. Under runc that is the host's
 * pids cgroup. Under gVisor the same cgroup also holds gVisor's own kernel, whose threads and per-process
 * stubs outnumber the candidate's processes many times over: a fork bomb would exhaust the cgroup before
 * the candidate met its limit and end the sandbox with the sentry's crash (Go's exit code 2), or not,
 * depending on the machine's speed. So under gVisor `pids-limit` is the guest's RLIMIT_NPROC, which
 * gVisor's kernel enforces (fork fails with EAGAIN, as under runc), and the cgroup gets gVisor's headroom,
 * still bounded, so the host stays protected from gVisor itself.
 */
function processLimits(pidsLimit, runtime) {
    if (!isGvisor(runtime))
        return { cgroupPids: pidsLimit };
    return { cgroupPids: GVISOR_TASKS_BASE + pidsLimit * GVISOR_TASKS_PER_PROCESS, guestNproc: pidsLimit };
}
function lockDown(job) {
    const { limits } = job;
    const size = limits.workdirBytes;
    const { cgroupPids, guestNproc } = processLimits(limits.pidsLimit, limits.runtime);
    return {
        image: job.image,
        argv: driverArgv(job.command, job.check),
        labels: job.labels,
        user: SANDBOX_USER,
        workdir: policy_WORKDIR,
        env: [`HOME=${policy_WORKDIR}`, "PYTHONDONTWRITEBYTECODE=1"],
        init: true,
        network: "none",
        memoryBytes: limits.memoryBytes,
        cpus: limits.cpus,
        cgroupPids,
        ulimits: [
            { name: "nofile", soft: OPEN_FILES, hard: OPEN_FILES },
            { name: "fsize", soft: size, hard: size },
            ...(guestNproc === undefined ? [] : [{ name: "nproc", soft: guestNproc, hard: guestNproc }]),
        ],
        readOnlyRoot: true,
        tmpfs: [
            { path: policy_WORKDIR, bytes: size, exec: true, mode: "0700", ownedBySandbox: true },
            { path: "/tmp", bytes: size, exec: false, mode: "1777", ownedBySandbox: false },
        ],
        shmBytes: SHM_BYTES,
        capDrop: "ALL",
        noNewPrivileges: true,
        logDriver: "none",
        ...(limits.runtime ? { runtime: limits.runtime } : {}),
    };
}
/** tmpfs mount options; podman refuses tmpfs's own uid=/gid= options, its `U` chowns the mount to --user. */
function tmpfsOptions(mount, dialect) {
    const owner = mount.ownedBySandbox ? [dialect === "podman" ? "U" : `uid=${SANDBOX_ID},gid=${SANDBOX_ID}`] : [];
    return ["rw", ...(mount.exec ? ["exec"] : []), "nosuid", "nodev", `size=${mount.bytes}`, ...owner, `mode=${mount.mode}`].join(",");
}
/** The ulimits as a dialect sets them: the policy's, and podman's nproc unless the policy has one. */
function ulimitsFor(policy, dialect) {
    const hasNproc = policy.ulimits.some((u) => u.name === "nproc");
    return dialect === "podman" && !hasNproc ? [...policy.ulimits, { name: "nproc", soft: PODMAN_NPROC, hard: PODMAN_NPROC }] : policy.ulimits;
}
/** The `run` argv for container `name`: every flag of the policy, then the image and the driver. */
function cliRunArgs(policy, name, dialect) {
    return [
        "run",
        ...["--name", name],
        ...Object.entries(policy.labels).flatMap(([key, value]) => ["--label", `${key}=${value}`]),
        // stdin stays open for the nonce and the tar.
        "-i",
        ...(policy.init ? ["--init"] : []),
        // Images are made ready before the first run (image.ts); a run never pulls.
        ...["--pull", "never"],
        ...["--log-driver", policy.logDriver],
        ...["--network", policy.network],
        ...["--memory", String(policy.memoryBytes)],
        ...["--memory-swap", String(policy.memoryBytes)],
        ...["--cpus", String(policy.cpus)],
        ...["--pids-limit", String(policy.cgroupPids)],
        ...ulimitsFor(policy, dialect).flatMap((u) => ["--ulimit", `${u.name}=${u.soft}:${u.hard}`]),
        "--read-only",
        // podman's --read-only also mounts writable tmpfs on /run, /tmp and /var/tmp unless told not to.
        ...(dialect === "podman" ? ["--read-only-tmpfs=false"] : []),
        ...policy.tmpfs.flatMap((mount) => ["--tmpfs", `${mount.path}:${tmpfsOptions(mount, dialect)}`]),
        ...["--shm-size", String(policy.shmBytes)],
        ...["--cap-drop", policy.capDrop],
        ...["--security-opt", "no-new-privileges"],
        ...["--user", policy.user],
        ...["--workdir", policy.workdir],
        ...policy.env.flatMap((variable) => ["--env", variable]),
        ...(policy.runtime ? ["--runtime", policy.runtime] : []),
        // Ends the options, so an image name can never be read as one.
        "--",
        policy.image,
        ...policy.argv,
    ];
}
/** The body of `POST /containers/create`: the same policy as the Engine API spells it. */
function apiCreateConfig(policy) {
    return {
        Image: policy.image,
        Cmd: policy.argv,
        Labels: policy.labels,
        User: policy.user,
        WorkingDir: policy.workdir,
        Env: policy.env,
        // `-i`: stdin open for the attach, closed for good once the attach closes it.
        AttachStdin: true,
        AttachStdout: true,
        AttachStderr: true,
        OpenStdin: true,
        StdinOnce: true,
        Tty: false,
        HostConfig: {
            Init: policy.init,
            RestartPolicy: { Name: "no" },
            LogConfig: { Type: policy.logDriver, Config: {} },
            NetworkMode: policy.network,
            Memory: policy.memoryBytes,
            MemorySwap: policy.memoryBytes,
            NanoCpus: Math.round(policy.cpus * 1e9),
            PidsLimit: policy.cgroupPids,
            Ulimits: policy.ulimits.map((u) => ({ Name: u.name, Soft: u.soft, Hard: u.hard })),
            ReadonlyRootfs: policy.readOnlyRoot,
            Tmpfs: Object.fromEntries(policy.tmpfs.map((mount) => [mount.path, tmpfsOptions(mount, "docker")])),
            ShmSize: policy.shmBytes,
            CapDrop: [policy.capDrop],
            SecurityOpt: ["no-new-privileges"],
            ...(policy.runtime ? { Runtime: policy.runtime } : {}),
        },
    };
}

;// CONCATENATED MODULE: ./src/sandbox/tar.ts
// A ustar writer for the files sent into a sandbox on stdin: nothing from the host is mounted.
// Pure: the same files give the same bytes (fixed owner and time stamp).

const BLOCK = 512;
/** GNU tar's default record: 20 blocks. */
const RECORD = 20 * BLOCK;
const NAME_FIELD = 100;
const FILE_MODE = 0o644;
const DIR_MODE = 0o755;
const EXECUTABLE_MODE = 0o755;
// Fixed, and not the epoch, which some tools read as "no time stamp" (zip refuses dates before 1980).
const MTIME = Date.UTC(2000, 0, 1) / 1000;
// The ustar size field holds 11 octal digits.
const MAX_SIZE = 8 ** 11 - 1;
/** The archive of `files` (regular files, their parent directories first), ready for `tar -x`. */
function tarball(files) {
    const body = Buffer.concat(archiveEntries(files).flatMap(entryBlocks));
    // Two zero blocks end the archive; the zeros then fill the last record, since `tar -x -f -`
    // reads whole records and would otherwise wait on an open pipe for the rest of one.
    const end = Math.ceil((body.byteLength + 2 * BLOCK) / RECORD) * RECORD;
    return Buffer.concat([body, Buffer.alloc(end - body.byteLength)]);
}
/** A relative path with `.` and repeated slashes removed; throws on anything that could leave the work dir. */
function tar_normalisePath(path) {
    const checked = checkRelativePath(path);
    if (!checked.ok)
        throw new Error(`sandbox file path ${JSON.stringify(path)} ${checked.why}`);
    return checked.path;
}
function archiveEntries(files) {
    const entries = [];
    const dirs = new Set();
    const filePaths = new Set();
    for (const file of files) {
        const path = tar_normalisePath(file.path);
        if (filePaths.has(path))
            throw new Error(`sandbox file path ${JSON.stringify(file.path)} is given twice`);
        if (dirs.has(path))
            throw new Error(conflict(path));
        const segments = path.split("/");
        for (let depth = 1; depth < segments.length; depth++) {
            const dir = segments.slice(0, depth).join("/");
            if (filePaths.has(dir))
                throw new Error(conflict(dir));
            if (!dirs.has(dir)) {
                dirs.add(dir);
                entries.push({ kind: "dir", path: dir });
            }
        }
        filePaths.add(path);
        const data = typeof file.content === "string" ? Buffer.from(file.content, "utf8") : file.content;
        if (data.byteLength > MAX_SIZE)
            throw new Error(`sandbox file ${JSON.stringify(path)} is too large for tar`);
        entries.push({ kind: "file", path, data, mode: file.executable ? EXECUTABLE_MODE : FILE_MODE });
    }
    return entries;
}
function conflict(path) {
    return `sandbox file path ${JSON.stringify(path)} is both a file and a directory`;
}
function entryBlocks(entry) {
    const name = entry.kind === "dir" ? `${entry.path}/` : entry.path;
    const data = entry.kind === "file" ? entry.data : new Uint8Array(0);
    const nameBytes = Buffer.from(name, "utf8");
    const blocks = [];
    if (nameBytes.byteLength > NAME_FIELD) {
        // A pax header carries the full name; the ustar field gets a truncated stand-in that
        // readers ignore, so no prefix/name split is needed.
        const pax = paxRecord("path", name);
        blocks.push(header({ name: "././@PaxHeader", mode: FILE_MODE, size: pax.byteLength, type: "x" }), padded(pax));
    }
    blocks.push(header({
        name: nameBytes.subarray(0, NAME_FIELD),
        mode: entry.kind === "dir" ? DIR_MODE : entry.mode,
        size: data.byteLength,
        type: entry.kind === "dir" ? "5" : "0",
    }), padded(data));
    return blocks;
}
/** `"<length> key=value\n"`, where the length counts its own digits. */
function paxRecord(key, value) {
    const body = Buffer.byteLength(` ${key}=${value}\n`, "utf8");
    // Adding the digits can add a digit (98 + 2 = 100), so iterate to the fixed point.
    let length = body;
    while (body + String(length).length !== length)
        length = body + String(length).length;
    return Buffer.from(`${length} ${key}=${value}\n`, "utf8");
}
function header(fields) {
    const block = Buffer.alloc(BLOCK);
    Buffer.from(fields.name).copy(block, 0, 0, NAME_FIELD);
    octal(block, 100, 8, fields.mode);
    octal(block, 108, 8, 0); // uid
    octal(block, 116, 8, 0); // gid
    octal(block, 124, 12, fields.size);
    octal(block, 136, 12, MTIME);
    block.write(fields.type, 156, "ascii");
    block.write("ustar\0", 257, "ascii");
    block.write("00", 263, "ascii");
    // The checksum is computed with its own field read as spaces.
    block.fill(" ", 148, 156);
    const sum = block.reduce((total, byte) => total + byte, 0);
    block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
    return block;
}
/** Zero-padded octal digits followed by a NUL, filling `width` bytes. */
function octal(block, offset, width, value) {
    block.write(`${value.toString(8).padStart(width - 1, "0")}\0`, offset, "ascii");
}
function padded(data) {
    const rest = data.byteLength % BLOCK;
    return Buffer.concat([data, Buffer.alloc(rest === 0 ? 0 : BLOCK - rest)]);
}

;// CONCATENATED MODULE: ./src/sandbox/run.ts
// What every engine's run shares, whatever reaches the container: its opening (a refusal once aborted,
// the markers' nonce, the driver's input), its container's name, the facts it ends with (our failure
// told apart from the candidate's doing), and the removals that follow it, off the critical path.




/** How long what runs a container (a CLI, an attach) may take to end after the kill before it is cut. */
const KILL_GRACE_MS = 10_000;
/** A fresh name for a container of ours. */
function containerName() {
    return `sandbox-gate-${(0,external_node_crypto_namespaceObject.randomBytes)(8).toString("hex")}`;
}
/**
 * How every engine's run begins: refused once the engine is aborted, or our failure when the files
 * cannot be packed, before anything reaches the engine; otherwise the engine's own part, `runOpened`.
 */
class OpeningEngine {
    /** Set by `abort()`: no run starts after it. */
    aborted = false;
    run(job, hooks = {}) {
        const opening = openRun(job, hooks, this.aborted);
        return "phase" in opening ? Promise.resolve(opening) : this.runOpened(job, hooks, opening);
    }
}
/**
 * The opening of a run, or the facts it ends with at once: refused after an abort, or our failure when
 * the files cannot be packed. Nothing has reached the engine either way.
 */
function openRun(job, hooks, aborted) {
    if (aborted)
        return failedFacts("the run was cancelled before this candidate started");
    const nonce = hooks.nonce ?? newNonce();
    try {
        return { nonce, input: driverInput(nonce, tarball(job.files)) };
    }
    catch (error) {
        return failedFacts(`the files cannot be sent into the sandbox: ${error.message}`);
    }
}
/**
 * The facts of a run: what its output carried, how the engine says it ended, and our failure if any.
 * `binary` names what ran the container in messages: the CLI's name, or "the container".
 */
function runFacts(binary, job, outcome, ended) {
    const { exitCode, oomKilled } = ended;
    const sandboxError = sandboxErrorOf(binary, job, outcome, ended);
    return {
        phase: outcome.phase,
        exitCode,
        signal: signalOf(exitCode),
        timedOut: outcome.timedOut,
        oomKilled,
        ...(outcome.memoryAtTimeout === undefined ? {} : { memoryAtTimeout: outcome.memoryAtTimeout }),
        stdout: outcome.stdout,
        stderr: outcome.stderr,
        checkOutput: outcome.phase === "check" ? outcome.text : "",
        ...(outcome.phase === "check" && outcome.verdict !== undefined && { checkVerdict: outcome.verdict }),
        durationMs: outcome.durationMs,
        ...(sandboxError === undefined ? {} : { sandboxError }),
    };
}
/** Our side's failure, if any: the candidate is never blamed for what happened before its code ran. */
function sandboxErrorOf(binary, job, { phase, text, stalled }, { exitCode, aborted, stateError }) {
    if (aborted)
        return "the run was cancelled while this candidate ran";
    if (stalled) {
        return `the container did not start within ${(job.limits.timeoutMs + START_GRACE_MS) / 1000} s (still in ${phase})`;
    }
    if (phase === "setup") {
        // With no word from inside, the engine's own failure (it may be gone) says more than an exit code.
        return `the sandbox did not start: ${engineMessage(text) || stateError || `${binary} exited with code ${exitCode}`}`;
    }
    // 126/127: the shell could not find or execute the checker, so the image lacks it.
    if (phase === "check" && (exitCode === 126 || exitCode === 127)) {
        return `the parse check ${job.check?.[0] ?? ""} cannot run in ${job.image}: ${engineMessage(text)}`;
    }
    // A failure we cannot vouch for: the engine may have killed the container (stopped, or removed it).
    if (exitCode !== 0 && stateError !== undefined) {
        return `the container's state could not be read after it ended with code ${exitCode}: ${stateError}`;
    }
    return undefined;
}
/** The first lines of an engine's complaint that say something (usage hints dropped). */
function engineMessage(text) {
    return text
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line !== "" && !/^(See|Run) '.*--help'/.test(line))
        .slice(0, 3)
        .map((line) => (line.length > 500 ? `${line.slice(0, 500)}…` : line))
        .join("\n");
}
/** The signal behind an exit code above 128 (139 → SIGSEGV), as shells and init report it. */
function signalOf(exitCode) {
    if (exitCode === null || exitCode <= 128)
        return null;
    const number = exitCode - 128;
    return Object.entries(external_node_os_namespaceObject.constants.signals).find(([, value]) => value === number)?.[0] ?? null;
}
/** The facts of a run that never reached the engine. */
function failedFacts(sandboxError) {
    const empty = () => ({ text: "", truncated: false, bytes: 0 });
    return {
        phase: "setup",
        exitCode: null,
        signal: null,
        timedOut: false,
        oomKilled: false,
        stdout: empty(),
        stderr: empty(),
        checkOutput: "",
        durationMs: 0,
        sandboxError,
    };
}
/** Container removals off the critical path, each tracked until done; `settle()` waits for them all. */
class Removals {
    removeOne;
    #pending = new Set();
    #failed = [];
    /** `removeOne` resolves once the container is gone (one already gone included), rejects with the reason otherwise. */
    constructor(removeOne) {
        this.removeOne = removeOne;
    }
    /** Removes `name` (with its anonymous volumes); `gone` once it is. */
    remove(name, gone = () => { }) {
        const removal = this.removeOne(name).then(gone, (error) => void this.#failed.push(`${name}: ${error.message}`));
        const tracked = removal.finally(() => this.#pending.delete(tracked));
        this.#pending.add(tracked);
    }
    /** Waits until no removal, nor any of `also` (work that may start more), is pending; returns the failures since the last call. */
    async settle(also = () => []) {
        for (let more = [...this.#pending, ...also()]; more.length > 0; more = [...this.#pending, ...also()])
            await Promise.all(more);
        return this.#failed.splice(0);
    }
}

;// CONCATENATED MODULE: ./src/sandbox/engines/cli.ts
// The engine through the docker CLI, or podman's in its own dialect: `docker run` per candidate.
//
// Every run gets a fresh container, locked down by the policy's flags, fed its files as a tar on stdin;
// nothing of the host is mounted and nothing of the runner's environment goes in. The container is not
// `--rm`: its state is read after exit for the engine's own OOM verdict, then it is removed.













/** Output kept from the CLI's own short commands (inspect, ps, pull). */
const CLI_OUTPUT_BYTES = 1024 * 1024;
/** The longest a short CLI command (inspect, kill, rm, ps) may take; a pull gets PULL_TIMEOUT_MS. */
const CLI_CALL_TIMEOUT_MS = 60_000;
const PULL_TIMEOUT_MS = 15 * 60_000;
/** How often an abort asks again for containers whose CLI has not ended yet. */
const ABORT_POLL_MS = 100;
class CliEngine extends OpeningEngine {
    binary;
    #dialect;
    #removals = new Removals((name) => this.#removeOne(name));
    /** The `run` CLI of every run in flight, by container name. */
    #active = new Map();
    /** podman runs' working directories (see run()): an abort removes them, since the process exits next. */
    #monitorDirs = new Set();
    constructor(options = {}) {
        super();
        this.binary = options.binary ?? "docker";
        this.#dialect = (0,external_node_path_namespaceObject.basename)(this.binary) === "podman" ? "podman" : "docker";
    }
    async runOpened(job, hooks, { nonce, input }) {
        const name = containerName();
        hooks.onContainer?.(name);
        // conmon, podman's container monitor, writes its OOM verdict as a file named `oom` in the working
        // directory it inherits from the CLI, and podman 4 never reads it (containers/conmon#504,
        // containers/podman#13102): each podman run gets a directory of its own, read after the exit.
        let monitorDir;
        try {
            if (this.#dialect === "podman")
                this.#monitorDirs.add((monitorDir = await (0,promises_namespaceObject.mkdtemp)((0,external_node_path_namespaceObject.join)((0,external_node_os_namespaceObject.tmpdir)(), "sandbox-gate-podman-"))));
            return await this.#run(name, job, input, nonce, monitorDir);
        }
        catch (error) {
            this.#removals.remove(name);
            return failedFacts(`the sandbox failed: ${error.message}`);
        }
        finally {
            if (monitorDir !== undefined)
                await this.#removeMonitorDir(monitorDir);
        }
    }
    async #run(name, job, input, nonce, monitorDir) {
        const { limits } = job;
        const stdout = new StreamCapture(limits.maxOutputBytes);
        const stderr = new StreamCapture(limits.maxOutputBytes);
        const child = (0,external_node_child_process_namespaceObject.spawn)(this.binary, cliRunArgs(lockDown(job), name, this.#dialect), { stdio: ["pipe", "pipe", "pipe"], ...(monitorDir === undefined ? {} : { cwd: monitorDir }) });
        this.#active.set(name, child);
        const ended = new Promise((resolve) => {
            child.on("error", (error) => resolve({ code: null, error }));
            child.on("close", (code) => resolve({ code }));
        }).finally(() => this.#active.delete(name));
        let memoryAtTimeout;
        const clock = new RunClock({
            nonce,
            timeoutMs: limits.timeoutMs,
            onRunOutput: (chunk) => stderr.push(chunk),
            onExpired: () => void (async () => {
                // Read before the kill: once the container is gone, so is its memory count.
                if (clock.timedOut)
                    memoryAtTimeout = await this.#memory(name);
                await this.#kill(name, child);
            })(),
        });
        const { parser } = clock;
        child.stdout.on("data", (chunk) => stdout.push(chunk));
        child.stderr.on("data", (chunk) => parser.push(chunk));
        // The container may end before it has read its input; that shows in its exit, not here.
        child.stdin.on("error", () => { });
        child.stdin.end(input);
        const exit = await ended;
        const durationMs = clock.end();
        const { timedOut, stalled } = clock;
        // No CLI ran, so there is no container to remove.
        if (exit.error)
            return failedFacts(`cannot run ${this.binary}: ${exit.error.message}`);
        const state = await this.#state(name);
        const monitorOom = monitorDir !== undefined && (0,external_node_fs_namespaceObject.existsSync)((0,external_node_path_namespaceObject.join)(monitorDir, "oom"));
        const ending = { exitCode: exit.code, killedByUs: timedOut || stalled || this.aborted, oomKilled: state.oomKilled === true || monitorOom };
        const oomKilled = await oomVerdict(ending, () => cliOomEventSeen(this.binary, name));
        this.#removals.remove(name);
        const outcome = { phase: parser.phase, text: parser.text, ...(parser.verdict !== undefined && { verdict: parser.verdict }), stdout: stdout.result(), stderr: stderr.result(), timedOut, stalled, durationMs, ...(memoryAtTimeout && { memoryAtTimeout }) };
        return runFacts(this.binary, job, outcome, {
            exitCode: exit.code,
            oomKilled,
            aborted: this.aborted,
            ...(state.error === undefined ? {} : { stateError: state.error }),
        });
    }
    /**
     * Kills by name: killing the CLI would leave the container running. The container may not exist yet,
     * or the engine may hang (gVisor's `runsc start` can wedge a container so that even `kill` never
     * returns): then the CLI itself has to go, KILL_GRACE_MS after the kill was asked for.
     */
    async #kill(name, child) {
        if (child.exitCode !== null || child.signalCode !== null)
            return;
        const grace = setTimeout(() => child.kill("SIGKILL"), KILL_GRACE_MS);
        child.once("close", () => clearTimeout(grace));
        await cli(this.binary, ["kill", name], KILL_GRACE_MS);
    }
    /** The container's memory as the CLI reports it, or undefined when it cannot say in time. */
    async #memory(name) {
        const result = await cli(this.binary, ["stats", "--no-stream", "--format", "{{.MemUsage}}", name], MEMORY_SAMPLE_TIMEOUT_MS);
        return result.code === 0 ? memoryFromCli(result.stdout.trim()) : undefined;
    }
    /**
     * The engine's own verdict; exit code 137 alone cannot tell an OOM kill from any other SIGKILL.
     * `error` when the state cannot be read: the engine stopped, or the container was removed under us.
     */
    async #state(name) {
        const result = await cli(this.binary, ["inspect", "--format", "{{json .State}}", name]);
        if (result.code !== 0)
            return { error: describeFailure(result) };
        try {
            return { oomKilled: JSON.parse(result.stdout).OOMKilled === true };
        }
        catch {
            return { error: `unreadable state: ${result.stdout.slice(0, 200)}` };
        }
    }
    async #removeOne(name) {
        // -v: an image's VOLUME gets an anonymous volume, which would outlive the container.
        const result = await cli(this.binary, ["rm", "-f", "-v", name]);
        if (result.code !== 0 && !/no such container/i.test(result.stderr))
            throw new Error(describeFailure(result));
    }
    async close() {
        return this.#removals.settle();
    }
    /**
     * Ends every run in flight and refuses new ones, for a cancelled job; returns the containers removed.
     * A container asked for before its CLI created it appears a moment later, so this asks again until
     * every CLI has ended (a CLI still there after KILL_GRACE_MS is killed).
     */
    async abort() {
        this.aborted = true;
        const removed = new Set();
        const deadline = external_node_perf_hooks_namespaceObject.performance.now() + KILL_GRACE_MS;
        while (this.#active.size > 0 && external_node_perf_hooks_namespaceObject.performance.now() < deadline) {
            const result = await cli(this.binary, ["rm", "-f", "-v", ...this.#active.keys()]);
            for (const name of result.stdout.split("\n").map((line) => line.trim()).filter(Boolean))
                removed.add(name);
            await (0,external_node_timers_promises_namespaceObject.setTimeout)(ABORT_POLL_MS);
        }
        for (const child of this.#active.values())
            child.kill("SIGKILL");
        await Promise.all([...this.#monitorDirs].map((dir) => this.#removeMonitorDir(dir)));
        await this.close();
        return [...removed];
    }
    async #removeMonitorDir(dir) {
        this.#monitorDirs.delete(dir);
        await (0,promises_namespaceObject.rm)(dir, { recursive: true, force: true });
    }
    async hasImage(image) {
        const result = await cli(this.binary, ["image", "inspect", "--format", "{{.Id}}", "--", image]);
        if (result.code === 0)
            return true;
        if (/no such (image|object)|image not known/i.test(result.stderr))
            return false;
        throw new Error(`cannot inspect image ${image}: ${describeFailure(result)}`);
    }
    async pull(image) {
        const result = await cli(this.binary, ["pull", "--quiet", "--", image], PULL_TIMEOUT_MS);
        if (result.code !== 0)
            throw new Error(`pull of ${image} failed: ${describeFailure(result)}`);
    }
    async removeLabelled(label) {
        const listed = await cli(this.binary, ["ps", "-a", "--filter", `label=${label}`, "--format", "{{.Names}}"]);
        if (listed.code !== 0)
            throw new Error(`cannot list containers labelled ${label}: ${describeFailure(listed)}`);
        const names = listed.stdout.split("\n").map((line) => line.trim()).filter(Boolean);
        if (names.length === 0)
            return [];
        const removed = await cli(this.binary, ["rm", "-f", "-v", ...names]);
        if (removed.code !== 0)
            throw new Error(`cannot remove ${names.join(", ")}: ${describeFailure(removed)}`);
        return names;
    }
}
/** Whether the engine's event log holds an `oom` event of the container (late-oom.ts says why). */
async function cliOomEventSeen(binary, name) {
    const { since, until } = eventWindow();
    const args = ["events", "--since", since, "--until", until, "--filter", `container=${name}`, "--filter", "event=oom"];
    const result = await cli(binary, args, OOM_LOOK_TIMEOUT_MS);
    return result.code === 0 && result.stdout.trim() !== "";
}
/**
 * One short CLI command, argv only, killed after `timeoutMs`; never rejects. An engine that hangs on one
 * container (seen with gVisor: `inspect` and `rm -f` of a wedged container never return) must not hang
 * the run: a command past its time is a failure like any other.
 */
function cli(binary, args, timeoutMs = CLI_CALL_TIMEOUT_MS) {
    return new Promise((resolve) => {
        const stdout = new StreamCapture(CLI_OUTPUT_BYTES);
        const stderr = new StreamCapture(CLI_OUTPUT_BYTES);
        const child = (0,external_node_child_process_namespaceObject.spawn)(binary, args, { stdio: ["ignore", "pipe", "pipe"], timeout: timeoutMs, killSignal: "SIGKILL" });
        child.stdout.on("data", (chunk) => stdout.push(chunk));
        child.stderr.on("data", (chunk) => stderr.push(chunk));
        const result = (code, error) => ({
            code,
            stdout: stdout.result().text,
            stderr: stderr.result().text,
            ...(error ? { error } : {}),
        });
        child.on("error", (error) => resolve(result(null, error)));
        child.on("close", (code, signal) => {
            const late = code === null && signal === "SIGKILL" ? new Error(`${binary} ${args[0]} did not answer within ${timeoutMs / 1000} s`) : undefined;
            resolve(result(code, late));
        });
    });
}
function describeFailure(result) {
    return engineMessage(result.stderr) || result.error?.message || `exit code ${result.code}`;
}

;// CONCATENATED MODULE: ./src/sandbox/api/attach.ts




/** How long output may still arrive after an exec's process ended before its stream is cut. */
const EXIT_GRACE_MS = 200;
/**
 * Feeds the input, reads the stream to its end. The candidate's clock starts at the driver's run
 * marker; before it, only the start-up backstop runs. A stream that does not end after a kill is cut.
 */
function captureStream({ stream, input, job, nonce, kill, memory, exited }) {
    const { limits } = job;
    const stdout = new StreamCapture(limits.maxOutputBytes);
    const stderr = new StreamCapture(limits.maxOutputBytes);
    let cut;
    let forceEnd = () => { };
    // After a kill, the run ends within the grace whatever the stream and the exit say.
    const forced = new Promise((resolve) => (forceEnd = resolve));
    let memoryAtTimeout;
    const stop = () => {
        void (async () => {
            // Read before the kill: once the container is gone, so is its memory count.
            if (clock.timedOut)
                memoryAtTimeout = await memory();
            await kill();
        })();
        cut ??= setTimeout(() => {
            stream.destroy();
            forceEnd();
        }, KILL_GRACE_MS);
    };
    const clock = new RunClock({ nonce, timeoutMs: limits.timeoutMs, onRunOutput: (chunk) => stderr.push(chunk), onExpired: stop });
    const { parser } = clock;
    const frames = new FrameReader((id, payload) => {
        if (id === STDOUT)
            stdout.push(payload);
        else if (id === STDERR)
            parser.push(payload);
    });
    // A warm container's attach may have closed while it waited (the engine died): its close is past.
    const closed = stream.closed ? Promise.resolve() : new Promise((resolve) => stream.once("close", resolve));
    void exited?.then(() => {
        const grace = setTimeout(() => stream.destroy(), EXIT_GRACE_MS);
        void closed.then(() => clearTimeout(grace));
    });
    return new Promise((resolve) => {
        stream.on("data", (chunk) => frames.push(chunk));
        // A write after the container closed its stdin fails; that shows in its exit, not here.
        stream.on("error", () => { });
        void Promise.all([closed, exited && Promise.race([exited, forced])]).then(() => {
            const durationMs = clock.end();
            clearTimeout(cut);
            resolve({
                phase: parser.phase,
                text: parser.text,
                ...(parser.verdict !== undefined && { verdict: parser.verdict }),
                stdout: stdout.result(),
                stderr: stderr.result(),
                timedOut: clock.timedOut,
                stalled: clock.stalled,
                durationMs,
                ...(memoryAtTimeout && { memoryAtTimeout }),
            });
        });
        // Half-close: the engine closes the container's stdin, the output keeps coming.
        stream.end(input);
    });
}

;// CONCATENATED MODULE: ./src/sandbox/api/container.ts




/** Removes a container with its anonymous volumes; one already gone counts as removed. */
async function removeContainer(api, name) {
    await api.call("DELETE", `/containers/${name}?force=1&v=1`).catch((error) => {
        if (!(error instanceof ApiError && error.status === 404))
            throw error;
    });
}
/** The container's memory (`one-shot`: no wait for a second CPU sample), or undefined when the engine cannot say. */
async function containerMemory(api, name) {
    const signal = AbortSignal.timeout(MEMORY_SAMPLE_TIMEOUT_MS);
    const stats = await api.call("GET", `/containers/${name}/stats?stream=false&one-shot=true`, undefined, signal).catch(() => undefined);
    return memoryFromStats(stats);
}
/** Whether the engine's event log holds an `oom` event of the container (late-oom.ts says why). */
function oomEventSeen(api, name) {
    const { since, until } = eventWindow();
    const filters = encodeURIComponent(JSON.stringify({ container: [name], event: ["oom"] }));
    return new Promise((resolve, reject) => {
        let seen = false;
        let ended = false;
        let timer;
        const end = () => {
            ended = true;
            clearTimeout(timer);
            resolve(seen);
        };
        api.lines(`/events?since=${since}&until=${until}&filters=${filters}`, () => (seen = true), end).then((events) => {
            if (!ended)
                timer = setTimeout(() => (events.close(), end()), OOM_LOOK_TIMEOUT_MS);
        }, reject);
    });
}
/** The Engine API engines leave images (pulls with registry credentials, listing) and the cleanup by label to the CLI. */
class CliImages extends OpeningEngine {
    cli;
    constructor(cli) {
        super();
        this.cli = cli;
    }
    hasImage(image) {
        return this.cli.hasImage(image);
    }
    pull(image) {
        return this.cli.pull(image);
    }
    removeLabelled(label) {
        return this.cli.removeLabelled(label);
    }
}

;// CONCATENATED MODULE: ./src/sandbox/engines/fresh-pool.ts





class FreshPoolEngine extends CliImages {
    #api;
    #warmTarget;
    /** Containers being created or ready, by their create config. */
    #warm = new Map();
    /** Creations in flight, warm or not: close() waits for them so none finishes unseen. */
    #creating = new Set();
    /** Every container created and not yet removed: what close() and abort() must remove. */
    #owned = new Set();
    #removals;
    constructor(api, cli, options) {
        super(cli);
        this.#api = api;
        this.#removals = new Removals((name) => removeContainer(api, name));
        this.#warmTarget = Math.max(0, options.warm);
    }
    async runOpened(job, hooks, { nonce, input }) {
        const container = await this.#take(job);
        hooks.onContainer?.(container.name);
        if (container.error !== undefined)
            return failedFacts(`the sandbox did not start: ${container.error}`);
        if (this.aborted) {
            this.#discard(container);
            return failedFacts("the run was cancelled before this candidate started");
        }
        try {
            return await this.#attached(container.name, container.stream, job, input, nonce);
        }
        catch (error) {
            return failedFacts(`the sandbox failed: ${error.message}`);
        }
        finally {
            this.#remove(container.name);
        }
    }
    async #attached(name, stream, job, input, nonce) {
        const outcome = await captureStream({ stream, input, job, nonce, kill: () => this.#kill(name), memory: () => containerMemory(this.#api, name) });
        // `not-running` after the stream ended: the exit may lag the stream by a moment, never precede the call.
        const exit = await this.#call("POST", `/containers/${name}/wait?condition=not-running`).catch((error) => ({ error }));
        const state = await this.#call("GET", `/containers/${name}/json`).then((info) => ({ oomKilled: info.State.OOMKilled === true }), (error) => ({ oomKilled: false, error: error.message }));
        const exitCode = "StatusCode" in exit ? exit.StatusCode : null;
        const ending = { exitCode, killedByUs: outcome.timedOut || outcome.stalled || this.aborted, oomKilled: state.oomKilled };
        const oomKilled = await oomVerdict(ending, () => oomEventSeen(this.#api, name));
        const stateError = "error" in exit ? exit.error.message : state.error;
        return runFacts("the container", job, outcome, { exitCode, oomKilled, aborted: this.aborted, ...(stateError === undefined ? {} : { stateError }) });
    }
    /** A warm container made for the same config, or a new one; then one more is made for the next candidate. */
    #take(job) {
        const config = apiCreateConfig(lockDown(job));
        const key = JSON.stringify(config);
        const queue = this.#warm.get(key) ?? [];
        this.#warm.set(key, queue);
        const warm = queue.shift();
        this.#refill(key, config);
        // A warm one that failed may have failed for a reason gone by now: one fresh try.
        return warm ? warm.then((c) => (c.error === undefined ? c : this.#create(config))) : this.#create(config);
    }
    /** Tops up the warm containers of the config in use; those of other configs are dropped. */
    #refill(key, config) {
        for (const [other, queue] of this.#warm) {
            if (other === key)
                continue;
            for (const stale of queue.splice(0))
                void stale.then((c) => this.#discard(c));
            this.#warm.delete(other);
        }
        const queue = this.#warm.get(key);
        while (!this.aborted && queue.length < this.#warmTarget)
            queue.push(this.#create(config));
    }
    #create(config) {
        const name = containerName();
        this.#owned.add(name);
        const creation = (async () => {
            const created = { name };
            try {
                await this.#call("POST", `/containers/create?name=${name}`, config);
                // Attached before the start, so nothing the container writes is lost.
                created.stream = await this.#api.hijack(`/containers/${name}/attach?stream=1&stdin=1&stdout=1&stderr=1`);
                await this.#call("POST", `/containers/${name}/start`);
            }
            catch (error) {
                // A create that failed half-way may still have left the container.
                this.#discard(created);
                return { name, error: error.message };
            }
            // Made after an abort asked for it: nobody will take it.
            if (this.aborted)
                this.#discard(created);
            return created;
        })();
        const tracked = creation.finally(() => this.#creating.delete(tracked));
        this.#creating.add(tracked);
        return tracked;
    }
    /** A container no candidate will use: its attach closed, the container removed. */
    #discard(container) {
        container.stream?.destroy();
        this.#remove(container.name);
    }
    /** Kills by name; a container already gone is not an error. */
    async #kill(name) {
        await this.#call("POST", `/containers/${name}/kill`).catch(() => { });
    }
    /** Removes a container off the critical path; close() waits for it. */
    #remove(name) {
        this.#removals.remove(name, () => this.#owned.delete(name));
    }
    /** Removes the warm containers and waits for every removal; returns the removals that failed. */
    async close() {
        const warm = [...this.#warm.values()].flat();
        this.#warm.clear();
        for (const created of await Promise.all(warm))
            this.#discard(created);
        return this.#removals.settle(() => [...this.#creating]);
    }
    /** Refuses new runs and removes every container of ours, running or warm; returns their names. */
    async abort() {
        this.aborted = true;
        const names = [...this.#owned];
        for (const name of names)
            this.#remove(name);
        await this.close();
        return names;
    }
    #call(method, path, body) {
        return this.#api.call(method, path, body);
    }
}

;// CONCATENATED MODULE: ./src/sandbox/engines/shared.ts
// `isolation: run`, for trusted evaluation runs: one locked-down container serves many candidates of
// the run, one after another, each through `docker exec` (docs/isolation.md says why this is weaker).
//
// The container is the pool's (same flags, same run label) but its main process is a sleeper under
// docker-init, running as another uid than the candidates, so no candidate can signal it. Each
// candidate's exec first resets the container: every process of the candidates' uid but itself is
// killed until none is left, the work dir, /tmp, /dev/shm, POSIX queues and System V IPC are emptied,
// and the reset checks all of it, then the usual driver runs (nonce, files, check, command). A reset
// that fails, a timeout (the container is killed by name), an OOM kill (the engine's `oom` event) or a
// container that died retires the container; the next candidate gets a fresh one.







/** The container's own processes (docker-init, the sleeper): not the candidates' uid, so out of their reach. */
const KEEPER_USER = "65533:65533";
/** Exit code of a reset that could not clear the container. */
const RESET_FAILED = 125;
/** How long an exit by SIGKILL waits for the engine's `oom` event, in case it comes after the exit's. */
const OOM_EVENT_GRACE_MS = 500;
const OOM_POLL_MS = 20;
// Runs as the candidates' uid before the driver, as a function so the driver's parameters stay intact.
// `kill -9 -1` reaches every process this uid owns except the caller (and PID 1, which is not ours);
// a process forked meanwhile is caught by the next round. Killed processes are reaped by docker-init.
// Builtins only, but for rm (and chmod, ipcrm when there is something for them): it runs per candidate.
const RESET = String.raw `reset() {
  cd / || return 1
  rounds=0
  while :; do
    kill -9 -1 2>/dev/null
    left=
    for p in /proc/[0-9]*; do
      [ "$p" = "/proc/$$" ] && continue
      [ -O "$p" ] && left="$p" && break
    done
    [ -z "$left" ] && break
    rounds=$((rounds + 1))
    [ "$rounds" -lt 200 ] || { echo "sandbox-gate: $left of an earlier candidate survives the reset" >&2; return 1; }
    sleep 0.01
  done
  cleared=
  for ipc in /proc/sysvipc/shm /proc/sysvipc/sem /proc/sysvipc/msg; do
    # gVisor lists no System V IPC in /proc: there ipcrm clears what it can, unchecked.
    [ -r "$ipc" ] || { [ -n "$cleared" ] || ipcrm -a 2>/dev/null; cleared=1; continue; }
    { read -r header; ! read -r object; } < "$ipc" && continue
    ipcrm -a 2>/dev/null
    { read -r header; ! read -r object; } < "$ipc" || { echo "sandbox-gate: System V IPC of an earlier candidate remains ($ipc)" >&2; return 1; }
  done
  set -- /work/* /work/.[!.]* /work/..?* /tmp/* /tmp/.[!.]* /tmp/..?* /dev/shm/* /dev/shm/.[!.]* /dev/shm/..?* /dev/mqueue/*
  for entry; do
    [ -e "$entry" ] || [ -L "$entry" ] || continue
    # A directory the candidate made unreadable is made readable again, then everything goes.
    rm -rf "$@" 2>/dev/null || { chmod -R u+rwx "$@" 2>/dev/null; rm -rf "$@" 2>/dev/null; }
    break
  done
  for entry in /work/* /work/.[!.]* /work/..?* /tmp/* /tmp/.[!.]* /tmp/..?* /dev/shm/* /dev/shm/.[!.]* /dev/shm/..?* /dev/mqueue/*; do
    [ -e "$entry" ] || [ -L "$entry" ] || continue
    echo "sandbox-gate: $entry of an earlier candidate remains" >&2
    return 1
  done
  cd ${policy_WORKDIR}
}
reset || exit ${RESET_FAILED}
`;
const EXEC_COMMAND = 'exec sh -c "$command"\n';
// The command runs as the driver's child here, so that once it exits the driver ends whatever it left
// behind: a daemonized child holding stdout would otherwise hold the exec open (containerd waits for
// the exec's stdio). Nothing is lost by the driver outliving the run marker: the nonce only guards
// the phases before it.
const AFTER_COMMAND = 'sh -c "$command"\nstatus=$?\nkill -9 -1 2>/dev/null\nexit "$status"\n';
/** The exec's argv: the reset, then the driver, with the driver's parameters. */
function execArgv(command, check) {
    const [sh, flag, driver, ...parameters] = driverArgv(command, check);
    if (!driver.endsWith(EXEC_COMMAND))
        throw new Error("the sandbox driver no longer ends by exec'ing the command: update engines/shared.ts");
    return [sh, flag, `${RESET}${driver.slice(0, -EXEC_COMMAND.length)}${AFTER_COMMAND}`, ...parameters];
}
class SharedEngine extends CliImages {
    #api;
    /** Containers between candidates, by config. */
    #idle = new Map();
    /** Every container of ours, idle or busy, until removed. */
    #all = new Set();
    #removals;
    constructor(api, cli) {
        super(cli);
        this.#api = api;
        this.#removals = new Removals((name) => removeContainer(api, name));
    }
    async runOpened(job, hooks, { nonce, input }) {
        // A used container that cannot take the candidate (its reset failed, it stopped) is replaced by a
        // fresh one, once.
        for (let attempt = 1;; attempt++) {
            const shared = await this.#acquire(job);
            hooks.onContainer?.(shared.name);
            if (shared.error !== undefined) {
                this.#retire(shared);
                return failedFacts(`the sandbox did not start: ${shared.error}`);
            }
            let outcome;
            try {
                outcome = await this.#exec(shared, job, input, nonce);
            }
            catch (error) {
                // Only the exec's creation and start throw: nothing of the candidate ran yet.
                outcome = { facts: failedFacts(`the sandbox failed: ${error.message}`), keep: false, retry: true };
            }
            if (outcome.keep && !this.aborted)
                this.#idle.get(shared.key).push(shared);
            else
                this.#retire(shared);
            // An abort removes the container under the exec: that is no failed reset, and no fresh container follows.
            if (this.aborted && outcome.facts.sandboxError !== undefined)
                return failedFacts("the run was cancelled while this candidate ran");
            if (!outcome.retry || attempt > 1)
                return outcome.facts;
        }
    }
    async #exec(shared, job, input, nonce) {
        const { name } = shared;
        const exec = await this.#api.call("POST", `/containers/${name}/exec`, {
            AttachStdin: true,
            AttachStdout: true,
            AttachStderr: true,
            Tty: false,
            User: SANDBOX_USER,
            WorkingDir: policy_WORKDIR,
            Cmd: execArgv(job.command, job.check),
        });
        const oomsBefore = shared.ooms;
        let killed = false;
        // The engine's events say when the exec ends and with what code: no polling.
        const exited = new Promise((resolve) => shared.exits.set(exec.Id, resolve));
        const stream = await this.#api.hijack(`/exec/${exec.Id}/start`, { Detach: false, Tty: false });
        const outcome = await captureStream({
            stream,
            input,
            job,
            nonce,
            // Only the container's end is sure to end every process of the candidate.
            kill: async () => {
                killed = true;
                await this.#api.call("POST", `/containers/${name}/kill`).catch(() => { });
            },
            memory: () => containerMemory(this.#api, name),
            exited,
        });
        shared.exits.delete(exec.Id);
        const exitCode = killed ? 137 : await exited;
        // The engine reports an OOM kill inside a running container as an event, a little after the fact.
        if (couldBeLateOom({ exitCode, killedByUs: killed, oomKilled: shared.ooms > oomsBefore }))
            await this.#waitForOom(shared);
        const oomKilled = shared.ooms > oomsBefore;
        const resetFailed = outcome.phase === "setup" && !killed && (exitCode === RESET_FAILED || exitCode === 137);
        const facts = runFacts("the container", job, outcome, {
            exitCode,
            oomKilled,
            aborted: this.aborted,
            ...(shared.dead && !killed && !oomKilled ? { stateError: "the shared container stopped" } : {}),
        });
        // After a kill, an OOM or a failed reset the container cannot be vouched for: a fresh one follows.
        return { facts, keep: !killed && !oomKilled && !shared.dead && facts.sandboxError === undefined, retry: resetFailed };
    }
    async #waitForOom(shared) {
        const before = shared.ooms;
        for (let waited = 0; waited < OOM_EVENT_GRACE_MS && shared.ooms === before && !shared.dead; waited += OOM_POLL_MS)
            await (0,external_node_timers_promises_namespaceObject.setTimeout)(OOM_POLL_MS);
    }
    async #acquire(job) {
        const config = {
            ...apiCreateConfig(lockDown(job)),
            Cmd: ["sleep", "2147483647"],
            User: KEEPER_USER,
            AttachStdin: false,
            AttachStdout: false,
            AttachStderr: false,
            OpenStdin: false,
            StdinOnce: false,
        };
        const key = JSON.stringify(config);
        const idle = this.#idle.get(key) ?? [];
        this.#idle.set(key, idle);
        for (let shared = idle.pop(); shared; shared = idle.pop()) {
            if (!shared.dead)
                return shared;
            this.#retire(shared);
        }
        return this.#start(key, config);
    }
    async #start(key, config) {
        const shared = { name: containerName(), key, ooms: 0, dead: false, exits: new Map() };
        this.#all.add(shared);
        try {
            await this.#api.call("POST", `/containers/create?name=${shared.name}`, config);
            // Watching before the start: no event of the container's life is missed.
            const filters = encodeURIComponent(JSON.stringify({ container: [shared.name], event: ["oom", "die", "exec_die"] }));
            shared.events = await this.#api.lines(`/events?filters=${filters}`, (value) => this.#event(shared, value), 
            // Without its events the container cannot be judged: it is treated as gone.
            () => this.#event(shared, { Action: "die" }));
            await this.#api.call("POST", `/containers/${shared.name}/start`);
        }
        catch (error) {
            shared.error = error.message;
        }
        return shared;
    }
    #event(shared, event) {
        const attributes = event.Actor?.Attributes ?? {};
        if (event.Action === "oom")
            shared.ooms++;
        else if (event.Action === "exec_die")
            shared.exits.get(attributes.execID ?? "")?.(attributes.exitCode === undefined ? null : Number(attributes.exitCode));
        else if (event.Action === "die") {
            shared.dead = true;
            for (const exit of shared.exits.values())
                exit(null);
        }
    }
    /** Removes a container off the critical path; close() waits for it. */
    #retire(shared) {
        shared.events?.close();
        // With the events gone, a busy exec would wait for its end forever: the container's end is its end.
        for (const exit of shared.exits.values())
            exit(null);
        this.#removals.remove(shared.name, () => this.#all.delete(shared));
    }
    /** Removes the idle containers and waits for every removal; returns the removals that failed. */
    async close() {
        for (const shared of [...this.#idle.values()].flat())
            this.#retire(shared);
        this.#idle.clear();
        return this.#removals.settle();
    }
    /** Refuses new runs and removes every container, busy or idle; returns their names. */
    async abort() {
        this.aborted = true;
        const names = [...this.#all].map((shared) => shared.name);
        for (const shared of this.#all)
            this.#retire(shared);
        this.#idle.clear();
        await this.close();
        return names;
    }
}

;// CONCATENATED MODULE: ./src/sandbox/select.ts




async function createEngine(mode, log, env = process.env) {
    const cli = new CliEngine({ binary: mode.engine });
    const api = mode.engine === "docker" ? await reachableApi(env, log) : undefined;
    if (api)
        return mode.isolation === "run" ? new SharedEngine(api, cli) : new FreshPoolEngine(api, cli, { warm: mode.concurrency });
    if (mode.isolation === "run")
        log("isolation: run needs the Engine API; running one container per candidate instead");
    return cli;
}
/** The Engine API, when it is not ruled out and answers. */
async function reachableApi(env, log) {
    const endpoint = env.SANDBOX_GATE_ENGINE === "cli" ? undefined : endpointFromEnv(env);
    if (!endpoint)
        return undefined;
    const api = new EngineApi(endpoint);
    try {
        await api.call("GET", "/version");
        return api;
    }
    catch (error) {
        // The CLI reports an engine that is down per candidate, as sandbox_error; let it.
        log(`the Engine API at ${describeEndpoint(endpoint)} does not answer (${error.message}); using the docker CLI`);
        return undefined;
    }
}

;// CONCATENATED MODULE: ./src/sandbox/signals.ts
// A cancelled job (SIGTERM, SIGINT: the runner's cancel, Ctrl-C) leaves no container behind.

/**
 * On SIGTERM or SIGINT (a cancelled job, Ctrl-C): end the engine's runs, remove every container
 * labelled `label` (`key=value`), then exit with 128 + the signal's number. A second signal exits at once.
 */
function exitOnSignals(engine, label, log) {
    let stopping = false;
    const stop = (signal) => {
        const code = 128 + external_node_os_namespaceObject.constants.signals[signal];
        if (stopping)
            process.exit(code);
        stopping = true;
        log(`sandbox-gate: ${signal}: removing this run's containers`);
        void (async () => {
            const removed = new Set(await engine.abort());
            // A CLI killed by the abort may have left a container created too late to be asked for.
            try {
                for (const name of await engine.removeLabelled(label))
                    removed.add(name);
            }
            catch (error) {
                log(`sandbox-gate: ${error.message}`);
            }
            log(`sandbox-gate: removed ${removed.size} container(s)`);
            process.exit(code);
        })();
    };
    process.on("SIGTERM", stop);
    process.on("SIGINT", stop);
}

;// CONCATENATED MODULE: ./src/session.ts








async function runSession(settings, work, runId, io) {
    // Read before anything runs: a baseline that cannot be read is a bad input, not a lost run.
    const baseline = await loadBaseline(settings);
    const outcome = work.kind === "merge" ? await mergeOutcome(await work.reports(), settings, work.input) : await session_judge(settings, work.entries, runId, io);
    const reportPath = await writeReports(settings, outcome);
    return { ...outcome, ...(reportPath === undefined ? {} : { reportPath }), evaluation: evaluate(outcome.results, baseline) };
}
async function session_judge(settings, entries, runId, io) {
    const testFiles = await loadTestFiles(settings.source.tests, settings.source.workdir, settings.limits.workdirBytes);
    const engine = await createEngine(settings.mode, io.log);
    // A cancelled run (the job cancelled, Ctrl-C) leaves no container behind.
    exitOnSignals(engine, `${RUN_LABEL}=${runId}`, io.warn);
    try {
        return await runGate(await entries(), { settings, engine, testFiles, runId }, { log: io.log });
    }
    finally {
        // The action's post step tries again; either way the label finds what is left.
        for (const failure of await engine.close())
            io.warn(`sandbox-gate: a container of this run (label ${RUN_LABEL}=${runId}) could not be removed: ${failure}`);
    }
}

;// CONCATENATED MODULE: ./src/settings/settings.ts
// Every input → one typed, validated Settings object. Bad values end the run before anything runs,
// with one line naming the input.






/** Input names with their defaults; action.yml states the same (a test keeps them in step). */
const DEFAULTS = {
    source: "comments",
    authors: "*[bot]",
    files: "",
    language: "auto",
    image: "",
    pull: "missing",
    tests: "",
    workdir: "",
    target: "",
    command: "",
    timeout: "10s",
    memory: "256m",
    cpus: "1",
    "pids-limit": "64",
    "max-output": "64k",
    "tmpfs-size": "64m",
    runtime: "",
    engine: "docker",
    concurrency: "",
    isolation: "candidate",
    shard: "",
    baseline: "",
    merge: "",
    "max-candidates": "20",
    "fail-on": model_STATUSES.filter((s) => s !== "pass").join(","),
    comment: "true",
    report: "",
    junit: "",
    "github-token": "",
};
function parseNumber(input, value, { integer, min }) {
    const n = Number(value.trim());
    if (value.trim() === "" || !Number.isFinite(n) || (integer && !Number.isInteger(n)) || n < min) {
        throw new InputError(input, `'${value}' is not ${integer ? "a whole number" : "a number"} ≥ ${min}`);
    }
    return n;
}
function parseChoice(input, value, choices) {
    const v = value.trim().toLowerCase();
    if (!choices.includes(v)) {
        throw new InputError(input, `'${value}' is not one of ${choices.join(", ")}`);
    }
    return v;
}
function parseBoolean(input, value) {
    return parseChoice(input, value, ["true", "false"]) === "true";
}
/** Comma- or newline-separated list, blanks dropped. */
function parseList(value) {
    return value
        .split(/[,\n]/)
        .map((s) => s.trim())
        .filter(Boolean);
}
/** `2/4` → the second of four shards; empty → no sharding. */
function parseShard(value) {
    const v = value.trim();
    if (v === "")
        return undefined;
    const m = /^(\d+)\s*\/\s*(\d+)$/.exec(v);
    const index = Number(m?.[1]);
    const count = Number(m?.[2]);
    if (!m || count < 1 || index < 1 || index > count) {
        throw new InputError("shard", `'${value}' is not i/n with 1 ≤ i ≤ n (examples: 1/4, 4/4)`);
    }
    return { index, count };
}
/** The largest sandbox count whose memory limits fit in what the machine has, leaving room for the engine. */
function fitConcurrency(wanted, memoryBytes, machineBytes = (0,external_node_os_namespaceObject.totalmem)()) {
    const budget = Math.floor((machineBytes * 0.75) / memoryBytes);
    return Math.max(1, Math.min(wanted, budget));
}
/** Reads every input through `get` (empty string = not set) into one validated object. */
function readSettings(get, ctx) {
    const input = (name) => {
        const v = get(name).trim();
        return v === "" ? DEFAULTS[name] : v;
    };
    const language = input("language").toLowerCase();
    if (language !== "auto" && !isLanguage(language)) {
        throw new InputError("language", `'${language}' is not one of auto, ${LANGUAGE_NAMES.join(", ")}`);
    }
    const source = parseChoice("source", input("source"), ["comments", "pull-request", "files"]);
    const files = parseList(input("files"));
    if (source === "files" && files.length === 0) {
        throw new InputError("files", "is required when source is 'files'");
    }
    const failOn = parseList(input("fail-on")).map((s) => parseChoice("fail-on", s, model_STATUSES));
    const memoryBytes = parseSize("memory", input("memory"));
    // Docker refuses containers under 6 MiB; say so here rather than per candidate.
    if (memoryBytes < 6 * 1024 ** 2)
        throw new InputError("memory", `'${input("memory")}' is below Docker's minimum of 6m`);
    const wanted = input("concurrency") === "" ? (ctx.cpuCount ?? (0,external_node_os_namespaceObject.cpus)().length) : parseNumber("concurrency", input("concurrency"), { integer: true, min: 1 });
    const target = input("target");
    const shard = parseShard(input("shard"));
    const merge = parseList(input("merge"));
    // A merge judges nothing, so a shard of it means nothing, and its report must not claim to be one.
    if (shard && merge.length > 0)
        throw new InputError("shard", "cannot be combined with 'merge': a merge job runs no candidates");
    const targetPath = target ? checkRelativePath(target) : undefined;
    if (targetPath && !targetPath.ok)
        throw new InputError("target", `'${target}' ${targetPath.why}: it must be a relative path inside the work dir`);
    return {
        source: {
            kind: source,
            authors: parseList(input("authors")),
            files,
            workdir: input("workdir") || ctx.defaultWorkdir,
            tests: parseList(input("tests")),
            maxCandidates: parseNumber("max-candidates", input("max-candidates"), { integer: true, min: 1 }),
            ...(shard ? { shard } : {}),
        },
        run: {
            language: language,
            image: input("image"),
            pull: parseChoice("pull", input("pull"), ["always", "missing", "never"]),
            target,
            command: input("command"),
        },
        limits: {
            timeoutMs: parseDuration("timeout", input("timeout")),
            memoryBytes,
            cpus: parseNumber("cpus", input("cpus"), { integer: false, min: 0.01 }),
            pidsLimit: parseNumber("pids-limit", input("pids-limit"), { integer: true, min: 8 }),
            maxOutputBytes: parseSize("max-output", input("max-output")),
            workdirBytes: parseSize("tmpfs-size", input("tmpfs-size")),
            runtime: input("runtime"),
        },
        mode: {
            engine: parseChoice("engine", input("engine"), ["docker", "podman"]),
            isolation: parseChoice("isolation", input("isolation"), ["candidate", "run"]),
            concurrency: fitConcurrency(wanted, memoryBytes, ctx.machineBytes),
        },
        reports: {
            failOn: new Set(failOn),
            comment: parseBoolean("comment", input("comment")),
            report: input("report"),
            junit: input("junit"),
            baseline: input("baseline"),
            merge,
        },
        token: input("github-token") || ctx.defaultToken || "",
    };
}

;// CONCATENATED MODULE: ./src/cli.ts
// `sandbox-gate run [--input value]... FILE...`: the action's engine from a terminal or a nightly job;
// `sandbox-gate merge [--flag value]... REPORT...`: shard reports into one report and one decision.
// Exit 0 when nothing fails the gate, 1 when something does, 2 on bad usage or bad input.










/** The inputs `merge` reads: what shapes the report and the decision, nothing about running. */
const MERGE_FLAGS = ["report", "junit", "baseline", "fail-on", "workdir"];
const USAGE = `usage: sandbox-gate run [--INPUT VALUE]... FILE...
       sandbox-gate merge [--FLAG VALUE]... REPORT...

run: FILEs are replies (.md, .txt), patches (.patch, .diff) or datasets (.jsonl).
INPUTs are the action's inputs: ${Object.keys(DEFAULTS)
    .filter((n) => !["source", "files", "comment", "authors", "github-token", "merge"].includes(n))
    .map((n) => `--${n}`)
    .join(" ")}

merge: REPORTs are JSON reports of shard runs (--shard i/n); one merged report, summary and decision.
FLAGs: ${MERGE_FLAGS.map((n) => `--${n}`).join(" ")}`;
class UsageError extends Error {
}
const log = (line) => void process.stderr.write(`${line}\n`);
async function main(argv) {
    const [verb, ...rest] = argv;
    if (verb === "--help" || verb === "-h" || verb === "help") {
        process.stdout.write(`${USAGE}\n`);
        return 0;
    }
    if (verb === "merge")
        return merge(rest);
    if (verb !== "run")
        throw new UsageError(verb ? `unknown command '${verb}'` : "missing command 'run'");
    const options = Object.fromEntries(Object.keys(DEFAULTS).filter((name) => name !== "merge").map((name) => [name, { type: "string" }]));
    const parsed = (0,external_node_util_namespaceObject.parseArgs)({ args: rest, options, allowPositionals: true, strict: true });
    if (parsed.positionals.length === 0)
        throw new UsageError("no FILE given");
    const flags = parsed.values;
    // FILEs are the CLI's `files`: no comment to post, nothing to glob (the shell did that).
    const fixed = { source: "files", comment: "false", files: parsed.positionals.join("\n"), merge: "" };
    const settings = readSettings((name) => fixed[name] ?? flags[name] ?? "", { defaultWorkdir: process.cwd() });
    const matches = await readableFiles(parsed.positionals, "FILE");
    return finish(settings, { kind: "judge", entries: async () => candidatesFromFiles(matches) }, `cli-${(0,external_node_crypto_namespaceObject.randomBytes)(6).toString("hex")}`);
}
async function merge(args) {
    const options = Object.fromEntries(MERGE_FLAGS.map((name) => [name, { type: "string" }]));
    const parsed = (0,external_node_util_namespaceObject.parseArgs)({ args, options, allowPositionals: true, strict: true });
    if (parsed.positionals.length === 0)
        throw new UsageError("no REPORT given");
    const flags = parsed.values;
    const settings = readSettings((name) => flags[name] ?? "", { defaultWorkdir: process.cwd() });
    const reports = await readableFiles(parsed.positionals, "REPORT");
    return finish(settings, { kind: "merge", reports: async () => reports, input: "REPORT" }, `cli-merge-${(0,external_node_crypto_namespaceObject.randomBytes)(6).toString("hex")}`);
}
/** The run; then the table, the evaluation figures and the decision; the exit code. */
async function finish(settings, work, runId) {
    const outcome = await runSession(settings, work, runId, { log, warn: log });
    process.stdout.write(`${renderTable(outcome)}\n`);
    log(renderEvaluationText(outcome.evaluation));
    log(outcome.decision.reason);
    return outcome.decision.failed ? 1 : 0;
}
async function readableFiles(paths, what) {
    return Promise.all(paths.map(async (path) => {
        const absolute = (0,external_node_path_namespaceObject.resolve)(path);
        const info = await (0,promises_namespaceObject.stat)(absolute).catch(() => undefined);
        if (!info?.isFile())
            throw new InputError(what, `'${path}' is not a readable file`);
        return { absolute, relative: path };
    }));
}
main(process.argv.slice(2)).then((code) => (process.exitCode = code), (error) => {
    const known = error instanceof InputError || error instanceof UsageError || error.code?.startsWith("ERR_PARSE_ARGS");
    process.stderr.write(`sandbox-gate: ${error.message}\n`);
    if (error instanceof UsageError)
        process.stderr.write(`${USAGE}\n`);
    process.exitCode = known ? 2 : 1;
});

