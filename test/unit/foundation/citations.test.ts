// Comments and strings in src/, test/, scripts/ and bench/ cite only files of this repository: never the design
// documents the project was started from (which a reader of the repository cannot open), never the bare ids of
// their defect list (BUG-n) or message list (M-n), and only docs/*.md files that exist. Rule ids R-XXX-n stay:
// docs/rules.md lists them. The outside documents and ids are looked for in the whole text of each file (comments,
// strings and fixture data alike); docs/ citations only in comments, since test data names files such as
// docs/refunds.md inside fixture projects.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

const root = path.resolve(__dirname, '../../..');
const FOLDERS = ['src', 'test', 'scripts', 'bench'];
const TEXT_EXTENSIONS = new Set(['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs', '.sh', '.json', '.yaml', '.yml', '.md', '.code-workspace']);
// This file names the forbidden forms on purpose.
const SELF = path.relative(root, __filename).split(path.sep).join('/');

const FORBIDDEN: ReadonlyArray<{ what: string; pattern: RegExp }> = [
  { what: 'an outside design document', pattern: /(?<![\w-])(?:wizard|quality|cli|workspace|product)\.md\b/g },
  { what: 'the outside seed-rules document', pattern: /(?<![\w-])seed-rules\b/g },
  { what: 'the outside roles document (the repository one is docs/roles.md)', pattern: /(?<![\w/-])roles\.md\b/g },
  { what: 'a path outside the repository', pattern: /\.\.\/shared\b|\/work\/shared\b/g },
  { what: 'a bare defect id (say what was decided, or cite docs/decisions.md)', pattern: /\bBUG-\d+/g },
  { what: 'a bare message id (quote the message, or cite docs/state-file.md or docs/protocol.md)', pattern: /\bM\d+\b/g },
];
const DOCS_MENTION = /(?<![\w./-])docs\/([\w./-]*?\.md)\b/g;

interface Finding { file: string; line: number; text: string; what: string }

const SCRIPT_EXTENSIONS = new Set(['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs']);

/** The comments of a file with their offsets: parsed for scripts, `#` lines for shell and YAML, none for data. */
function commentsOf(file: string, text: string): Array<{ pos: number; text: string }> {
  const ext = path.extname(file);
  if (SCRIPT_EXTENSIONS.has(ext)) {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ext === '.ts' || ext === '.mts' || ext === '.cts' ? ts.ScriptKind.TS : ts.ScriptKind.JS);
    const seen = new Map<number, string>();
    const add = (ranges: ts.CommentRange[] | undefined) => {
      for (const r of ranges ?? []) seen.set(r.pos, text.slice(r.pos, r.end));
    };
    const visit = (node: ts.Node) => {
      add(ts.getLeadingCommentRanges(text, node.pos));
      add(ts.getTrailingCommentRanges(text, node.end));
      ts.forEachChild(node, visit);
    };
    add(ts.getLeadingCommentRanges(text, 0));
    visit(source);
    return [...seen].map(([pos, t]) => ({ pos, text: t }));
  }
  if (ext === '.sh' || ext === '.yaml' || ext === '.yml') {
    return [...text.matchAll(/(?:^|\s)(#.*)$/gm)].map((m) => ({ pos: m.index + m[0].indexOf(m[1]), text: m[1] }));
  }
  return [];
}

function lineOf(text: string, index: number): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** What is wrong with the citations of one file's text (an empty list when nothing is). */
function citationProblems(file: string, text: string, docExists: (name: string) => boolean): Finding[] {
  const found: Finding[] = [];
  for (const { what, pattern } of FORBIDDEN) {
    for (const m of text.matchAll(pattern)) found.push({ file, line: lineOf(text, m.index), text: m[0], what });
  }
  for (const comment of commentsOf(file, text)) {
    for (const m of comment.text.matchAll(DOCS_MENTION)) {
      if (!docExists(m[1])) found.push({ file, line: lineOf(text, comment.pos + m.index), text: m[0], what: 'a docs/ file that does not exist' });
    }
  }
  return found;
}

function* textFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(full);
    else if (entry.isFile() && TEXT_EXTENSIONS.has(path.extname(entry.name))) yield full;
  }
}

const docExists = (name: string) => fs.existsSync(path.join(root, 'docs', name));

describe('foundation: comments cite only files of this repository', () => {
  it('no file of src/, test/, scripts/ or bench/ cites an outside document, a bare BUG-n or M-n id, or a missing docs/ file', () => {
    const findings: Finding[] = [];
    let scanned = 0;
    for (const folder of FOLDERS) {
      for (const full of textFiles(path.join(root, folder))) {
        const file = path.relative(root, full).split(path.sep).join('/');
        if (file === SELF) continue;
        scanned++;
        findings.push(...citationProblems(file, fs.readFileSync(full, 'utf8'), docExists));
      }
    }
    assert.ok(scanned > 100, `only ${scanned} files scanned`);
    const lines = findings.map((f) => `${f.file}:${f.line}: '${f.text}' is ${f.what}`);
    assert.equal(lines.length, 0, `${lines.length} citations to fix:\n${lines.join('\n')}`);
  });

  it('the scan catches each forbidden form and lets repository citations through', () => {
    const exists = (name: string) => name === 'roles.md' || name === 'safety.md';
    const bad = [
      '// see wizard.md › Steps', '// quality.md P4', '/** seed-rules §1.2 */', "'cli.md'", '# workspace.md › Roots',
      '// product.md', '// roles.md › Hosts', '// ../shared/harness/README.md', '// /work/shared/spec', '// BUG-12',
      '// refused with M7', '// docs/nowhere.md',
    ];
    for (const line of bad) assert.equal(citationProblems('x.ts', line, exists).length, 1, line);
    assert.equal(citationProblems('x.sh', '# see docs/nowhere.md', exists).length, 1);
    assert.equal(citationProblems('x.yaml', 'key: 1 # docs/nowhere.md', exists).length, 1);
    const good = [
      '// docs/roles.md › Hosts', '// docs/safety.md R1', "it('R-SUB-2: a count', …)", '// P1–P6, R1–R7',
      '// okstra-wizard.md', '// the M-number list', '// HTML5 and 10M rows', "const brief = 'docs/refunds.md';",
    ];
    for (const line of good) assert.deepEqual(citationProblems('x.ts', line, exists), [], line);
  });
});
