import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

/**
 * The web app's import direction (docs/architecture.md): app → features → ui / i18n / api / contract.
 * A file `depth` folders below features/ leaves its feature with exactly `depth` "../"; what follows
 * must be another feature's folder (its index.ts), never a file inside it. One more "../" reaches
 * src/, where app/ and features/ are off limits.
 */
const layerMessage = "Import direction: app → features → ui/i18n/api/contract (docs/architecture.md).";
const featureBlocks = [1, 2, 3, 4].map((depth) => {
  const up = `(\\.\\./){${depth}}`;
  return {
    files: [`packages/web/src/features/${"*/".repeat(depth)}*.{ts,tsx}`],
    rules: {
      "no-restricted-imports": ["error", {
        patterns: [
          { regex: `^${up}[^./][^/]*/(?!index(\\.tsx?)?$)`, message: `Another feature only through its index.ts. ${layerMessage}` },
          { regex: `^${up}\\.\\./(app|features)(/|$)`, message: `A feature never imports app/, nor features/ by way of src/. ${layerMessage}` },
          // Inside a feature, fewer "../" than depth: a sibling subfolder only through its index.ts.
          ...(depth > 1 ? [{ regex: `^(\\.\\./){1,${depth - 1}}[^./][^/]*/(?!index(\\.tsx?)?$)`, message: `A sibling subfolder only through its index.ts (a shared file sits in the parent folder). ${layerMessage}` }] : []),
        ],
      }],
    },
  };
});

export default tseslint.config(
  { ignores: ["**/dist/**", "**/node_modules/**", "data/**", "bench/out/**", "packages/server/src/db/migrations/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  {
    files: ["packages/web/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  ...featureBlocks,
  {
    files: ["packages/web/src/{ui,i18n,api}/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ regex: "^(\\.\\./)+(app|features)(/|$)", message: `ui/, i18n/ and api/ never import features/ or app/. ${layerMessage}` }] }],
    },
  },
);
