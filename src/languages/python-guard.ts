// Python's end guard: proof that a test program ran to its end (issue 56). A test script that imports the
// candidate's code can be ended by it: a sys.exit(0) inside the function the test calls ends the script with
// status 0 before its later asserts ran, and os._exit(0) ends pytest or unittest so (they catch SystemExit in a
// test, not a process's end). The sandbox driver writes this text as the sitecustomize.py first on PYTHONPATH
// for the test command, so every Python program the command starts itself is guarded from its first line.
//
// Why a watcher process rather than a marker the program prints: the candidate's code runs in the program's
// process and can do anything its own code can (patch sys.exit, write to any fd, read the environment, call
// os._exit). So the proof is held by the program's parent, forked before any of the program's code ran, which
// runs none of it: it exits with the program's status, but with 1 where the program exited 0 without writing
// "E" and the token to the watcher's pipe. The token is random, made before the fork, in no file, argv or
// environment: to forge the end the candidate must read it out of the interpreter's memory (gc, frames), which
// the tamper scan names. A sys.exit, exit() or quit() that ended the program is held against its caller: when
// the first frame in the work dir on its stack is the candidate's (a file it wrote, or a line of one in a
// program the command made of its files) and not the top level of the program itself, the watcher says which
// line. What it cannot see: a "raise SystemExit" statement (the scan's), a program started with -S, -I or -E,
// a Python program another Python program started (tox's pytest), and a command of several programs where an
// earlier one that ran candidate code rewrote this file for the later ones.

export { PYTHON_GUARD_FILE } from "../core/verdict-channel.js";

const GUARD = String.raw`# sandbox-gate's end guard: the sitecustomize.py the sandbox driver puts first on PYTHONPATH for the test
# command, so that a test program that exits 0 before its tests ended is never a pass (python-guard.ts says
# why it is built this way). Every Python program the command starts itself (not one a Python program starts)
# forks here, before any of the program's code runs: the parent is the watcher, which runs none of it and
# exits as the program did, but with 1 when the program exited 0 without saying, with the token only this
# process holds, that it reached its end. Parses in Python 2 (it does nothing there).
import sys


def _sandbox_gate_guard(workdir, code):
    import os

    if sys.version_info < (3, 5):
        return
    here = os.path.dirname(os.path.abspath(__file__))
    # The program's own children start without us, and its sys.path does not show us.
    entries = os.environ.get("PYTHONPATH", "").split(os.pathsep)
    rest = os.pathsep.join(entries[1:]) if entries and os.path.abspath(entries[0] or ".") == here else None
    if rest is not None and rest:
        os.environ["PYTHONPATH"] = rest
    elif rest is not None:
        del os.environ["PYTHONPATH"]
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != here]
    token = os.urandom(16)
    try:
        r, w = os.pipe()
        child = os.fork()
    except OSError as e:
        os.write(2, ("sandbox-gate: the end guard could not start the program: %s\n" % e).encode())
        os._exit(125)
    if child != 0:
        _watch(child, r, w, token)
    os.close(r)
    _guard_end(w, token, os.path.realpath(workdir), code)
    # The image's own sitecustomize, if it has one, runs as it would have without us, in our place.
    # The importer's own frozen modules, loaded already: importlib's wrappers would cost an import each.
    from _frozen_importlib import module_from_spec
    from _frozen_importlib_external import PathFinder

    spec = PathFinder.find_spec("sitecustomize", sys.path)
    if spec is not None and spec.loader is not None:
        module = module_from_spec(spec)
        sys.modules["sitecustomize"] = module
        spec.loader.exec_module(module)


def _watch(child, r, w, token):
    """The watcher: waits for the program, then exits as it did. Never returns, runs nothing of it."""
    import os
    import _signal as signal

    os.close(w)
    for fd in (0, 1):
        try:
            os.close(fd)
        except OSError:
            pass

    def forward(signum, frame):
        try:
            os.kill(child, signum)
        except OSError:
            pass

    for name in ("SIGTERM", "SIGINT", "SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2"):
        signal.signal(getattr(signal, name), forward)
    while True:
        try:
            status = os.waitpid(child, 0)[1]
            break
        except InterruptedError:
            continue
    said = b""
    os.set_blocking(r, False)
    try:
        while len(said) < 65536:
            piece = os.read(r, 65536)
            if not piece:
                break
            said += piece
    except OSError:
        pass
    if os.WIFSIGNALED(status):
        signum = os.WTERMSIG(status)
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
        os._exit(128 + signum)
    code = os.WEXITSTATUS(status)
    if code == 0 and (b"E" + token) not in said:
        early = said.split(b"X" + token, 1)
        how = early[1].split(b"\n", 1)[0].decode("utf-8", "replace") if len(early) > 1 else (
            "it exited 0 without reaching its end (os._exit, an exec or a signal from the code it ran)"
        )
        os.write(2, ("\nsandbox-gate: the tests did not run to their end: %s\n" % how).encode("utf-8", "replace"))
        os._exit(1)
    os._exit(code)


def _guard_end(w, token, workdir, code):
    """In the program: say at its end whether it got there, or which of the candidate's lines exited early."""
    import os
    import atexit
    from _thread import get_ident

    files = set(os.path.join(workdir, path) for path in code)
    lines = set()
    for path in files:
        try:
            with open(path, "rb") as f:
                text = f.read(4 << 20).decode("utf-8", "replace")
        except OSError:
            continue
        lines.update(line.strip() for line in text.splitlines() if len(line.strip()) >= 4)
    main_thread = get_ident()
    exits = []

    def record(e, frame):
        if get_ident() != main_thread:
            return
        stack = []
        while frame is not None and len(stack) < 200:
            stack.append((frame.f_code.co_filename, frame.f_lineno, frame.f_code.co_name))
            frame = frame.f_back
        exits.append((e, stack))

    def exit(*status):
        e = SystemExit(*status)
        record(e, sys._getframe(1))
        raise e

    exit.__doc__ = sys.exit.__doc__
    sys.exit = exit
    quitter = getattr(__import__("_sitebuiltins"), "Quitter", None)
    if quitter is not None:

        def call(self, code=None):
            try:
                sys.stdin.close()
            except BaseException:
                pass
            e = SystemExit(code)
            record(e, sys._getframe(1))
            raise e

        quitter.__call__ = call

    def inside(path):
        path = os.path.realpath(path)
        return path == workdir or path.startswith(workdir + os.sep)

    def candidates(stack):
        """The first of the candidate's frames on an exit's stack, when code the tests call made it."""
        import linecache

        main = os.path.realpath(getattr(sys.modules.get("__main__"), "__file__", None) or "-")
        # The candidate's own program: its exit is its end.
        if main in files:
            return None
        for path, line, name in stack:
            if not path or path.startswith("<") or not inside(path):
                continue
            real = os.path.realpath(path)
            if name == "<module>" and real == main:
                return None
            # A program the command made of the candidate's files ("cat a b > program.py"): the exit's line
            # and one beside it are the candidate's, so a runner's own "sys.exit(0)" is not taken for one.
            near = [linecache.getline(path, n).strip() for n in (line - 1, line + 1)]
            if real in files or (linecache.getline(path, line).strip() in lines and any(n in lines for n in near)):
                return "%s:%d (in %s)" % (os.path.relpath(real, workdir), line, name)
        return None

    def at_end():
        for e, stack in reversed(exits):
            tb = e.__traceback__
            # The exit that ended the program: CPython drops its traceback once it has read its code, or
            # (as other versions may) the traceback reaches the outermost frame, which did nothing after it.
            # One that was caught keeps the traceback to the frame that caught it.
            if tb is not None and (tb.tb_frame.f_back is not None or tb.tb_lasti != tb.tb_frame.f_lasti):
                continue
            where = candidates(stack)
            if where is not None:
                os.write(w, b"X" + token + ("sys.exit(%r) called at %s, code the tests call\n" % (e.code, where)).encode())
                return
            break
        os.write(w, b"E" + token)

    atexit.register(at_end)`;

/** The guard's text for a run in `workdir` whose candidate wrote the Python files `code` (work-dir paths). */
export function pythonEndGuard(workdir: string, code: readonly string[]): string {
  // JSON's strings are Python's too.
  return `${GUARD}\n_sandbox_gate_guard(${JSON.stringify(workdir)}, ${JSON.stringify(code)})\ndel _sandbox_gate_guard, _watch, _guard_end\n`;
}
