// Real output of the CLI (the bundled dist-style cli.js, one process per command, on a copy of the fixture
// project) validated against the published JSON Schemas of docs/protocol.md with ajv: every document a script
// or an agent can receive, and the prompt inside it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cleanupTemp, cli, copyFixture, defaultAnswer, fullMachine, statePathIn, type CliRun } from '../cli/cliHarness';
import { problems, REPO_ROOT } from './schemaValidator';
import * as outputSchemas from '../../../src/host/documentSchemas';

const DOCUMENTS = fs
  .readdirSync(path.join(REPO_ROOT, 'schemas', 'cli'))
  .map((f) => f.replace(/\.schema\.json$/, ''))
  .sort();

function assertDoc(run: CliRun, doc: string, exitCode = 0): any {
  assert.equal(run.code, exitCode, `exit ${run.code}: ${run.stdout}${run.stderr}`);
  assert.ok(run.json !== undefined, `not JSON: ${run.stdout}`);
  const refusal = problems(`cli/${doc}.schema.json`, run.json);
  assert.equal(refusal, null, `not a ${doc} document: ${refusal}\n${run.stdout}`);
  for (const key of ['current', 'next']) {
    const prompt = run.json[key];
    if (prompt !== null && typeof prompt === 'object') assert.equal(problems('prompt.schema.json', prompt), null, `${key}: ${run.stdout}`);
  }
  return run.json;
}

describe('CLI output against the JSON Schemas of docs/protocol.md', function () {
  // Whole wizards through the bundled CLI, a process per command, as the CLI's own suites (test/unit/cli/).
  this.timeout(120_000);
  let env: NodeJS.ProcessEnv;
  let root: string;
  let state: string;

  before(() => {
    env = fullMachine().env;
    root = copyFixture('okstra-project');
    state = statePathIn(root, 'search', 'ranking-v2');
  });
  after(cleanupTemp);

  it('there is a schema for each document the CLI prints: one per *DocSchema of src/host/documentSchemas.ts', () => {
    const declared = Object.keys(outputSchemas)
      .filter((name) => name.endsWith('DocSchema'))
      .map((name) =>
        name
          .replace(/DocSchema$/, '')
          .replace(/[a-z](?=[A-Z])/g, (c) => c + '-')
          .toLowerCase(),
      )
      .sort();
    assert.ok(declared.length >= 9, declared.join(', '));
    assert.deepEqual(DOCUMENTS, declared);
  });

  it('--version, bad usage and a state file that cannot be loaded', async () => {
    assertDoc(await cli(['--version'], { env }), 'version');
    assertDoc(await cli(['step'], { env }), 'error', 2);
    assertDoc(await cli(['frobnicate', '--state', state], { env }), 'error', 2);
    assertDoc(await cli(['step', '--state', path.join(root, 'missing.wizard.json')], { env }), 'error', 1);
  });

  it('a whole wizard: init, step, refused answers, answers, tree, render-args, rewind, outcome, abort', async () => {
    let prompt = assertDoc(await cli(['init', '--state', state, '--project-root', root], { env }), 'init').next;
    assert.deepEqual(assertDoc(await cli(['step', '--state', state], { env }), 'current').current, prompt);
    assertDoc(await cli(['step', '--state', state, '--no-submit'], { env }), 'current');
    assertDoc(await cli(['outcome', '--state', state], { env }), 'error');
    const answers: Record<string, string> = { 'task-pick': 'search/ranking-v2', 'task-type': 'implementation', 'reuse-worktree': 'new' };
    const kinds = new Set<string>();
    for (let n = 0; n < 60 && prompt.kind !== 'done'; n++) {
      kinds.add(prompt.kind);
      if (n % 4 === 0) {
        assertDoc(await cli(['step', '--state', state, '--answer', '#999'], { env }), 'refused');
        assertDoc(await cli(['tree', '--state', state], { env }), 'tree');
        assertDoc(await cli(['render-args', '--state', state], { env }), 'render-args');
      }
      prompt = assertDoc(
        await cli(['step', '--state', state, '--answer', answers[prompt.step] ?? defaultAnswer(prompt)], { env }),
        'submit',
      ).next;
    }
    assert.equal(prompt.kind, 'done');
    assert.ok(kinds.has('pick'), [...kinds].join(', '));
    assertDoc(await cli(['step', '--state', state, '--answer', 'x'], { env }), 'refused');
    const outcome = assertDoc(await cli(['outcome', '--state', state], { env }), 'outcome');
    assert.ok(outcome.renderArgv.length > 0);
    assert.deepEqual(assertDoc(await cli(['teams', '--state', state], { env }), 'teams').teams, [], 'the fixture has no teams');
    assertDoc(await cli(['tree', '--state', state], { env }), 'tree');
    assertDoc(await cli(['rewind', '--state', state, '--to', 'task-type'], { env }), 'submit');
    assertDoc(await cli(['rewind', '--state', state, '--to', 'no-such-step'], { env }), 'refused');
    assertDoc(await cli(['abort', '--state', state], { env }), 'submit');
    assertDoc(await cli(['outcome', '--state', state], { env }), 'error');
  });

  it('the schemas refuse a document that breaks the protocol', async () => {
    const good = (await cli(['step', '--state', state], { env })).json;
    assert.equal(problems('cli/current.schema.json', good), null);
    assert.notEqual(problems('cli/current.schema.json', { ...good, ok: false }), null);
    assert.notEqual(problems('cli/current.schema.json', { ...good, extra: 1 }), null);
    assert.notEqual(problems('cli/current.schema.json', { ...good, notices: [] }), null);
    assert.notEqual(problems('prompt.schema.json', { ...good.current, kind: 'choice' }), null);
    assert.notEqual(problems('prompt.schema.json', { ...good.current, progress: { answered: -1, total: 1 } }), null);
  });
});
