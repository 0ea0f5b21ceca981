import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** A node of the ESTree the bundler's parser returns: only what the walk below reads. */
type AstNode = { type: string; start: number; end: number; [key: string]: unknown };

const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';

const FUNCTIONS = new Set(['ArrowFunctionExpression', 'FunctionExpression', 'ClassExpression']);

/**
 * Where the calls made while `node` is evaluated start: every call and `new` of the expression,
 * its arguments' included, and none inside a function or class it defines, whose body runs
 * later (a refinement's `ctx.addIssue(...)` must never be taken for dead code).
 */
function callsEvaluatedNow(node: AstNode, starts: Set<number>): void {
  if (FUNCTIONS.has(node.type)) return;
  if (node.type === 'CallExpression' || node.type === 'NewExpression') starts.add(node.start);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'start' || key === 'end') continue;
    for (const child of Array.isArray(value) ? value : [value]) {
      if (isNode(child)) callsEvaluatedNow(child, starts);
    }
  }
}

/**
 * Marks the calls that build the shared contracts' top-level constants as pure, so that the
 * bundler leaves out the schemas no screen of a chunk uses. The bundler keeps every call it
 * cannot prove free of side effects, so a module of the contracts brought every schema it
 * defines into each chunk that used one of them, and each was built when the chunk was
 * evaluated: with the CPU slowed six times, the signed-in chunk spent 59 of its 107 ms in
 * zod (decision 0067). Defining a schema has no effect besides its value, and the contracts
 * define nothing else at their top level (no registry, no zod setting: lib/zod-jitless.ts is
 * the app's own).
 */
export function pureContracts(contractsDir: string): Plugin {
  return {
    name: 'member-invest:pure-contracts',
    apply: 'build',
    // After TypeScript is stripped: the parser reads JavaScript.
    enforce: 'post',
    transform(code, id) {
      if (!id.startsWith(contractsDir) || !/\.tsx?$/.test(id)) return null;
      const program = this.parse(code) as unknown as { body: AstNode[] };
      const starts = new Set<number>();
      for (const statement of program.body) {
        const declaration =
          statement.type === 'ExportNamedDeclaration' && isNode(statement.declaration)
            ? statement.declaration
            : statement;
        if (declaration.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations as AstNode[]) {
          if (isNode(declarator.init)) callsEvaluatedNow(declarator.init, starts);
        }
      }
      if (starts.size === 0) return null;
      const output = new MagicString(code);
      for (const start of starts) output.appendLeft(start, '/* @__PURE__ */ ');
      return { code: output.toString(), map: output.generateMap({ hires: true }) };
    },
  };
}
