// The repository's TypeScript import graph, read with the TypeScript parser (no type checking, so that reading
// every file takes about a second): which module imports which (every import form, type-only ones included), which
// names each module exports and which of those names other modules use. importCycles.test.ts and
// unusedExports.test.ts judge it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

export const REPO = path.resolve(__dirname, '../../..');

/** Every module form the parser reads; `.d.ts` files declare, they import nothing of ours. */
const SOURCE = /\.(?:[cm]?ts|[cm]?js)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'out', '.tools', '.git', 'fixtures', 'test-results']);

/** Repository-relative paths (with '/') of the source files under `dirs`. */
export function sourceFiles(dirs: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const e of fs.readdirSync(path.join(REPO, rel), { withFileTypes: true })) {
      const child = `${rel}/${e.name}`;
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name)) walk(child);
      } else if (SOURCE.test(e.name) && !e.name.endsWith('.d.ts') && !e.name.endsWith('.d.mts')) out.push(child);
    }
  };
  for (const d of dirs) if (fs.existsSync(path.join(REPO, d))) walk(d);
  return out.sort();
}

const EXTENSIONS = ['', '.ts', '.mts', '.cts', '.js', '.mjs', '.cjs', '/index.ts', '/index.js'];

/** The repository file a relative specifier names from `fromRel`, or null (a package, a builtin, a data file). */
export function resolveSpecifier(fromRel: string, spec: string): string | null {
  if (!spec.startsWith('./') && !spec.startsWith('../') && spec !== '.' && spec !== '..') return null;
  const base = path.resolve(REPO, path.dirname(fromRel), spec);
  for (const ext of EXTENSIONS) {
    const abs = base + ext;
    if (SOURCE.test(abs) && fs.existsSync(abs) && fs.statSync(abs).isFile()) return path.relative(REPO, abs).split(path.sep).join('/');
  }
  return null;
}

/** What one module takes from another: named exports, or every export (a namespace used as a value, `export *`). */
export interface ImportEdge {
  from: string;
  to: string;
  /** Names used; `*` for all of them. */
  names: Set<string>;
  line: number;
}

/** How a module exports a name: its own declaration, or a re-export of another module's name. */
export type ExportEntry = { kind: 'local'; line: number } | { kind: 'reexport'; module: string; name: string; line: number };

export interface ModuleInfo {
  file: string;
  imports: ImportEdge[];
  exports: Map<string, ExportEntry>;
  /** `export * from`: the names of these modules are this module's too. */
  stars: string[];
}

function hasExportModifier(node: ts.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

function hasDefaultModifier(node: ts.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
}

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((e) => (ts.isOmittedExpression(e) ? [] : bindingNames(e.name)));
}

/** Wrappers that leave a value what it is: `(x)`, `x as T`, `x!`, `<T>x`, `await x`, `x satisfies T`. */
function outerOf(node: ts.Node): ts.Node {
  let n = node;
  while (
    ts.isParenthesizedExpression(n.parent) ||
    ts.isAsExpression(n.parent) ||
    ts.isNonNullExpression(n.parent) ||
    ts.isTypeAssertionExpression(n.parent) ||
    ts.isAwaitExpression(n.parent) ||
    ts.isSatisfiesExpression(n.parent)
  )
    n = n.parent;
  return n;
}

/** How the file uses a namespace bound to `local` (import * as, require, import = require): its names, or `*`. */
function namespaceUses(source: ts.SourceFile, local: string, declaration: ts.Node): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === local && node !== declaration) {
      const p = node.parent;
      if (ts.isPropertyAccessExpression(p) && p.expression === node) names.add(p.name.text);
      else if (ts.isQualifiedName(p) && p.left === node) names.add(p.right.text);
      else if (ts.isElementAccessExpression(p) && p.expression === node && ts.isStringLiteralLike(p.argumentExpression))
        names.add(p.argumentExpression.text);
      else if (
        !(ts.isPropertyAccessExpression(p) && p.name === node) &&
        !(ts.isPropertyAssignment(p) && p.name === node) &&
        !(ts.isQualifiedName(p) && p.right === node) &&
        !ts.isImportSpecifier(p) &&
        !ts.isExportSpecifier(p)
      )
        names.add('*');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** The names a `require(…)` / `import(…)` call takes, from where its value goes. */
function callUses(source: ts.SourceFile, call: ts.Node): Set<string> {
  const outer = outerOf(call);
  const p = outer.parent;
  if (ts.isPropertyAccessExpression(p) && p.expression === outer) return new Set([p.name.text]);
  if (ts.isVariableDeclaration(p) && p.initializer === outer) {
    if (ts.isObjectBindingPattern(p.name)) {
      const names = new Set<string>();
      for (const e of p.name.elements) {
        const key = e.propertyName ?? e.name;
        if (e.dotDotDotToken || !ts.isIdentifier(key)) return new Set(['*']);
        names.add(key.text);
      }
      return names;
    }
    if (ts.isIdentifier(p.name)) return namespaceUses(source, p.name.text, p.name);
  }
  return new Set(['*']);
}

/** Parses one file: what it imports (by module and name) and what it exports. */
export function readModule(
  file: string,
  text = fs.readFileSync(path.join(REPO, file), 'utf8'),
  resolve: (fromRel: string, spec: string) => string | null = resolveSpecifier,
): ModuleInfo {
  const kind = /\.[cm]?js$/.test(file) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, kind);
  const info: ModuleInfo = { file, imports: [], exports: new Map(), stars: [] };
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const edge = (node: ts.Node, spec: string, names: Set<string>): string | null => {
    const to = resolve(file, spec);
    if (to !== null) info.imports.push({ from: file, to, names, line: lineOf(node) });
    return to;
  };

  for (const st of source.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const names = new Set<string>();
      const clause = st.importClause;
      if (clause?.name) names.add('default');
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings))
        for (const n of namespaceUses(source, bindings.name.text, bindings.name)) names.add(n);
      else if (bindings) for (const e of bindings.elements) names.add((e.propertyName ?? e.name).text);
      edge(st, st.moduleSpecifier.text, names);
    } else if (ts.isImportEqualsDeclaration(st) && ts.isExternalModuleReference(st.moduleReference)) {
      const expr = st.moduleReference.expression;
      if (ts.isStringLiteral(expr)) edge(st, expr.text, namespaceUses(source, st.name.text, st.name));
    } else if (ts.isExportDeclaration(st)) {
      const spec = st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) ? st.moduleSpecifier.text : null;
      const clause = st.exportClause;
      if (spec === null) {
        if (clause && ts.isNamedExports(clause))
          for (const e of clause.elements) info.exports.set(e.name.text, { kind: 'local', line: lineOf(e) });
        continue;
      }
      const to = resolve(file, spec);
      if (!clause) {
        // `export * from`: a use only through this module's importers (resolved in usedExports).
        if (to) {
          info.stars.push(to);
          info.imports.push({ from: file, to, names: new Set(), line: lineOf(st) });
        }
      } else if (ts.isNamespaceExport(clause)) {
        info.exports.set(clause.name.text, { kind: 'local', line: lineOf(clause) });
        if (to) info.imports.push({ from: file, to, names: new Set(['*']), line: lineOf(st) });
      } else {
        for (const e of clause.elements) {
          const name = (e.propertyName ?? e.name).text;
          if (to) info.exports.set(e.name.text, { kind: 'reexport', module: to, name, line: lineOf(e) });
          else info.exports.set(e.name.text, { kind: 'local', line: lineOf(e) });
        }
        // The re-exported names count as used only when this module's own export of them is (usedExports).
        if (to) info.imports.push({ from: file, to, names: new Set(), line: lineOf(st) });
      }
    } else if (ts.isModuleDeclaration(st) && ts.isStringLiteral(st.name)) {
      // `declare module './x' { interface I { … } }`: an augmentation of x, which uses (and adds to) the names it declares.
      const names = new Set<string>();
      if (st.body && ts.isModuleBlock(st.body))
        for (const d of st.body.statements) {
          const name = (d as ts.DeclarationStatement).name;
          if (name && ts.isIdentifier(name)) names.add(name.text);
        }
      edge(st, st.name.text, names);
    } else if (ts.isExportAssignment(st)) {
      info.exports.set('default', { kind: 'local', line: lineOf(st) });
    } else if (hasExportModifier(st)) {
      if (hasDefaultModifier(st)) info.exports.set('default', { kind: 'local', line: lineOf(st) });
      else if (ts.isVariableStatement(st)) {
        for (const d of st.declarationList.declarations)
          for (const n of bindingNames(d.name)) info.exports.set(n, { kind: 'local', line: lineOf(d) });
      } else {
        const name = (st as ts.DeclarationStatement).name;
        if (name && (ts.isIdentifier(name) || ts.isStringLiteral(name))) info.exports.set(name.text, { kind: 'local', line: lineOf(st) });
      }
    }
  }

  // require('…'), import('…'), import('…').T and typeof import('…') anywhere in the file.
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.arguments.length >= 1 && ts.isStringLiteralLike(node.arguments[0]!)) {
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      const isImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      if (isRequire || isImport) edge(node, node.arguments[0]!.text, callUses(source, node));
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      const spec = node.argument.literal.text;
      let names: Set<string>;
      if (node.qualifier) {
        let q: ts.EntityName = node.qualifier;
        while (ts.isQualifiedName(q)) q = q.left;
        names = new Set([q.text]);
      } else {
        // `require('./x') as typeof import('./x')`: the require says which names are taken.
        const cast = node.parent;
        const castsItsRequire =
          ts.isAsExpression(cast) &&
          ts.isCallExpression(cast.expression) &&
          ts.isIdentifier(cast.expression.expression) &&
          cast.expression.expression.text === 'require' &&
          ts.isStringLiteralLike(cast.expression.arguments[0]!) &&
          cast.expression.arguments[0].text === spec;
        names = castsItsRequire ? new Set() : new Set(['*']);
      }
      edge(node, spec, names);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return info;
}

export function readModules(files: readonly string[]): Map<string, ModuleInfo> {
  return new Map(files.map((f) => [f, readModule(f)]));
}

/** Strongly connected components of more than one module, or a module that imports itself (Tarjan). */
export function importCycles(modules: ReadonlyMap<string, ModuleInfo>, within: (file: string) => boolean): string[][] {
  const next = new Map<string, string[]>();
  for (const [file, m] of modules) {
    if (!within(file)) continue;
    next.set(file, [...new Set(m.imports.map((e) => e.to).filter((t) => within(t) && modules.has(t)))]);
  }
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const strong = (v: string): void => {
    idx.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!idx.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (next.get(v) ?? []).includes(v)) out.push(component.sort());
    }
  };
  for (const v of [...next.keys()].sort()) if (!idx.has(v)) strong(v);
  return out;
}

/**
 * Every (module, name) some other module uses: named imports, namespace members, `*` for a namespace used whole,
 * through re-exports and `export *` to the module that declares the name. `entries` are modules whose `export *`
 * and re-exports do not count as uses (bundle entry points: what they re-export is used through lazy requires,
 * which the graph sees in the modules that make them).
 */
export function usedExports(modules: ReadonlyMap<string, ModuleInfo>, entries: ReadonlySet<string>): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>();
  const mark = (file: string, name: string, seen = new Set<string>()): void => {
    const key = `${file}\u0000${name}`;
    if (seen.has(key)) return;
    seen.add(key);
    const m = modules.get(file);
    if (!m) return;
    let names = used.get(file);
    if (!names) used.set(file, (names = new Set()));
    names.add(name);
    if (entries.has(file)) return;
    if (name === '*') {
      for (const e of m.exports.values()) if (e.kind === 'reexport') mark(e.module, e.name, seen);
      for (const s of m.stars) mark(s, '*', seen);
      return;
    }
    const e = m.exports.get(name);
    if (e?.kind === 'reexport') mark(e.module, e.name, seen);
    else if (!e) for (const s of m.stars) mark(s, name, seen);
  };
  for (const m of modules.values()) for (const e of m.imports) for (const n of e.names) if (e.to !== m.file) mark(e.to, n);
  return used;
}

let repository: Map<string, ModuleInfo> | undefined;

/** Every module of src/, test/, scripts/ and bench/, read once per test process. */
export function repositoryModules(): Map<string, ModuleInfo> {
  return (repository ??= readModules(sourceFiles(['src', 'test', 'scripts', 'bench'])));
}
