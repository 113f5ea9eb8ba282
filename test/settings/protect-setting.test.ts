// The `protect` input, read: the default, extending it, leaving files out, turning it off, and what is refused.
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors.js";
import { parseProtect, protectionOff, type ProtectSetting } from "../../src/settings/protect-setting.js";

describe("parseProtect", () => {
  it.each<[string, string[] | undefined, ProtectSetting]>([
    ["unset: the default", undefined, { defaults: true, globs: [], except: [] }],
    ["the default token", ["default"], { defaults: true, globs: [], except: [] }],
    ["empty: off", [], { defaults: false, globs: [], except: [] }],
    ["none: off", ["none"], { defaults: false, globs: [], except: [] }],
    ["globs alone replace the default", ["fixtures/**"], { defaults: false, globs: ["fixtures/**"], except: [] }],
    [
      "default plus globs extends it",
      ["default", "fixtures/**", "Makefile"],
      { defaults: true, globs: ["fixtures/**", "Makefile"], except: [] },
    ],
    ["default less a glob", ["default", "!setup.cfg"], { defaults: true, globs: [], except: ["setup.cfg"] }],
  ])("%s", (_, items, setting) => {
    expect(parseProtect(items)).toEqual(setting);
  });

  it.each<[string[], RegExp]>([
    [["/etc/passwd"], /'\/etc\/passwd' is absolute/],
    [["../up/**"], /'\.\.\/up\/\*\*' has a '\.\.' segment/],
    [["!docs/**"], /leaves out of nothing; write 'default, !docs\/\*\*'/],
    [["none", "default"], /'none' turns protection off; it goes alone/],
  ])("refuses %j naming the input", (items, message) => {
    const error = (() => {
      try {
        parseProtect(items);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).input).toBe("protect");
    expect((error as InputError).message).toMatch(message);
  });

  it("knows when protection is off", () => {
    expect([[], ["none"], undefined, ["x"]].map((items) => protectionOff(parseProtect(items)))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});
