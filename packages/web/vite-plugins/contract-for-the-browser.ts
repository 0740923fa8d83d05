import { parseAst, type Plugin } from "vite";

const CONTRACT_SOURCE = /[\\/]packages[\\/]contract[\\/]src[\\/][^?]*\.ts$/;
/** What only the server reads of a route: its schemas, and the summary of the API docs. */
const SERVER_ONLY_KEYS = new Set(["input", "output", "params", "summary"]);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function isNode(value: unknown): value is Node {
  return !!value && typeof value === "object" && typeof (value as Node).type === "string";
}

function walk(node: Node, visit: (node: Node) => void): void {
  visit(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const item of value) if (isNode(item)) walk(item, visit);
    if (isNode(value)) walk(value, visit);
  }
}

/** The object literal of `defineRoute({...})`, through `as`/`satisfies`. */
function routeObject(call: Node): Node | undefined {
  const callee = call.callee as Node;
  if (callee.type !== "Identifier" || callee.name !== "defineRoute") return undefined;
  let arg = (call.arguments as Node[])[0];
  while (arg && (arg.type === "TSAsExpression" || arg.type === "TSSatisfiesExpression")) arg = arg.expression as Node;
  if (arg?.type !== "ObjectExpression") throw new Error("defineRoute takes an object literal: the web build strips its schemas");
  return arg;
}

const FUNCTION_NODES = new Set(["FunctionExpression", "ArrowFunctionExpression", "FunctionDeclaration", "ClassExpression", "ClassDeclaration"]);

const EVALUATING_NODES = new Set(["CallExpression", "NewExpression", "SpreadElement", "TaggedTemplateExpression"]);

/** Whether evaluating `node` may run code (a call, a spread's getters), not counting functions it only defines. */
function runsCode(node: Node): boolean {
  if (FUNCTION_NODES.has(node.type)) return false;
  if (EVALUATING_NODES.has(node.type)) return true;
  return Object.values(node).some((value) => (Array.isArray(value) ? value.some((item) => isNode(item) && runsCode(item)) : isNode(value) && runsCode(value)));
}

/** The initialisers of top-level `const`s (exported or not) that run code as the module loads. */
function evaluatedInitialisers(program: Node): Node[] {
  const found: Node[] = [];
  for (let statement of program.body as Node[]) {
    if (statement.type === "ExportNamedDeclaration" && statement.declaration) statement = statement.declaration as Node;
    if (statement.type !== "VariableDeclaration") continue;
    for (const declarator of statement.declarations as Node[]) if (isNode(declarator.init) && runsCode(declarator.init)) found.push(declarator.init);
  }
  return found;
}

/**
 * The contract in the web build. The browser only sends and receives (api/client.ts reads a route's
 * method and path); the server validates. So the zod schemas (`input`, `output`, `params`) and the
 * API docs' `summary` are cut from every `defineRoute({...})`, and each top-level `const` whose
 * value is computed is wrapped in a function call marked pure: one nothing uses is dropped whole,
 * and zod with it once no schema is left (about 26 kB gzipped). The contract's modules only declare
 * (vite.config.ts treats them as free of side effects); what is used is computed as before, in the
 * same order. Types are untouched: TypeScript reads the contract's source. A schema a screen
 * imports by name (a form's own check) stays.
 */
export function contractForTheBrowser(): Plugin {
  return {
    name: "parlance:contract-for-the-browser",
    // Before the TypeScript transform: the offsets are those of the source.
    enforce: "pre",
    transform(code, id) {
      if (!CONTRACT_SOURCE.test(id)) return null;
      const program = parseAst(code, { lang: "ts" }) as unknown as Node;
      const edits: { start: number; end: number; text: string }[] = [];
      walk(program, (node) => {
        if (node.type !== "CallExpression") return;
        const route = routeObject(node);
        for (const prop of (route?.properties as Node[] | undefined) ?? []) {
          const key = prop.key as Node;
          if (prop.type === "Property" && !prop.computed && key.type === "Identifier" && SERVER_ONLY_KEYS.has(key.name as string)) {
            // The cut's line breaks stay, so every line keeps its number.
            const breaks = "\n".repeat(code.slice(prop.start, prop.end).split("\n").length - 1);
            edits.push({ start: prop.start, end: prop.end, text: `${key.name as string}: undefined${breaks}` });
          }
        }
      });
      for (const init of evaluatedInitialisers(program)) {
        edits.push({ start: init.start, end: init.start, text: "/* @__PURE__ */ (() => (" }, { start: init.end, end: init.end, text: "))()" });
      }
      if (edits.length === 0) return null;
      let out = "";
      let at = 0;
      for (const edit of edits.sort((a, b) => a.start - b.start)) {
        out += code.slice(at, edit.start) + edit.text;
        at = edit.end;
      }
      // No source map: lines keep their numbers, only columns after an edit move.
      return { code: out + code.slice(at), map: null };
    },
  };
}
