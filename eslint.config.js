// typescript-eslint's type-checked rules: promises that nobody awaits, unsafe `any`, and the like are
// errors in CI (.ci/run). Formatting is prettier's.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  // Fixture repositories are other projects' code, read by the tests as it is.
  { ignores: ["dist/", "node_modules/", "build/", "coverage/", "test/fixtures/"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  // The project tsconfig.check.json type-checks: src, test, scripts, examples.
  { languageOptions: { parserOptions: { project: "./tsconfig.check.json", tsconfigRootDir: import.meta.dirname } } },
  { files: ["**/*.js", "**/*.mjs"], ...tseslint.configs.disableTypeChecked },
  {
    rules: {
      // The gate cleans control characters out of untrusted text on purpose: its patterns name them.
      "no-control-regex": "off",
      // Methods that implement a promise-returning interface (an engine, a client) need not await.
      "@typescript-eslint/require-await": "off",
      // `const { dropped, ...kept } = value` is how an object loses a key without a copy-and-delete.
      "@typescript-eslint/no-unused-vars": ["error", { ignoreRestSiblings: true }],
    },
  },
  {
    // Tests read JSON (reports, requests to the fake GitHub) that a schema has already checked, and
    // vitest's asymmetric matchers (`expect.any`, `expect.stringMatching`) are typed `any`.
    files: ["test/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-base-to-string": "off",
    },
  },
  { files: ["scripts/**/*.mjs"], languageOptions: { globals: { console: "readonly", process: "readonly" } } },
);
