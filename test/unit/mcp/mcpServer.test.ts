// `okstra-wizard mcp` driven by the official SDK's client over stdio: the same
// engine, store and state files as the CLI, answers bound to the prompt they
// answer, tool errors that carry a code and the current prompt.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cleanupTemp, cli, sha256, snapshotTree } from '../cli/cliHarness';
import { CurrentDocSchema, OutcomeDocSchema, SubmitDocSchema, TreeDocSchema } from '../../../src/host/documentSchemas';
import { InitOutput } from '../../../src/host/documentSchemas';
import { ToolErrorDocSchema } from '../../../src/mcp/schemas';
import { demoCopy, demoEnv, startServer, walkAnswer, type McpSession } from './mcpHarness';

const TASK = 'checkout/saved-card-migration';

function stateOf(project: string): string {
  return path.join(project, '.okstra', 'tasks', 'checkout', 'saved-card-migration.wizard.json');
}

/** Answers every prompt from `first` to done through wizard_answer (bound to id and revision); returns the answers given. */
async function driveMcp(s: McpSession, first: any, until?: (prompt: any) => boolean): Promise<{ answers: string[]; last: any }> {
  const answers: string[] = [];
  let prompt = first;
  for (let i = 0; i < 80 && prompt.kind !== 'done' && !until?.(prompt); i++) {
    const answer = walkAnswer(prompt);
    const r = await s.call('wizard_answer', { task: TASK, answer, prompt: prompt.id, revision: prompt.revision });
    assert.equal(r.isError, false, `${prompt.id} = ${answer}: ${r.text}`);
    SubmitDocSchema.parse(r.doc);
    answers.push(answer);
    prompt = r.doc.next;
    assert.ok(prompt, `no prompt after ${answer}: ${r.text}`);
    assert.match(prompt.revision, /^[0-9a-f]{16}$/);
    assert.equal(Object.keys(prompt).at(-1), 'revision', 'revision is the last key of a prompt');
  }
  return { answers, last: prompt };
}

describe('MCP server (okstra-wizard mcp, SDK client over stdio)', function () {
  this.timeout(120_000);
  const sessions: McpSession[] = [];
  const open = async (project: string) => {
    const s = await startServer(project);
    sessions.push(s);
    return s;
  };
  afterEach(async () => {
    for (const s of sessions.splice(0)) await s.close();
  });
  after(cleanupTemp);

  it('lists the wizard tools with input and output schemas', async () => {
    const s = await open(demoCopy());
    const { tools } = await s.client.listTools();
    const names = tools.map((t) => t.name).sort();
    assert.deepEqual(names, [
      'wizard_abort',
      'wizard_answer',
      'wizard_current',
      'wizard_init',
      'wizard_list',
      'wizard_outcome',
      'wizard_preview',
      'wizard_rewind',
      'wizard_run_environment',
      'wizard_task_runs',
      'wizard_tasks',
      'wizard_teams',
      'wizard_tree',
    ]);
    for (const t of tools) {
      assert.equal(t.inputSchema.type, 'object', t.name);
      assert.equal(t.outputSchema?.type, 'object', `${t.name} has an output schema`);
    }
    const answer = tools.find((t) => t.name === 'wizard_answer')!;
    assert.deepEqual([...(answer.inputSchema.required ?? [])].sort(), ['answer', 'prompt', 'revision', 'task']);
  });

  it("drives a whole demo wizard to its outcome, whose renderArgv is byte for byte the CLI's on the same answers", async () => {
    const project = demoCopy();
    const s = await open(project);
    const init = await s.call('wizard_init', { task: TASK });
    assert.equal(init.isError, false, init.text);
    InitOutput.parse(init.doc);
    assert.equal(init.doc.state, path.join('.okstra', 'tasks', 'checkout', 'saved-card-migration.wizard.json'));
    const { answers, last } = await driveMcp(s, init.doc.next);
    assert.equal(last.kind, 'done');
    assert.ok(answers.length >= 5, `only ${answers.length} answers`);
    const tree = await s.call('wizard_tree', { task: TASK });
    TreeDocSchema.parse(tree.doc);
    const outcome = await s.call('wizard_outcome', { task: TASK });
    assert.equal(outcome.isError, false, outcome.text);
    OutcomeDocSchema.parse(outcome.doc);
    const mcpState = fs.readFileSync(stateOf(project));

    // The CLI, on the same project and the same answers, in a state file of its own.
    const env = demoEnv(project);
    const cliState = path.join(project, '.okstra', 'tasks', 'checkout', 'cli-copy.wizard.json');
    const ci = await cli(['init', '--state', cliState, '--project-root', project, '--task', TASK], { env, cwd: project });
    assert.equal(ci.json?.ok, true, ci.stdout);
    for (const answer of answers) {
      const r = await cli(['step', '--state', cliState, '--answer', answer], { env, cwd: project });
      assert.equal(r.json?.ok, true, `${answer}: ${r.stdout}`);
    }
    const co = await cli(['outcome', '--state', cliState], { env, cwd: project });
    assert.equal(co.json?.ok, true, co.stdout);
    assert.equal(JSON.stringify(outcome.doc.renderArgv), JSON.stringify(co.json.renderArgv));
    assert.equal(outcome.doc.confirmationText, co.json.confirmationText);
    // And the state files the two wrote are the same bytes.
    assert.equal(fs.readFileSync(cliState).toString('utf8'), mcpState.toString('utf8'));
  });

  it('refuses an answer to a prompt that is no longer current, and writes nothing', async () => {
    const project = demoCopy();
    const s = await open(project);
    const init = await s.call('wizard_init', { task: TASK });
    const shown = init.doc.next;
    const env = demoEnv(project);
    // Another writer (the CLI) answers the prompt the agent was shown.
    const other = await cli(['step', '--state', stateOf(project), '--answer', walkAnswer(shown)], { env, cwd: project });
    assert.equal(other.json?.ok, true, other.stdout);
    const now = other.json.next;
    const before = snapshotTree(path.join(project, '.okstra'));

    const r = await s.call('wizard_answer', { task: TASK, answer: walkAnswer(shown), prompt: shown.id, revision: shown.revision });
    assert.equal(r.isError, true, r.text);
    ToolErrorDocSchema.parse(r.doc);
    assert.equal(r.doc.code, 'wrong-prompt');
    assert.equal(r.doc.error, `the current prompt is '${now.id}', not '${shown.id}'; nothing was written`);
    assert.equal(r.doc.current.id, now.id);
    assert.deepEqual(snapshotTree(path.join(project, '.okstra')), before);

    // Same prompt id again, but the state changed since it was shown: the CLI rewound to it (which alone gives
    // back the very bytes the prompt was shown from: revisions name contents), and a hand edit added a key.
    const rewound = await cli(['rewind', '--state', stateOf(project), '--to', shown.id], { env, cwd: project });
    assert.equal(rewound.json?.ok, true, rewound.stdout);
    assert.equal(rewound.json.next.id, shown.id);
    const edited = JSON.parse(fs.readFileSync(stateOf(project), 'utf8'));
    fs.writeFileSync(stateOf(project), JSON.stringify({ ...edited, note: 'edited by hand' }, null, 2) + '\n');
    const sha = sha256(stateOf(project));
    const again = await s.call('wizard_answer', { task: TASK, answer: walkAnswer(shown), prompt: shown.id, revision: shown.revision });
    assert.equal(again.isError, true, again.text);
    assert.equal(again.doc.code, 'wrong-prompt');
    assert.match(
      again.doc.error,
      new RegExp(
        `^the state changed since prompt '${shown.id}' was shown \\(revision ${shown.revision} is now [0-9a-f]{16}\\); nothing was written$`,
      ),
    );
    assert.equal(again.doc.current.id, shown.id);
    assert.notEqual(again.doc.current.revision, shown.revision);
    assert.equal(sha256(stateOf(project)), sha);

    // With the revision it shows now, the answer is taken.
    const ok = await s.call('wizard_answer', {
      task: TASK,
      answer: walkAnswer(shown),
      prompt: again.doc.current.id,
      revision: again.doc.current.revision,
    });
    assert.equal(ok.isError, false, ok.text);
  });

  it('calls sent together run one after the other: the answer is saved, the same answer again refused, the read sees the new prompt', async () => {
    const project = demoCopy();
    const s = await open(project);
    const shown = (await s.call('wizard_init', { task: TASK })).doc.next;
    const answer = { task: TASK, answer: walkAnswer(shown), prompt: shown.id, revision: shown.revision };
    // Three requests on the wire before any response: the first answer's save is still syncing when the others arrive.
    const [first, second, read] = await Promise.all([
      s.call('wizard_answer', answer),
      s.call('wizard_answer', answer),
      s.call('wizard_current', { task: TASK }),
    ]);
    assert.equal(first.isError, false, first.text);
    const next = first.doc.next;
    assert.equal(second.isError, true, second.text);
    assert.equal(second.doc.code, 'wrong-prompt', second.text);
    assert.deepEqual([second.doc.current.id, second.doc.current.revision], [next.id, next.revision]);
    assert.equal(read.isError, false, read.text);
    assert.deepEqual([read.doc.current.id, read.doc.current.revision], [next.id, next.revision]);
    // The file holds the first answer, once: the CLI reads the same prompt from it.
    const step = await cli(['step', '--state', stateOf(project)], { env: demoEnv(project), cwd: project });
    assert.equal(step.json?.current?.id, next.id, step.stdout);
    assert.equal(step.json.current.revision, next.revision);
    assert.deepEqual(
      fs.readdirSync(path.dirname(stateOf(project))).filter((n) => n.startsWith('.')),
      [],
      'no temporary or lock is left',
    );
  });

  it('a refused answer is a tool error with its code and the current prompt, and writes nothing', async () => {
    const project = demoCopy();
    const s = await open(project);
    const init = await s.call('wizard_init', { task: TASK });
    const shown = init.doc.next;
    const sha = sha256(stateOf(project));
    const r = await s.call('wizard_answer', { task: TASK, answer: 'no-such-run-type', prompt: shown.id, revision: shown.revision });
    assert.equal(r.isError, true, r.text);
    ToolErrorDocSchema.parse(r.doc);
    assert.equal(r.doc.code, 'refused-answer');
    assert.deepEqual(r.doc.current, shown);
    assert.equal(sha256(stateOf(project)), sha);

    const unknown = await s.call('wizard_current', { task: 'checkout/no-such-task' });
    assert.equal(unknown.isError, true);
    assert.equal(unknown.doc.code, 'usage');
    const again = await s.call('wizard_init', { task: TASK });
    assert.equal(again.isError, true, 'a second init over an unfinished wizard is refused');
    assert.equal(again.doc.code, 'usage');
    assert.equal(sha256(stateOf(project)), sha);
  });

  it('team-pick is an ordinary prompt: a team that cannot be used is not available with its reason, a usable one answers the agents', async () => {
    const project = demoCopy();
    const s = await open(project);
    const init = await s.call('wizard_init', { task: TASK });
    const { last: teamPick } = await driveMcp(s, init.doc.next, (p) => p.step === 'team-pick');
    assert.equal(teamPick.step, 'team-pick');
    assert.deepEqual(
      teamPick.options.map((o: any) => [o.value, o.disabled === true, o.description ?? '']),
      [
        ['usual-panel', true, "role 'planner' is not selectable in the requirements-discovery profile"],
        [
          'review-panel',
          false,
          'leader: claude/opus-4.5 · analyser: claude/opus-4.5, codex/gpt-5.1-codex · critic: antigravity/gemini-3-pro · report-writer: claude/sonnet-4.5',
        ],
        ['one-by-one', false, ''],
      ],
    );
    // wizard_teams lists the same teams with their verdicts, and writes nothing.
    const sha = sha256(stateOf(project));
    const teams = await s.call('wizard_teams', { task: TASK });
    assert.equal(teams.isError, false, teams.text);
    assert.deepEqual(
      teams.doc.teams.map((t: any) => [t.value, t.scope, t.usable, t.reason]),
      [
        ['usual-panel', 'project', false, "role 'planner' is not selectable in the requirements-discovery profile"],
        ['review-panel', 'project', true, null],
      ],
    );
    assert.equal(
      teams.doc.teams[1].agents,
      'leader: claude/opus-4.5 · analyser: claude/opus-4.5, codex/gpt-5.1-codex · critic: antigravity/gemini-3-pro · report-writer: claude/sonnet-4.5',
    );
    assert.equal(sha256(stateOf(project)), sha);
    const refused = await s.call('wizard_answer', { task: TASK, answer: 'usual-panel', prompt: teamPick.id, revision: teamPick.revision });
    assert.equal(refused.isError, true, refused.text);
    assert.equal(refused.doc.code, 'refused-answer');
    assert.equal(
      refused.doc.error,
      "team 'usual-panel' cannot be used on this run: role 'planner' is not selectable in the requirements-discovery profile",
    );
    const picked = await s.call('wizard_answer', { task: TASK, answer: 'review-panel', prompt: teamPick.id, revision: teamPick.revision });
    assert.equal(picked.isError, false, picked.text);
    assert.equal(picked.doc.echo, 'team-pick: review-panel');
    assert.equal(picked.doc.next.step, 'directive-pick', 'every agent was the team’s');
  });

  it('wizard_teams before the run type is known refuses with the current prompt', async () => {
    const project = demoCopy();
    const s = await open(project);
    await s.call('wizard_init', { task: TASK });
    const early = await s.call('wizard_teams', { task: TASK });
    assert.equal(early.isError, true, early.text);
    assert.equal(early.doc.code, 'no-prompt');
    assert.match(early.doc.error, /no run type yet .*answer task-type first/);
    assert.ok(early.doc.current, 'the prompt to answer now comes with the refusal');
  });

  it('a wizard started over MCP is finished by the CLI, and the server sees the result', async () => {
    const project = demoCopy();
    const s = await open(project);
    const init = await s.call('wizard_init', { task: TASK });
    const { last } = await driveMcp(s, init.doc.next, (p) => p.id.startsWith('role-'));
    assert.ok(last.id.startsWith('role-'), last.id);

    const env = demoEnv(project);
    let prompt = (await cli(['step', '--state', stateOf(project)], { env, cwd: project })).json.current;
    assert.equal(prompt.id, last.id, 'the CLI shows the prompt the MCP client was at');
    for (let i = 0; i < 40 && prompt.kind !== 'done'; i++) {
      const r = await cli(['step', '--state', stateOf(project), '--answer', walkAnswer(prompt)], { env, cwd: project });
      assert.equal(r.json?.ok, true, r.stdout);
      prompt = r.json.next;
    }
    assert.equal(prompt.kind, 'done');
    const co = await cli(['outcome', '--state', stateOf(project)], { env, cwd: project });
    assert.equal(co.json?.ok, true, co.stdout);

    const cur = await s.call('wizard_current', { task: TASK });
    CurrentDocSchema.parse(cur.doc);
    assert.equal(cur.doc.current.kind, 'done');
    const outcome = await s.call('wizard_outcome', { task: TASK });
    assert.equal(outcome.isError, false, outcome.text);
    assert.equal(JSON.stringify(outcome.doc.renderArgv), JSON.stringify(co.json.renderArgv));
  });

  it('continues a legacy v1 wizard: answers go to its companion, the v1 file is never written, the CLI follows', async () => {
    const project = demoCopy();
    const s = await open(project);
    const legacyTask = 'payments/refund-timeout';
    const v1 = path.join(project, '.okstra', 'tasks', 'payments', 'refund-timeout.wizard.json');
    const before = sha256(v1);
    const cur = await s.call('wizard_current', { task: legacyTask });
    assert.equal(cur.isError, false, cur.text);
    const shown = cur.doc.current;
    const r = await s.call('wizard_answer', { task: legacyTask, answer: walkAnswer(shown), prompt: shown.id, revision: shown.revision });
    assert.equal(r.isError, false, r.text);
    assert.equal(sha256(v1), before, 'the v1 file is never written');
    const companions = fs.readdirSync(path.dirname(v1)).filter((n) => n.startsWith('refund-timeout.wizard.json.v2.'));
    assert.equal(companions.length, 1, companions.join(', '));
    const step = await cli(['step', '--state', v1], { env: demoEnv(project), cwd: project });
    assert.equal(step.json?.current?.id, r.doc.next.id, step.stdout);
    const next = await s.call('wizard_answer', {
      task: legacyTask,
      answer: walkAnswer(r.doc.next),
      prompt: r.doc.next.id,
      revision: r.doc.next.revision,
    });
    assert.equal(next.isError, false, next.text);
    assert.equal(sha256(v1), before);
  });

  it('outcome before the end is refused with not-complete and the current prompt; abort ends the wizard', async () => {
    const project = demoCopy();
    const s = await open(project);
    const init = await s.call('wizard_init', { task: TASK });
    const early = await s.call('wizard_outcome', { task: TASK });
    assert.equal(early.isError, true);
    assert.equal(early.doc.code, 'not-complete');
    assert.equal(early.doc.current.id, init.doc.next.id);
    const aborted = await s.call('wizard_abort', { task: TASK, prompt: init.doc.next.id, revision: init.doc.next.revision });
    assert.equal(aborted.isError, false, aborted.text);
    assert.equal(aborted.doc.next.kind, 'done');
    assert.equal(JSON.parse(fs.readFileSync(stateOf(project), 'utf8')).aborted, true);
    const after = await s.call('wizard_outcome', { task: TASK });
    assert.equal(after.doc.code, 'aborted');
    // An aborted wizard is kept as a backup by the next init.
    const restarted = await s.call('wizard_init', { task: TASK });
    assert.equal(restarted.isError, false, restarted.text);
    const backups = fs
      .readdirSync(path.dirname(stateOf(project)))
      .filter((n) => n.startsWith('saved-card-migration.wizard.') && n.endsWith('.bak.json'));
    assert.equal(backups.length, 1, backups.join(', '));
  });
});
