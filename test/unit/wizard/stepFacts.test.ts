// Step facts live on the step's own definition (src/core/wizard/steps/step.ts): no module of src/ keeps a list of
// step ids beside the step table, and what the flow, the remembered answers and the extension need of a step is
// read from the step (followUp, pathAnswer, waitsForOpenedFile, kind, the confirmation's group).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';
import { FLOW, ROLES, STEP_BY_ID, STEPS, isConfirmationStep, stepFacts, withoutConfirmation } from '../../../src/core/wizard/steps';
import { opt, pickPrompt, textPrompt, type Step, type StepEnv } from '../../../src/core/wizard/steps/step';
import { en } from '../../../src/core/text/en';

const SRC = path.resolve(__dirname, '../../../src');
/** The step table itself and the text catalogues (keyed by step) may name many steps. */
const OWNERS = [path.join(SRC, 'core/wizard/steps'), path.join(SRC, 'core/text')];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

/** Array literals (also the argument of `new Set([...])`) holding two or more step ids, as `file:line: [ids]`. */
function stepIdLists(file: string, text: string, ids: ReadonlySet<string>): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isArrayLiteralExpression(node)) {
      const named = node.elements.filter((e) => ts.isStringLiteralLike(e) && ids.has(e.text)).map((e) => (e as ts.StringLiteralLike).text);
      if (named.length >= 2) {
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        found.push(`${path.relative(SRC, file)}:${line}: [${named.join(', ')}]`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('step facts on the step definitions', () => {
  const ids = new Set(STEPS.map((s) => s.id));

  it('no module of src/ outside the step table lists step ids', () => {
    const lists = sourceFiles(SRC)
      .filter((f) => !OWNERS.some((o) => f.startsWith(o + path.sep)))
      .flatMap((f) => stepIdLists(f, fs.readFileSync(f, 'utf8'), ids));
    assert.deepEqual(lists, []);
  });

  it('the guard finds such a list (a Set of step ids, as the prompt loop once kept)', () => {
    const text = "const PATH_STEPS = new Set(['brief-path', 'clarification', 'pr-template']);\nconst one = ['brief'];\n";
    assert.deepEqual(stepIdLists(path.join(SRC, 'vscode/x.ts'), text, ids), ['vscode/x.ts:1: [brief-path, clarification, pr-template]']);
  });

  it('the confirmation steps are those of the confirm group, and only they are taken out of the answers', () => {
    assert.deepEqual(
      STEPS.filter((s) => isConfirmationStep(s.id)).map((s) => s.id),
      ['confirm', 'edit-target'],
    );
    assert.equal(isConfirmationStep('role-count:analyser'), false);
    assert.deepEqual(withoutConfirmation(['task-pick', 'confirm', 'brief', 'edit-target']), ['task-pick', 'brief']);
  });

  it('the follow-ups, path answers and the step that waits for a file are declared on their steps', () => {
    const having = (fact: keyof Step) => STEPS.filter((s) => s[fact] === true).map((s) => s.id);
    assert.deepEqual(having('followUp'), ['brief-path', 'directive', 'related-tasks', 'clarification', 'pr-template']);
    assert.deepEqual(having('pathAnswer'), ['brief-path', 'clarification', 'pr-template']);
    assert.deepEqual(having('waitsForOpenedFile'), ['clarification-pick']);
    // Every follow-up comes right after a step of its group in the table (the pick that leads to it).
    for (const s of STEPS.filter((x) => x.followUp)) {
      const before = FLOW[FLOW.indexOf(s) - 1];
      assert.ok(before !== undefined && before !== ROLES && before.group === s.group, s.id);
    }
  });

  it('stepFacts gives the extension what the step declares, and nothing for role prompts', () => {
    assert.deepEqual(stepFacts('pr-template'), { pathAnswer: true, waitsForOpenedFile: false });
    assert.deepEqual(stepFacts('clarification-pick'), { pathAnswer: false, waitsForOpenedFile: true });
    assert.deepEqual(stepFacts('role-model:analyser:1'), { pathAnswer: false, waitsForOpenedFile: false });
  });

  it('a step builds the kind of prompt it declares (pickPrompt and textPrompt refuse another)', () => {
    const env = { ctx: { texts: en } } as Pick<StepEnv, 'ctx'> as StepEnv;
    const brief = STEP_BY_ID.get('brief')!;
    const directive = STEP_BY_ID.get('directive')!;
    assert.equal(pickPrompt(env, brief, [opt('none', 'None')]).kind, brief.kind);
    assert.equal(textPrompt(env, directive, '').kind, directive.kind);
    assert.throws(() => textPrompt(env, brief, ''), /step 'brief' is declared a pick step but builds a text prompt/);
    assert.throws(() => pickPrompt(env, directive, []), /step 'directive' is declared a text step but builds a pick prompt/);
  });
});
