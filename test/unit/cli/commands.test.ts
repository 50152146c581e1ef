// init, rewind, abort, outcome, render-args, tree and OKSTRA_LANG through the CLI.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  cleanupTemp,
  cli,
  copyFixture,
  defaultAnswer,
  driveInProcess,
  fullMachine,
  snapshotTree,
  statePathIn,
  tempDir,
} from './cliHarness';
import {
  ErrorDocSchema,
  InitDocSchema,
  RefusedDocSchema,
  RenderArgsDocSchema,
  SubmitDocSchema,
  TreeDocSchema,
} from '../../../src/host/documentSchemas';

describe('cli: commands', function () {
  this.timeout(60_000);
  let env: NodeJS.ProcessEnv;
  let providerBinDir: string;
  before(() => {
    ({ env, bin: providerBinDir } = fullMachine());
  });
  after(cleanupTemp);

  async function usageRefusal(args: string[], error: string, root: string): Promise<void> {
    const before = snapshotTree(root);
    const r = await cli(args, { env });
    assert.equal(r.code, 2, r.stdout);
    assert.deepEqual(r.json, { ok: false, code: 'usage', error });
    assert.match(r.stderr, /^run 'okstra-wizard (\w[\w-]* )?--help' for (its|the) usage\n$/);
    assert.deepEqual(snapshotTree(root), before, 'nothing written');
  }

  describe('init', () => {
    it('writes a fresh v2 state (its folder created) with the defaults of docs/protocol.md and prints {ok, next: task-pick}', async () => {
      const root = copyFixture('okstra-project');
      const state = path.join(root, 'agents', 'runs', 'wizard.json');
      const r = await cli(['init', '--state', state, '--project-root', root], { env });
      assert.equal(r.code, 0, r.stdout);
      InitDocSchema.parse(r.json);
      assert.equal(r.json.next.step, 'task-pick');
      assert.equal(r.json.next.options.filter((o: any) => o.default).length, 1);
      const saved = JSON.parse(fs.readFileSync(state, 'utf8'));
      assert.equal(saved.project_root, root);
      assert.equal(saved.workspace_root, path.join(root, '.okstra'));
      assert.equal(saved.project_id, 'payments-service');
      assert.equal(saved.host_runtime, 'claude-code');
      assert.equal(saved.host_entry_mode, 'spawn-process');
      assert.deepEqual(saved.available_functions, []);
      assert.deepEqual(saved.answered, []);
      assert.equal(saved.executionIdentityVersion, 2);
      assert.equal(fs.readFileSync(state, 'utf8'), JSON.stringify(saved, null, 2) + '\n');
    });

    it('project_id falls back to the slugified folder name; --host-runtime, --entry-mode, --available-functions are kept', async () => {
      const dir = tempDir();
      const root = path.join(dir, 'My Project');
      fs.cpSync(copyFixture('empty-project'), root, { recursive: true });
      fs.rmSync(path.join(root, '.okstra', 'config.yaml'), { force: true });
      const state = path.join(dir, 's.json');
      const r = await cli(
        [
          'init',
          '--state',
          state,
          '--project-root',
          root,
          '--host-runtime',
          'codex',
          '--entry-mode',
          'current-session',
          '--available-functions',
          'spawn_agent, Bash,',
        ],
        { env },
      );
      assert.equal(r.code, 0, r.stdout);
      const saved = JSON.parse(fs.readFileSync(state, 'utf8'));
      assert.equal(saved.project_id, 'my-project');
      assert.equal(saved.host_runtime, 'codex');
      assert.equal(saved.host_entry_mode, 'current-session');
      assert.deepEqual(saved.available_functions, ['spawn_agent', 'Bash']);
      const ra = await cli(['render-args', '--state', state], { env });
      assert.equal(
        ra.json.renderArgs['host-session-context-json'],
        '{"hostId":"codex","entryMode":"current-session","availableFunctions":["Bash","spawn_agent"],"interactionSurface":"wizard","currentModel":{"providerId":"codex","normalizedModelRef":null,"observedModel":null,"effort":null}}',
      );
      assert.deepEqual(ra.json.renderArgv.slice(0, 2), ['--lead-runtime', 'codex']);
    });

    it('an existing file is refused without --force (exit 2) and replaced with it', async () => {
      const root = copyFixture('okstra-project');
      const state = path.join(root, 'wizard.json');
      assert.equal((await cli(['init', '--state', state, '--project-root', root, '--task', 'platform/node-upgrade'], { env })).code, 0);
      await usageRefusal(
        ['init', '--state', state, '--project-root', root],
        `${state}: state file already exists (use --force to replace it)`,
        root,
      );
      const r = await cli(['init', '--state', state, '--project-root', root, '--force'], { env });
      assert.equal(r.code, 0, r.stdout);
      assert.deepEqual(JSON.parse(fs.readFileSync(state, 'utf8')).answered, []);
    });

    it('--task: an unknown or unusable task, an unknown host or entry mode are refused (exit 2) and nothing is written', async () => {
      const root = copyFixture('okstra-project');
      const state = path.join(root, 'wizard.json');
      await usageRefusal(
        ['init', '--state', state, '--project-root', root, '--task', 'nope/missing'],
        "unknown task: 'nope/missing'",
        root,
      );
      await usageRefusal(['init', '--state', state, '--project-root', root, '--task', 'new'], "unknown task: 'new'", root);
      const r = await cli(['init', '--state', state, '--project-root', root, '--task', 'broken/bad-json'], { env });
      assert.equal(r.code, 2);
      assert.match(r.json.error, /^task 'broken\/bad-json' cannot be used: /);
      assert.equal(fs.existsSync(state), false);
      await usageRefusal(
        ['init', '--state', state, '--project-root', root, '--host-runtime', 'cursor'],
        "unknown host runtime 'cursor' (known: antigravity, claude-code, codex, vscode)",
        root,
      );
      await usageRefusal(
        ['init', '--state', state, '--project-root', root, '--host-runtime', 'vscode', '--entry-mode', 'current-session'],
        "host 'vscode' does not support entry mode 'current-session'",
        root,
      );
      await usageRefusal(
        ['init', '--state', state, '--project-root', path.join(root, 'missing')],
        `--project-root is not a directory: '${path.join(root, 'missing')}'`,
        root,
      );
    });
  });

  describe('rewind, abort, outcome, tree', () => {
    it('rewind: `unknown step` for an id that is not a step, `unknown role selection step` for an unknown role step; nothing written', async () => {
      const root = copyFixture('okstra-project');
      const state = statePathIn(root, 'platform', 'node-upgrade.cli');
      await cli(['init', '--state', state, '--project-root', root, '--task', 'platform/node-upgrade'], { env });
      await cli(['step', '--state', state, '--answer', 'final-verification'], { env });
      const before = snapshotTree(root);
      const bogus = await cli(['rewind', '--state', state, '--to', 'bogus'], { env });
      assert.equal(bogus.code, 0);
      RefusedDocSchema.parse(bogus.json);
      assert.equal(bogus.json.error, "unknown step: 'bogus'; the steps you can go back to: 'task-pick', 'task-type'");
      assert.equal(bogus.json.current.step, 'brief');
      const role = await cli(['rewind', '--state', state, '--to', 'role-model:verifier:9'], { env });
      assert.equal(
        role.json.error,
        "unknown role selection step: 'role-model:verifier:9'; the steps you can go back to: 'task-pick', 'task-type'",
      );
      assert.deepEqual(snapshotTree(root), before);
      // Back to an answered step works at any time, not only after confirm.
      const ok = await cli(['rewind', '--state', state, '--to', 'task-type'], { env });
      SubmitDocSchema.parse(ok.json);
      assert.equal(ok.json.echo, 'edit-target: task-type (rewinding)');
      assert.equal(ok.json.next.step, 'task-type');
    });

    it('outcome before confirm is unavailable; render-args renders the selection as it is (R-RND-3)', async () => {
      const root = copyFixture('okstra-project');
      const state = statePathIn(root, 'platform', 'node-upgrade.cli');
      await cli(['init', '--state', state, '--project-root', root, '--task', 'platform/node-upgrade'], { env });
      const out = await cli(['outcome', '--state', state], { env });
      assert.equal(out.code, 0);
      assert.deepEqual(out.json, { ok: false, code: 'not-complete', error: 'wizard is not complete — outcome is unavailable' });
      const ra = await cli(['render-args', '--state', state], { env });
      RenderArgsDocSchema.parse(ra.json);
      assert.equal(ra.json.renderArgs['task-id'], 'node-upgrade');
      assert.deepEqual(ra.json.renderArgs['role-model'], []);
    });

    it('abort: {ok, echo: "abort", next: done}; then outcome, render-args, rewind and answers refuse', async () => {
      const root = copyFixture('okstra-project');
      const state = statePathIn(root, 'platform', 'node-upgrade.cli');
      const init = await cli(['init', '--state', state, '--project-root', root, '--task', 'platform/node-upgrade'], { env });
      // Mid-way: a few answers, then abort.
      let prompt = init.json.next;
      for (let i = 0; i < 3; i++) prompt = (await cli(['step', '--state', state, '--answer', defaultAnswer(prompt)], { env })).json.next;
      const ab = await cli(['abort', '--state', state], { env });
      assert.equal(ab.code, 0);
      SubmitDocSchema.parse(ab.json);
      assert.equal(ab.json.echo, 'abort');
      assert.equal(ab.json.next.kind, 'done');
      assert.equal(JSON.parse(fs.readFileSync(state, 'utf8')).aborted, true);
      const before = snapshotTree(root);
      assert.deepEqual((await cli(['outcome', '--state', state], { env })).json, {
        ok: false,
        code: 'aborted',
        error: 'wizard was aborted by the user — outcome is unavailable',
      });
      assert.deepEqual((await cli(['render-args', '--state', state], { env })).json, {
        ok: false,
        code: 'aborted',
        error: 'wizard was aborted by the user — render-args is unavailable',
      });
      const rw = await cli(['rewind', '--state', state, '--to', 'task-type'], { env });
      assert.equal(rw.json.error, 'wizard was aborted by the user — it cannot be edited');
      const st = await cli(['step', '--state', state, '--answer', 'run'], { env });
      assert.equal(st.json.error, 'wizard is complete — no prompt to answer');
      assert.deepEqual(snapshotTree(root), before);
    });

    it('tree: the answered ids in R-EDT-1 order with groups, then the current prompt; editable = rewind accepted', async () => {
      const root = copyFixture('okstra-project');
      const state = statePathIn(root, 'platform', 'node-upgrade.cli');
      const init = await cli(['init', '--state', state, '--project-root', root, '--task', 'platform/node-upgrade'], { env });
      let prompt = init.json.next;
      for (let i = 0; i < 6; i++) {
        const r = await cli(['step', '--state', state, '--answer', defaultAnswer(prompt)], { env });
        prompt = r.json.next;
      }
      const t = await cli(['tree', '--state', state], { env });
      TreeDocSchema.parse(t.json);
      const saved = JSON.parse(fs.readFileSync(state, 'utf8'));
      const answeredRows = t.json.rows.filter((r: any) => r.answered);
      assert.deepEqual(
        answeredRows.map((r: any) => r.id),
        saved.answered,
      );
      const last = t.json.rows.at(-1);
      assert.deepEqual([last.id, last.answered, last.echo], [prompt.step, false, '']);
      assert.equal(t.json.current, prompt.step);
      const groups = Object.fromEntries(t.json.rows.map((r: any) => [r.id, r.group]));
      assert.equal(groups['task-pick'], 'task');
      assert.equal(groups['task-type'], 'task');
      assert.equal(groups.brief, 'inputs');
      assert.equal(groups['handoff-stage-pick'], 'inputs');
      for (const r of t.json.rows) if (r.id.startsWith('role-')) assert.equal(r.group, 'roles');
      assert.equal(answeredRows[0].echo, 'task: platform/node-upgrade');
      assert.equal(answeredRows[1].echo, 'task-type: final-verification');
      for (const r of answeredRows) assert.equal(r.editable, true, r.id);
      // editable is exactly "rewind --to <id> is accepted": the current, unanswered prompt is not a rewind target.
      assert.equal(last.editable, false);
      const before = fs.readFileSync(state);
      const refused = await cli(['rewind', '--state', state, '--to', last.id], { env });
      assert.equal(refused.json.ok, false, refused.stdout);
      assert.deepEqual(fs.readFileSync(state), before);
    });
  });

  describe('the state file and the environment', () => {
    it('--state never moves: answering task-pick again with another task keeps the file where it is', async () => {
      const root = copyFixture('okstra-project');
      const state = path.join(root, 'agent.wizard.json');
      await cli(['init', '--state', state, '--project-root', root, '--task', 'platform/node-upgrade'], { env });
      assert.equal((await cli(['rewind', '--state', state, '--to', 'task-pick'], { env })).json.ok, true);
      const r = await cli(['step', '--state', state, '--answer', 'search/ranking-v2'], { env });
      assert.equal(r.json.echo, 'task: search/ranking-v2');
      const saved = JSON.parse(fs.readFileSync(state, 'utf8'));
      assert.equal(saved.task_id, 'ranking-v2');
      assert.equal(fs.existsSync(statePathIn(root, 'search', 'ranking-v2')), false);
      assert.equal(fs.existsSync(statePathIn(root, 'platform', 'node-upgrade')), false);
    });

    it('OKSTRA_MODEL_DEFAULTS names the user scope: its models become the role-model defaults', async () => {
      const root = copyFixture('okstra-project');
      const defaults = path.join(tempDir(), 'defaults.yaml');
      fs.writeFileSync(defaults, 'verifier: [kimi/kimi-k2, antigravity/gemini-3-pro]\n');
      const userEnv = { ...env, OKSTRA_MODEL_DEFAULTS: defaults };
      const state = statePathIn(root, 'platform', 'node-upgrade.cli');
      const init = await cli(['init', '--state', state, '--project-root', root, '--task', 'platform/node-upgrade'], { env: userEnv });
      const seen: any[] = [];
      await driveInProcess(state, init.json.next, {}, userEnv, (p) => {
        if (p.step.startsWith('role-model:verifier:')) seen.push(p);
      });
      assert.equal(seen.length, 2);
      // Rotated by the ordinal (docs/profiles.md › Model defaults).
      assert.equal(seen[0].options.find((o: any) => o.default)?.value, 'kimi/kimi-k2');
      assert.equal(seen[1].options.find((o: any) => o.default)?.value, 'antigravity/gemini-3-pro');
      // The defaults taken are what the argv renders.
      const plain = await cli(['render-args', '--state', state], { env });
      assert.ok(plain.json.renderArgs['role-model'].includes('verifier=kimi/kimi-k2'));
    });

    it('provider CLIs come from PATH or OKSTRA_<P>_CLI, and the terminal backend from the environment', async () => {
      const root = copyFixture('okstra-project');
      const state = statePathIn(root, 'platform', 'node-upgrade.cli');
      const bare = { ...env, PATH: path.dirname(process.execPath), OKSTRA_TERMINAL_BACKEND: 'none' };
      await cli(['init', '--state', state, '--project-root', root, '--task', 'platform/node-upgrade'], { env: bare });
      let prompt = (await cli(['step', '--state', state, '--answer', 'final-verification'], { env: bare })).json.next;
      while (prompt && !prompt.step.startsWith('role-')) {
        prompt = (await cli(['step', '--state', state, '--answer', defaultAnswer(prompt)], { env: bare })).json.next;
      }
      // No provider CLI at all: no count can be completed.
      assert.ok(
        prompt.options.every((o: any) => o.disabled),
        JSON.stringify(prompt.options),
      );
      // The native provider's CLI through OKSTRA_CLAUDE_CLI, no terminal backend: claude models can start.
      const claude = path.join(providerBinDir, 'claude');
      const withClaude = await cli(['step', '--state', state], { env: { ...bare, OKSTRA_CLAUDE_CLI: claude } });
      assert.ok(
        withClaude.json.current.options.some((o: any) => !o.disabled),
        withClaude.stdout,
      );
    });
  });

  describe('OKSTRA_LANG=ko', () => {
    it('changes labels, not values, echoes, errors or the argv', async () => {
      const root = copyFixture('okstra-project');
      const en = statePathIn(root, 'platform', 'en.cli');
      const ko = statePathIn(root, 'platform', 'ko.cli');
      const koEnv = { ...env, OKSTRA_LANG: 'ko' };
      const a = await cli(['init', '--state', en, '--project-root', root, '--task', 'platform/release-2026-12'], { env });
      const b = await cli(['init', '--state', ko, '--project-root', root, '--task', 'platform/release-2026-12'], { env: koEnv });
      assert.notEqual(a.json.next.label, b.json.next.label);
      assert.match(b.json.next.label, /[\uac00-\ud7a3]/);
      const values = (p: any) => p.options.map((o: any) => o.value);
      assert.deepEqual(values(b.json.next), values(a.json.next));
      assert.equal(b.json.next.echo_template, a.json.next.echo_template);
      const ea = await cli(['step', '--state', en, '--answer', 'nope'], { env });
      const eb = await cli(['step', '--state', ko, '--answer', 'nope'], { env: koEnv });
      assert.equal(eb.json.error, ea.json.error);
      const ta = await driveInProcess(en, a.json.next, {}, env);
      const tb = await driveInProcess(ko, b.json.next, {}, koEnv);
      assert.deepEqual(
        tb.turns.map((t) => [t.step, t.answer, t.echo]),
        ta.turns.map((t) => [t.step, t.answer, t.echo]),
      );
      const oa = (await cli(['outcome', '--state', en], { env })).json;
      const ob = (await cli(['outcome', '--state', ko], { env: koEnv })).json;
      assert.deepEqual(ob.renderArgv, oa.renderArgv);
      assert.deepEqual(ob.persistActions, oa.persistActions);
      assert.notEqual(ob.confirmationText, undefined);
      ErrorDocSchema.parse((await cli(['outcome', '--state', path.join(root, 'missing.json')], { env: koEnv })).json);
    });
  });
});
