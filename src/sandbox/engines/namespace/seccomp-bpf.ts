// Compiles an OCI seccomp profile (`linux.seccomp` of a container's OCI config, as docker writes it) into
// the classic BPF program the kernel runs (an array of `struct sock_filter`), for `bwrap --seccomp FD`.
//
// The program gives the profile the semantics runc and libseccomp give it, or stricter, for the native
// x86_64 ABI only:
// - any other audit arch (i386, and whatever else the profile lists) and the x32 ABI (nr >= 0x40000000)
//   kill the process, where runc would apply the profile to them too;
// - as runc does, a rule whose action equals the default is dropped, a name the system call table does not
//   know is skipped (the default applies to it), and a rule naming one argument more than once becomes one
//   rule per condition (runc's "old behavior": the conditions are ORed);
// - the remaining rules of a call must share one action (libseccomp would take the most restrictive of
//   several matching ones; we refuse rather than guess), so the first rule whose conditions all hold decides,
//   and the default decides when none does;
// - as runc does, calls numbered above every call the profile names return ENOSYS, so that a C library
//   newer than the profile falls back to the older call it knows (it does so on ENOSYS only);
// - a comparison value above 2^53-1 is refused: JSON.parse may have rounded it, so it may not be the value
//   runc would compare against.
import { X86_64_SYSCALLS } from "./syscalls-x86_64.js";

export interface OciSeccomp {
  defaultAction: string;
  defaultErrnoRet?: number;
  architectures?: string[];
  syscalls?: Array<{
    names: string[];
    action: string;
    errnoRet?: number;
    args?: Array<{ index: number; value: number; valueTwo?: number; op: string }>;
  }>;
}

const AUDIT_ARCH_X86_64 = 0xc000003e;
const X32_SYSCALL_BIT = 0x40000000;
const BPF_MAXINSNS = 4096;

const RET_KILL_PROCESS = 0x80000000;
const RET_KILL_THREAD = 0x00000000;
const RET_TRAP = 0x00030000;
const RET_ERRNO = 0x00050000;
const RET_ALLOW = 0x7fff0000;
const ENOSYS = 38;

// struct seccomp_data: int nr; __u32 arch; __u64 instruction_pointer; __u64 args[6].
const OFFSET_NR = 0;
const OFFSET_ARCH = 4;
const OFFSET_ARGS = 16;

// Opcodes (linux/filter.h, linux/bpf_common.h).
const LD_W_ABS = 0x20; // BPF_LD | BPF_W | BPF_ABS
const ALU_AND_K = 0x54; // BPF_ALU | BPF_AND | BPF_K
const JEQ_K = 0x15; // BPF_JMP | BPF_JEQ | BPF_K
const JGT_K = 0x25; // BPF_JMP | BPF_JGT | BPF_K
const JGE_K = 0x35; // BPF_JMP | BPF_JGE | BPF_K
const RET_K = 0x06; // BPF_RET | BPF_K

interface Insn {
  code: number;
  jt: number;
  jf: number;
  k: number;
}

const TABLES: Readonly<Record<string, { table: Readonly<Record<string, number>>; scmpArch: string }>> = {
  x64: { table: X86_64_SYSCALLS, scmpArch: "SCMP_ARCH_X86_64" },
};

const UINT64_MAX = (1n << 64n) - 1n;

/** The architectures (node's names) with a system call table: the only ones `compileSeccomp` takes. */
export const SECCOMP_ARCHES: readonly string[] = Object.keys(TABLES);

type Op =
  "SCMP_CMP_EQ" | "SCMP_CMP_NE" | "SCMP_CMP_LT" | "SCMP_CMP_LE" | "SCMP_CMP_GT" | "SCMP_CMP_GE" | "SCMP_CMP_MASKED_EQ";
const OPS: ReadonlySet<string> = new Set<Op>([
  "SCMP_CMP_EQ",
  "SCMP_CMP_NE",
  "SCMP_CMP_LT",
  "SCMP_CMP_LE",
  "SCMP_CMP_GT",
  "SCMP_CMP_GE",
  "SCMP_CMP_MASKED_EQ",
]);

interface Condition {
  index: number;
  op: Op;
  value: bigint;
  valueTwo: bigint;
}

interface Rule {
  nr: number;
  action: number;
  conditions: Condition[];
}

function errnoValue(errno: number | undefined, what: string): number {
  const value = errno ?? 1; // EPERM, as runc
  if (!Number.isInteger(value) || value < 0 || value > 0xffff) {
    throw new Error(`seccomp: ${what} has an errno the filter cannot return: ${String(errno)}`);
  }
  return value;
}

/** The SECCOMP_RET_* value of an OCI action; throws for the actions a plain filter cannot honour. */
function actionValue(action: string, errnoRet: number | undefined, what: string): number {
  switch (action) {
    case "SCMP_ACT_ALLOW":
      return RET_ALLOW;
    case "SCMP_ACT_ERRNO":
      return (RET_ERRNO | errnoValue(errnoRet, what)) >>> 0;
    case "SCMP_ACT_KILL":
    case "SCMP_ACT_KILL_THREAD":
      return RET_KILL_THREAD;
    case "SCMP_ACT_KILL_PROCESS":
      return RET_KILL_PROCESS;
    case "SCMP_ACT_TRAP":
      return RET_TRAP;
    default:
      // SCMP_ACT_TRACE, SCMP_ACT_LOG and SCMP_ACT_NOTIFY need a tracer, the audit log or an agent.
      throw new Error(`seccomp: cannot compile the action ${action} of ${what}`);
  }
}

function u64(value: number | undefined, what: string): bigint {
  if (value === undefined) return 0n;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    throw new Error(`seccomp: ${what} is not an unsigned 64-bit integer: ${String(value)}`);
  }
  const big = BigInt(value);
  if (big > UINT64_MAX) throw new Error(`seccomp: ${what} is above 2^64-1: ${String(value)}`);
  // Above 2^53 a JSON number may have been rounded on parsing: the runtime would compare another value.
  if (!Number.isSafeInteger(value)) {
    throw new Error(`seccomp: ${what} is above 2^53-1, so maybe not the profile's exact value: ${String(value)}`);
  }
  return big;
}

function conditionOf(arg: { index: number; value: number; valueTwo?: number; op: string }, what: string): Condition {
  if (!Number.isInteger(arg.index) || arg.index < 0 || arg.index > 5) {
    throw new Error(`seccomp: ${what} compares argument ${String(arg.index)} (only 0..5 exist)`);
  }
  if (!OPS.has(arg.op)) throw new Error(`seccomp: cannot compile the operator ${arg.op} of ${what}`);
  return {
    index: arg.index,
    op: arg.op as Op,
    value: u64(arg.value, `${what}: value`),
    valueTwo: u64(arg.valueTwo, `${what}: valueTwo`),
  };
}

const hi = (v: bigint): number => Number(v >> 32n);
const lo = (v: bigint): number => Number(v & 0xffffffffn);

/** Instructions that fall through when the condition holds and jump `fail` instructions past their end when not. */
function conditionCode(c: Condition, fail: number): Insn[] {
  const loOff = OFFSET_ARGS + 8 * c.index;
  const hiOff = loOff + 4;
  const ld = (k: number): Insn => ({ code: LD_W_ABS, jt: 0, jf: 0, k });
  const j = (code: number, k: number, jt: number, jf: number): Insn => ({ code, jt, jf, k });
  const [vh, vl] = [hi(c.value), lo(c.value)];
  // `fail` counts from the end of this sequence; each jump's offset counts from the next instruction.
  switch (c.op) {
    case "SCMP_CMP_EQ": // hi == vh && lo == vl
      return [ld(hiOff), j(JEQ_K, vh, 0, 2 + fail), ld(loOff), j(JEQ_K, vl, 0, fail)];
    case "SCMP_CMP_NE": // hi != vh || lo != vl
      return [ld(hiOff), j(JEQ_K, vh, 0, 2), ld(loOff), j(JEQ_K, vl, fail, 0)];
    case "SCMP_CMP_GT": // hi > vh || (hi == vh && lo > vl)
      return [ld(hiOff), j(JGT_K, vh, 3, 0), j(JEQ_K, vh, 0, 2 + fail), ld(loOff), j(JGT_K, vl, 0, fail)];
    case "SCMP_CMP_GE": // hi > vh || (hi == vh && lo >= vl)
      return [ld(hiOff), j(JGT_K, vh, 3, 0), j(JEQ_K, vh, 0, 2 + fail), ld(loOff), j(JGE_K, vl, 0, fail)];
    case "SCMP_CMP_LT": // !(hi > vh) && (hi != vh || !(lo >= vl))
      return [ld(hiOff), j(JGT_K, vh, 3 + fail, 0), j(JEQ_K, vh, 0, 2), ld(loOff), j(JGE_K, vl, fail, 0)];
    case "SCMP_CMP_LE": // !(hi > vh) && (hi != vh || !(lo > vl))
      return [ld(hiOff), j(JGT_K, vh, 3 + fail, 0), j(JEQ_K, vh, 0, 2), ld(loOff), j(JGT_K, vl, fail, 0)];
    case "SCMP_CMP_MASKED_EQ": {
      // (arg & value) == valueTwo, word by word
      const [dh, dl] = [hi(c.valueTwo), lo(c.valueTwo)];
      return [
        ld(hiOff),
        { code: ALU_AND_K, jt: 0, jf: 0, k: vh },
        j(JEQ_K, dh, 0, 3 + fail),
        ld(loOff),
        { code: ALU_AND_K, jt: 0, jf: 0, k: vl },
        j(JEQ_K, dl, 0, fail),
      ];
    }
  }
}

/** The rules that apply to the native ABI, in profile order, after runc's filtering. */
function rulesOf(profile: OciSeccomp, table: Readonly<Record<string, number>>, defaultAction: number): Rule[] {
  const rules: Rule[] = [];
  const actionOfNr = new Map<number, number>();
  (profile.syscalls ?? []).forEach((call, i) => {
    const what = `syscalls[${i}] (${call.names.join(", ")})`;
    const action = actionValue(call.action, call.errnoRet, what);
    const conditions = (call.args ?? []).map((arg, a) => conditionOf(arg, `${what} args[${a}]`));
    if (action === defaultAction) return; // runc: redundant, skipped
    const indexes = conditions.map((c) => c.index);
    // runc: a rule comparing one argument twice becomes one rule per condition.
    const sets = new Set(indexes).size < indexes.length ? conditions.map((c) => [c]) : [conditions];
    for (const name of call.names) {
      const nr = Object.hasOwn(table, name) ? table[name] : undefined;
      if (nr === undefined) continue; // not a call of this ABI (runc skips what it cannot resolve)
      const seen = actionOfNr.get(nr);
      if (seen !== undefined && seen !== action) {
        throw new Error(
          `seccomp: cannot compile ${what}: ${name} also has a rule with another action (0x${seen.toString(16)})`,
        );
      }
      actionOfNr.set(nr, action);
      for (const set of sets) rules.push({ nr, action, conditions: set });
    }
  });
  return rules;
}

function encode(program: Insn[]): Buffer {
  const out = Buffer.alloc(program.length * 8);
  program.forEach((insn, i) => {
    if (insn.jt > 255 || insn.jf > 255 || insn.jt < 0 || insn.jf < 0) {
      throw new Error(`seccomp: jump out of range at instruction ${i}`);
    }
    out.writeUInt16LE(insn.code, i * 8);
    out.writeUInt8(insn.jt, i * 8 + 2);
    out.writeUInt8(insn.jf, i * 8 + 3);
    out.writeUInt32LE(insn.k >>> 0, i * 8 + 4);
  });
  return out;
}

/** The BPF program; throws an Error naming what it cannot compile (unknown action/op, arch without a table). */
export function compileSeccomp(profile: OciSeccomp, arch: string /* node's process.arch */): Buffer {
  const native = Object.hasOwn(TABLES, arch) ? TABLES[arch] : undefined;
  if (native === undefined) throw new Error(`seccomp: no system call table for ${arch}`);
  if (profile.architectures !== undefined && !profile.architectures.includes(native.scmpArch)) {
    throw new Error(
      `seccomp: the profile's architectures (${profile.architectures.join(", ")}) lack ${native.scmpArch}`,
    );
  }
  if (profile.defaultAction === "SCMP_ACT_ALLOW" || profile.defaultAction === "SCMP_ACT_LOG") {
    throw new Error(`seccomp: the default action ${profile.defaultAction} does not deny by default`);
  }
  const defaultAction = actionValue(profile.defaultAction, profile.defaultErrnoRet, "the default action");
  const rules = rulesOf(profile, native.table, defaultAction);
  const named = (profile.syscalls ?? []).flatMap((call) => call.names.map((name) => native.table[name] ?? -1));
  const newest = Math.max(-1, ...named);

  const ret = (k: number): Insn => ({ code: RET_K, jt: 0, jf: 0, k });
  const loadNr: Insn = { code: LD_W_ABS, jt: 0, jf: 0, k: OFFSET_NR };
  const program: Insn[] = [
    { code: LD_W_ABS, jt: 0, jf: 0, k: OFFSET_ARCH },
    { code: JEQ_K, jt: 1, jf: 0, k: AUDIT_ARCH_X86_64 },
    ret(RET_KILL_PROCESS),
    loadNr,
    { code: JGE_K, jt: 0, jf: 1, k: X32_SYSCALL_BIT },
    ret(RET_KILL_PROCESS),
    ...(newest < 0 ? [] : [{ code: JGT_K, jt: 0, jf: 1, k: newest }, ret((RET_ERRNO | ENOSYS) >>> 0)]),
  ];
  for (const rule of rules) {
    // jeq #nr, 0, <past block>; [conditions, failing to the reload]; ret action; [ld nr]
    const block: Insn[] = [];
    const codes = rule.conditions.map((c) => conditionCode(c, 0));
    const sizes = codes.map((c) => c.length);
    rule.conditions.forEach((c, n) => {
      // A failing condition jumps over the later conditions and the ret, to the reload of nr.
      const after = sizes.slice(n + 1).reduce((a, b) => a + b, 0) + 1;
      block.push(...conditionCode(c, after));
    });
    block.push(ret(rule.action));
    if (rule.conditions.length > 0) block.push(loadNr);
    program.push({ code: JEQ_K, jt: 0, jf: block.length, k: rule.nr }, ...block);
  }
  program.push(ret(defaultAction));
  if (program.length > BPF_MAXINSNS) {
    throw new Error(
      `seccomp: the program has ${program.length} instructions, more than BPF_MAXINSNS (${BPF_MAXINSNS})`,
    );
  }
  return encode(program);
}
