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
          // Inside a feature, fewer "../" than depth: a sibling subfolder only through its index.ts.
          ...(depth > 1 ? [{ regex: `^(\\.\\./){1,${depth - 1}}[^./][^/]*/(?!index(\\.tsx?)?$)`, message: `A sibling subfolder only through its index.ts (a shared file sits in the parent folder). ${layerMessage}` }] : []),
        ],
      }],
    },
  };
});

/**
 * The server's areas (issue 25; docs/architecture.md): every folder under packages/server/src is an
 * area (candidates/, taking/, attempts/, results/ …) except these shared infrastructure folders,
 * which any file may import by file. An area reaches another area only through its index.ts; the
 * infrastructure reaches no area (it sits below them: routes → services → db/auth/http).
 */
const serverInfrastructure = ["db", "auth", "http", "i18n", "jobs", "mail", "providers", "audit", "content", "pdf", "realtime"];
/** Composition, not areas: the demo seed and the test harness wire every area's files together. */
const serverComposition = ["demo", "test"];
/** Test scaffolding may reach any file it sets up (fixtures of another area included). */
const serverTestFiles = ["packages/server/src/**/*.test.ts", "packages/server/src/**/test-fixtures.ts", "packages/server/src/**/test-support.ts"];
const serverMessage = "Server areas (eslint.config.js, docs/architecture.md): another area only through its index.ts; db/auth/http and the other infrastructure folders by file.";
const shared = [...serverInfrastructure, ...serverComposition].join("|");
/** A file `depth` folders below src/ leaves its area with exactly `depth` "../" (src/ files themselves are the composition root). */
const reachArea = (depth) => ({ regex: `^(\\.\\./){${depth}}(?!(${shared})/)[^./][^/]*/(?!index(\\.js)?$)`, message: `Another area only through its index.ts. ${serverMessage}` });
const reachUp = (depth) => ({ regex: `^(\\.\\./){${depth}}(?!(${serverInfrastructure.join("|")})/)[^./][^/]*/`, message: `Infrastructure reaches no area (routes → services → db/auth/http). ${serverMessage}` });
const serverBlocks = [1, 2, 3].flatMap((depth) => {
  const files = [`packages/server/src/${"*/".repeat(depth)}*.ts`];
  const infraFiles = serverInfrastructure.map((f) => `packages/server/src/${f}/${"*/".repeat(depth - 1)}*.ts`);
  const composition = serverComposition.map((f) => `packages/server/src/${f}/**`);
  return [
    { files, ignores: [...infraFiles, ...composition, ...serverTestFiles], rules: { "no-restricted-imports": ["error", { patterns: [reachArea(depth)] }] } },
    {
      files: infraFiles,
      // Routes files are the top layer wherever they are; jobs/handlers.ts registers every area's jobs.
      // Known exceptions, to be moved: auth/login-service.ts (taking's entryHref), http/request-context.ts (ops' isOpsPath).
      ignores: ["**/routes.ts", "packages/server/src/jobs/handlers.ts", "packages/server/src/auth/login-service.ts", "packages/server/src/http/request-context.ts", ...serverTestFiles],
      rules: { "no-restricted-imports": ["error", { patterns: [reachArea(depth), reachUp(depth)] }] },
    },
  ];
});
/** Layer direction inside every area: only routes files (and src/ itself) import a routes file. */
const serverLayers = {
  files: ["packages/server/src/*/**/*.ts"],
  ignores: ["**/routes.ts", ...serverTestFiles],
  rules: { "@typescript-eslint/no-restricted-imports": ["error", { patterns: [{ regex: "(^|/)routes(\\.js)?$", message: `Routes import services, never the reverse. ${serverMessage}` }] }] },
};

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
  ...serverBlocks,
  serverLayers,
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
