import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { importX } from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";

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
  {
    // No import cycles (issue 25): a cycle makes load order matter and hides which module is the base.
    // Type-only imports do not count (erased at run time); packages are not followed. It parses each
    // imported file once more (about +20 s of CPU on the whole tree); a maxDepth saved nothing.
    files: ["packages/{server,web,contract}/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          project: ["packages/server/tsconfig.json", "packages/web/tsconfig.json", "packages/contract/tsconfig.json"],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
);
