// What writes and what does not (docs/protocol.md), refusals, two writers (docs/safety.md
// R2), load failures (exit 1) and an answer saved although the next prompt fails, through the CLI.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  buildCli,
  cleanupTemp,
  cli,
  cliInProcess,
  copyFixture,
  defaultAnswer,
  fullMachine,
  snapshotTree,
  statePathIn,
  tempDir,
} from './cliHarness';
import {
  CurrentDocSchema,
  ErrorDocSchema,
  RefusedDocSchema,
  RenderArgsDocSchema,
  SubmitDocSchema,
} from '../../../src/host/documentSchemas';

describe('cli: writes, refusals and exit statuses', function () {
  this.timeout(60_000);
  let env: NodeJS.ProcessEnv;
  before(() => {
    ({ env } = fullMachine());
  });
  after(cleanupTemp);

  /** A fresh wizard on a project copy, task-pick answered. */
  function started(task: string): { root: string; state: string; next: any } {
    const root = copyFixture('okstra-project');
    const [g, id] = task.split('/');
    const state = statePathIn(root, g, `${id}.cli`);
    const r = cli(['init', '--state', state, '--project-root', root, '--task', task], { env });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    return { root, state, next: r.json.next };
  }

  it('R-CLI-3 (no write on failure): every refused answer of a whole wizard leaves the folder byte-identical', async () => {
    const { root, state, next } = started('search/ranking-v2');
    const answers: Record<string, string> = { 'task-type': 'implementation', 'reuse-worktree': 'new', 'fix-cycle': 'yes' };
    let prompt = next;
    let refusals = 0;
    for (let n = 0; n < 60; n++) {
      const before = snapshotTree(root);
      const bad = ['no-such-option', '#999', '-x', ' '];
      if (prompt.kind === 'text') bad.push('a\nb,c/../../../../etc/passwd');
      for (const answer of bad) {
        if (prompt.kind === 'text' && (answer === ' ' || answer.startsWith('a\n'))) continue;
        const r = await cliInProcess(['step', '--state', state, `--answer=${answer}`], env);
        if (prompt.kind === 'text' && r.json.ok) assert.fail(`text ${prompt.step} took ${JSON.stringify(answer)}`);
        if (r.json.ok) continue; // a text prompt that takes any string (none here) would be fine
        refusals++;
        assert.equal(r.code, 0);
        RefusedDocSchema.parse(r.json);
        assert.deepEqual(r.json.current, prompt, `current is the unchanged prompt (${prompt.step})`);
        assert.deepEqual(snapshotTree(root), before, `refusing ${JSON.stringify(answer)} at ${prompt.step} wrote something`);
      }
      if (prompt.kind === 'done') break;
      const r = await cliInProcess(['step', '--state', state, '--answer', answers[prompt.step] ?? defaultAnswer(prompt)], env);
      assert.equal(r.json.ok, true, r.stdout);
      prompt = r.json.next;
    }
    assert.equal(prompt.kind, 'done');
    assert.ok(refusals > 30, `${refusals} refusals`);
    // On the done prompt, through a real process.
    const bytes = fs.readFileSync(state);
    const r = cli(['step', '--state', state, '--answer', 'run'], { env });
    assert.equal(r.code, 0);
    assert.equal(r.json.error, 'wizard is complete — no prompt to answer');
    assert.equal(r.json.current.kind, 'done');
    assert.deepEqual(fs.readFileSync(state), bytes);
  });

  it('a pick takes an option value, its exact label or #n; a refused pick names the answer and the step', () => {
    const { state } = started('platform/node-upgrade');
    const cur = cli(['step', '--state', state], { env }).json.current;
    assert.equal(cur.step, 'task-type');
    const bad = cli(['step', '--state', state, '--answer', 'Implementation'], { env });
    assert.equal(bad.json.error, "answer 'Implementation' is not an option of step 'task-type'");
    const byLabel = cli(['step', '--state', state, '--answer', cur.options[1].label], { env });
    assert.equal(byLabel.json.echo, `task-type: ${cur.options[1].value}`);
    const rw = cli(['rewind', '--state', state, '--to', 'task-type'], { env });
    assert.equal(rw.json.ok, true);
    const byPos = cli(['step', '--state', state, '--answer', '#2'], { env });
    assert.equal(byPos.json.echo, `task-type: ${cur.options[1].value}`);
  });

  it('R-CLI-4: a successful answer is saved and prints {ok, echo, next}; plain step and --no-submit write nothing', () => {
    const { root, state, next } = started('platform/node-upgrade');
    const before = snapshotTree(root);
    for (const extra of [[], ['--no-submit']]) {
      const r = cli(['step', '--state', state, ...extra], { env });
      assert.equal(r.code, 0);
      CurrentDocSchema.parse(r.json);
      assert.deepEqual(r.json.current, next);
    }
    for (const cmd of ['tree', 'render-args', 'outcome']) cli([cmd, '--state', state], { env });
    assert.deepEqual(snapshotTree(root), before);
    const r = cli(['step', '--state', state, '--answer', defaultAnswer(next)], { env });
    SubmitDocSchema.parse(r.json);
    assert.deepEqual(Object.keys(r.json), ['ok', 'echo', 'next']);
    const saved = JSON.parse(fs.readFileSync(state, 'utf8'));
    assert.deepEqual(saved.answered, ['task-pick', 'task-type']);
  });

  it('R2: a write based on a stale read is refused (exit 1) and writes nothing', async () => {
    const { state, next } = started('platform/node-upgrade');
    const other = fs.readFileSync(state, 'utf8').replace('"directive": ""', '"directive": "written by the other window"');
    const r = await cliInProcess(['step', '--state', state, '--answer', defaultAnswer(next)], env, {
      beforeSave: (p) => fs.writeFileSync(p, other),
    });
    assert.equal(r.code, 1, r.stdout);
    assert.deepEqual(r.json, {
      ok: false,
      code: 'stale-state',
      error: `${state}: state file changed on disk since it was read; reload to continue`,
    });
    assert.equal(fs.readFileSync(state, 'utf8'), other, 'the other writer’s bytes stay');
    assert.deepEqual(
      fs.readdirSync(path.dirname(state)).filter((n) => n.includes('.tmp-') || n.endsWith('.lock')),
      [],
      'no temporary or lock left',
    );
    // The same for rewind and abort, and for a file deleted meanwhile.
    for (const args of [['rewind', '--to', 'task-pick'], ['abort']]) {
      const again = await cliInProcess([args[0], '--state', state, ...args.slice(1)], env, {
        beforeSave: (p) => fs.rmSync(p),
      });
      assert.equal(again.code, 1, again.stdout);
      assert.equal(again.json.error, `${state}: state file changed on disk since it was read; reload to continue`);
      assert.equal(fs.existsSync(state), false);
      fs.writeFileSync(state, other);
    }
  });

  it('R2: two processes answering the same prompt: one wins, the other is refused or sees the new prompt', async () => {
    const { state, next } = started('platform/node-upgrade');
    const { spawn } = await import('node:child_process');
    const run = (answer: string) =>
      new Promise<{ code: number; out: string }>((resolve) => {
        const c = spawn(process.execPath, [buildCli(), 'step', '--state', state, '--answer', answer], { env });
        let out = '';
        c.stdout.on('data', (d) => (out += d));
        c.on('close', (code) => resolve({ code: code ?? -1, out }));
      });
    const [a, b] = await Promise.all([run(next.options[0].value), run(next.options[1].value)]);
    const docs = [a, b].map((x) => ({ code: x.code, json: JSON.parse(x.out) }));
    const winners = docs.filter((d) => d.code === 0 && d.json.ok === true);
    assert.ok(winners.length >= 1, JSON.stringify(docs));
    const saved = JSON.parse(fs.readFileSync(state, 'utf8'));
    assert.deepEqual(saved.answered, ['task-pick', 'task-type']);
    if (winners.length === 1) {
      const loser = docs.find((d) => d !== winners[0])!;
      // Refused as stale (exit 1), or it ran after the winner and answered the next prompt (a refusal, exit 0).
      assert.ok(
        (loser.code === 1 && /state file changed on disk since it was read|is being written by process/.test(loser.json.error)) ||
          (loser.code === 0 && loser.json.ok === false),
        JSON.stringify(loser),
      );
      assert.equal(saved.task_type, winners[0].json.echo.replace('task-type: ', ''));
    }
  });

  it('R-CLI-5: a state file that cannot be loaded exits 1 with "<path>: <message>" and writes nothing', async () => {
    const dir = tempDir();
    const f = path.join(dir, 'x.wizard.json');
    const cases: Array<[string | null, string]> = [
      [null, `${f}: `],
      ['{"a": 1,', `${f}:1:9: invalid JSON: `],
      ['[1, 2]', `${f}: wizard state must be a JSON object`],
      ['{"executionIdentityVersion": "2"}', `${f}: unsupported wizard state version: '2'`],
      [
        '{"executionIdentityVersion": 2, "roleCounts": {}, "roleModels": {}, "roleSelectionOrder": [], "critic": "x"}',
        `${f}: mixed wizard state versions are not allowed`,
      ],
      [
        '{"executionIdentityVersion": 2, "roleCounts": {"a": true}, "roleModels": {}, "roleSelectionOrder": []}',
        `${f}: wizard state roleCounts must map roles to integers`,
      ],
      [
        '{"executionIdentityVersion": 2, "roleCounts": {}, "roleModels": {}, "roleSelectionOrder": [], "confirmed": "yes"}',
        `${f}: wizard state field 'confirmed' must be `,
      ],
    ];
    for (const [text, expected] of cases) {
      if (text === null) fs.rmSync(f, { force: true });
      else fs.writeFileSync(f, text);
      const before = snapshotTree(dir);
      // One command through a real process, the others in-process (the same CLI).
      const r = cli(['step', '--state', f], { env });
      assert.equal(r.code, 1, `step on ${text}: ${r.stdout}`);
      ErrorDocSchema.parse(r.json);
      assert.ok(r.json.error.startsWith(expected), `${r.json.error} should start with ${expected}`);
      for (const args of [['step', '--answer', 'x'], ['tree'], ['outcome'], ['render-args'], ['abort'], ['rewind', '--to', 'brief']]) {
        const x = await cliInProcess([args[0], '--state', f, ...args.slice(1)], env);
        assert.equal(x.code, 1, `${args.join(' ')} on ${text}: ${x.stdout}`);
        assert.equal(x.json.error, r.json.error);
      }
      assert.deepEqual(snapshotTree(dir), before);
    }
  });

  it('a relative --state is named as given in messages and resolved from the working directory', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'w.json'), '[]');
    const r = cli(['step', '--state', 'w.json'], { env, cwd: dir });
    assert.equal(r.code, 1);
    assert.equal(r.json.error, 'w.json: wizard state must be a JSON object');
  });

  it('answered, but the next prompt cannot be computed: saved, {ok: true, next: null, error}; then exit 0 errors until the file is fixed', () => {
    const root = copyFixture('okstra-project');
    const config = path.join(root, '.okstra', 'config.yaml');
    const good = fs.readFileSync(config, 'utf8');
    fs.writeFileSync(
      config,
      good.replace('report-writer: [claude/sonnet-4.5]', 'report-writer: [grok/grok-4]') + 'providers:\n  grok: { enabled: false }\n',
    );
    const state = statePathIn(root, 'search', 'autocomplete.cli');
    assert.equal(cli(['init', '--state', state, '--project-root', root, '--task', 'search/autocomplete'], { env }).code, 0);
    const m7 =
      "configured default model 'grok/grok-4' is unavailable for role 'report-writer': provider 'grok' is disabled (configured in .okstra/config.yaml: modelDefaults.report-writer)";
    let r: any;
    let answered = 1;
    for (const answer of ['requirements-discovery', 'task', 'services/search', 'use', '2', '0']) {
      r = cli(['step', '--state', state, '--answer', answer], { env });
      assert.equal(r.json.ok, true, r.stdout);
      answered++;
      if (r.json.next === null) break;
    }
    SubmitDocSchema.parse(r.json);
    assert.deepEqual(Object.keys(r.json), ['ok', 'echo', 'next', 'code', 'error']);
    assert.equal(r.json.next, null);
    assert.equal(r.json.error, m7);
    // The answer is saved.
    assert.equal(r.json.echo, 'role-add: critic=0');
    const saved = JSON.parse(fs.readFileSync(state, 'utf8'));
    assert.equal(saved.answered.length, answered);
    assert.equal(saved.roleCounts.critic, 0);
    assert.equal(saved.answered.at(-1), 'role-add:critic');
    const bytes = fs.readFileSync(state);
    const step = cli(['step', '--state', state], { env });
    assert.equal(step.code, 0);
    assert.deepEqual(step.json, { ok: false, code: 'no-prompt', error: m7 });
    const sub = cli(['step', '--state', state, '--answer', 'claude/opus-4.5'], { env });
    assert.deepEqual(sub.json, { ok: false, code: 'no-prompt', error: m7, current: null });
    for (const cmd of ['tree', 'outcome']) {
      const x = cli([cmd, '--state', state], { env });
      assert.equal(x.code, 0);
      assert.equal(x.json.ok, false);
    }
    RenderArgsDocSchema.parse(cli(['render-args', '--state', state], { env }).json);
    assert.deepEqual(fs.readFileSync(state), bytes);
    // Fixing the named file is the way out.
    fs.writeFileSync(config, good);
    const fixed = cli(['step', '--state', state], { env });
    CurrentDocSchema.parse(fixed.json);
    assert.match(fixed.json.current.step, /^role-model:/);
  });

  it('a lock held by a live process: the writer waits, then refuses with exit 1', () => {
    const { state, next } = started('platform/node-upgrade');
    const lock = `${state}.lock`;
    fs.writeFileSync(lock, `${process.pid}@${os.hostname()}`);
    try {
      const bytes = fs.readFileSync(state);
      const r = cli(['step', '--state', state, '--answer', defaultAnswer(next)], { env });
      assert.equal(r.code, 1, r.stdout);
      assert.ok(
        r.json.error.startsWith(`${state}: state file is being written by process ${process.pid}; try again. If no okstra-wizard`),
        r.json.error,
      );
      assert.ok(r.json.error.includes(`remove ${lock}`), r.json.error);
      assert.deepEqual(fs.readFileSync(state), bytes);
    } finally {
      fs.rmSync(lock, { force: true });
    }
  });
});
