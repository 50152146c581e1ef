// A complete wizard per task type, with the CLI alone, on a copy of the
// fixture project: init → step --answer … → outcome, and the renderArgv
// checked against docs/steps.md › Render arguments and R-RND-*. Then a
// rewind from every answered step of each finished wizard.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cleanupTemp, cli, cliInProcess, cliSpawned, copyFixture, driveInProcess, fullMachine, statePathIn, type Turn } from './cliHarness';
import {
  CurrentDocSchema,
  InitDocSchema,
  OutcomeDocSchema,
  PROMPT_KEY_ORDER,
  PROMPT_LAST_KEY,
  SubmitDocSchema,
  TreeDocSchema,
} from '../../../src/host/documentSchemas';
import { RENDER_ARG_KEYS } from '../../helpers/renderArgKeys';

const RENDER_KEYS: readonly string[] = RENDER_ARG_KEYS;

const HOST_CONTEXT =
  '{"hostId":"claude-code","entryMode":"spawn-process","availableFunctions":[],"interactionSurface":"wizard","currentModel":{"providerId":"claude","normalizedModelRef":null,"observedModel":null,"effort":null}}';

interface Flow {
  type: string;
  group: string;
  id: string;
  /** Answers by step id (a key ending in `*` matches a prefix); the rest take the default. */
  answers: Record<string, string>;
  /** Checks specific to this run on renderArgs (project root given). */
  check: (args: Record<string, string | string[]>, root: string, out: any, turns: Turn[]) => void;
}

const abs = (root: string, rel: string) => path.join(root, ...rel.split('/'));

const FLOWS: Flow[] = [
  {
    type: 'requirements-discovery',
    group: 'search',
    id: 'autocomplete',
    answers: { 'task-type': 'requirements-discovery', 'analysis-target': 'services/search', evidence: 'use' },
    check: (a, root) => {
      assert.equal(a['task-brief'], abs(root, '.okstra/tasks/search/autocomplete/brief.md'));
      assert.equal(a['analysis-target'], 'services/search');
      assert.equal(a['evidence-inputs'], abs(root, 'docs/search.md'));
      assert.equal(a['approved-plan'], '');
      assert.equal(a['base-ref'], '');
    },
  },
  {
    type: 'error-analysis',
    group: 'payments',
    id: 'refund-timeout',
    answers: { 'task-type': 'error-analysis', 'reuse-previous': 'fresh', 'clarification-pick': 'skip' },
    check: (a, root) => {
      assert.equal(a['task-brief'], abs(root, '.okstra/tasks/payments/refund-timeout/brief.md'));
      assert.equal(a['clarification-response'], '');
      assert.equal(a['base-ref'], '');
      assert.equal(a.stage, '');
    },
  },
  {
    type: 'implementation-planning',
    group: 'payments',
    id: 'refund-ledger',
    answers: {
      'task-type': 'implementation-planning',
      'direction-pick': '.okstra/tasks/payments/refund-ledger/directions/b-sync-retry.md',
      'directive-pick': 'write',
      directive: "keep the ledger append-only; don't touch $(legacy) `code`",
    },
    check: (a, root) => {
      assert.equal(a['selected-direction'], abs(root, '.okstra/tasks/payments/refund-ledger/directions/b-sync-retry.md'));
      assert.equal(a.directive, "keep the ledger append-only; don't touch $(legacy) `code`");
      assert.equal(a['base-ref'], '');
    },
  },
  {
    type: 'implementation',
    group: 'search',
    id: 'ranking-v2',
    answers: { 'task-type': 'implementation', 'reuse-worktree': 'new', 'fix-cycle': 'yes' },
    check: (a, root, out) => {
      assert.equal(a['approved-plan'], abs(root, '.okstra/tasks/search/ranking-v2/plan/approved-plan.md'));
      // implementation without reuse_worktree: base_ref, HEAD when empty (docs/steps.md › Render arguments).
      assert.equal(a['base-ref'], 'HEAD');
      assert.notEqual(a['fix-cycle'], '', 'fix-cycle = the failed run id');
      assert.ok(out.confirmationText.includes('\n  worktree      : new from HEAD'), out.confirmationText);
    },
  },
  {
    type: 'final-verification',
    group: 'platform',
    id: 'node-upgrade',
    answers: { 'reuse-worktree': 'reuse' },
    check: (a, root, out) => {
      assert.equal(a['approved-plan'], abs(root, '.okstra/tasks/platform/node-upgrade/plan/approved-plan.md'));
      assert.equal(a['base-ref'], '');
      assert.equal(a.stages, 'bump-runtime,fix-deps');
      assert.ok(out.confirmationText.includes('\n  worktree      : reuse ../wt/node-upgrade (okstra/node-upgrade)'), out.confirmationText);
    },
  },
  {
    type: 'release-handoff',
    group: 'platform',
    id: 'release-2026-12',
    // config.yaml's prTemplate is the repository template: it is offered once, as the project setting.
    answers: { 'pr-template-pick': 'config' },
    check: (a, root, out) => {
      assert.equal(a['pr-template-path'], abs(root, '.github/pull_request_template.md'));
      assert.equal(a['base-ref'], '');
      assert.deepEqual(out.persistActions, []);
      assert.ok(out.confirmationText.includes('\n  pr-template   : .github/pull_request_template.md (config)'), out.confirmationText);
    },
  },
];

/** R-RND-9/10/12: `--lead-runtime <host>`, then every key in order; lists repeat, empty strings are kept. */
function expectedArgv(args: Record<string, string | string[]>, host: string): string[] {
  const argv = ['--lead-runtime', host];
  for (const [k, v] of Object.entries(args)) {
    if (Array.isArray(v)) for (const x of v) argv.push(`--${k}`, x);
    else argv.push(`--${k}`, v);
  }
  return argv;
}

function assertPrompt(p: any): void {
  assert.deepEqual(Object.keys(p).slice(0, PROMPT_KEY_ORDER.length), [...PROMPT_KEY_ORDER]);
  assert.equal(Object.keys(p).at(-1), PROMPT_LAST_KEY);
}

interface Finished {
  flow: Flow;
  root: string;
  state: string;
  turns: Turn[];
  argv: string[];
}

describe('cli: a complete wizard for each task type', function () {
  this.timeout(120_000);
  let env: NodeJS.ProcessEnv;
  const finished = new Map<string, Finished>();

  before(() => {
    ({ env } = fullMachine());
  });
  after(cleanupTemp);

  for (const flow of FLOWS) {
    it(`${flow.type}: ${flow.group}/${flow.id} from init to outcome, renderArgv as specified`, async () => {
      const root = copyFixture('okstra-project');
      const state = statePathIn(root, flow.group, `${flow.id}.cli`);
      const key = `${flow.group}/${flow.id}`;
      // The first flow's init and outcome go through the bundled CLI in its own process (a whole walk whose ends cross
      // the process boundary); the rest of the CLI's logic runs in this process.
      const run = flow === FLOWS[0] ? async (a: string[], o: { env: NodeJS.ProcessEnv }) => cliSpawned(a, o) : cli;
      const init = await run(['init', '--state', state, '--project-root', root, '--task', key], { env });
      assert.equal(init.code, 0, init.stdout + init.stderr);
      InitDocSchema.parse(init.json);
      assertPrompt(init.json.next);
      assert.equal(init.json.next.step, 'task-type');
      const saved = JSON.parse(fs.readFileSync(state, 'utf8'));
      assert.deepEqual(saved.answered, ['task-pick']);
      assert.equal(saved.task_group, flow.group);
      assert.equal(saved.task_id, flow.id);
      assert.equal(saved.executionIdentityVersion, 2);

      const { turns, last } = await driveInProcess(state, init.json.next, flow.answers, env);
      assert.equal(last.kind, 'done');
      assert.equal(last.progress.total, last.progress.answered);
      assert.equal(turns.at(-1)!.step, 'confirm');
      assert.equal(turns.find((t) => t.step === 'task-type')?.echo, `task-type: ${flow.type}`);
      // Every role-model prompt was answered with a model; spawn-process: the leader is a selectable role.
      assert.ok(
        turns.some((t) => t.step === 'role-model:leader:1'),
        turns.map((t) => t.step).join(' '),
      );

      const step = await cli(['step', '--state', state], { env });
      CurrentDocSchema.parse(step.json);
      assert.equal(step.json.current.kind, 'done');

      const out = await run(['outcome', '--state', state], { env });
      assert.equal(out.code, 0, out.stdout);
      OutcomeDocSchema.parse(out.json);
      const args = out.json.renderArgs;
      assert.deepEqual(Object.keys(args), RENDER_KEYS);
      assert.deepEqual(out.json.renderArgv, expectedArgv(args, 'claude-code'));
      assert.equal(args['project-root'], root);
      assert.equal(args['project-id'], 'payments-service');
      assert.equal(args['task-group'], flow.group);
      assert.equal(args['task-id'], flow.id);
      assert.equal(args['task-type'], flow.type);
      assert.equal(args['host-session-context-json'], HOST_CONTEXT);
      for (const k of RENDER_KEYS.slice(0, -2)) assert.equal(typeof args[k], 'string', k);
      // Role tokens: the answered counts (> 0) and the answered models, leader first (R-RND-1…4).
      const counts = turns
        .filter((t) => /^role-(count|add):/.test(t.step))
        .map((t) => `${t.step.split(':')[1]}=${t.answer}`)
        .filter((t) => !t.endsWith('=0'));
      assert.deepEqual([...args['role-count']].sort(), counts.sort());
      const models = turns.filter((t) => t.step.startsWith('role-model:')).map((t) => `${t.step.split(':')[1]}=${t.answer}`);
      assert.deepEqual([...args['role-model']].sort(), [...models].sort());
      assert.equal(args['role-model'][0], models[0]);
      assert.ok(args['role-model'][0].startsWith('leader='));
      // confirmationText: header, task type, then the role lines of the texts catalogue.
      const lines = out.json.confirmationText.split('\n');
      assert.equal(lines[0], `okstra render-bundle — ${key}`);
      assert.equal(lines[1], `  task-type     : ${flow.type}`);
      for (const m of models) {
        const [role, ref] = m.split('=');
        assert.ok(
          lines.some((l: string) => l.startsWith(`  role          : ${role} #`) && l.endsWith(` = ${ref}`)),
          m,
        );
      }
      flow.check(args, root, out.json, turns);

      // render-args gives the same arguments without the outcome's extras.
      const ra = await cli(['render-args', '--state', state], { env });
      assert.deepEqual(ra.json, { ok: true, renderArgs: args, renderArgv: out.json.renderArgv });
      finished.set(flow.type, { flow, root, state, turns, argv: out.json.renderArgv });
    });
  }

  for (const flow of FLOWS) {
    it(`${flow.type}: a rewind from every answered step, and the same answers lead to the same argv`, async () => {
      const f = finished.get(flow.type);
      if (!f) assert.fail(`the ${flow.type} wizard did not complete`);
      const tree = await cli(['tree', '--state', f.state], { env });
      TreeDocSchema.parse(tree.json);
      assert.equal(tree.json.current, null);
      const answered = tree.json.rows.filter((r: any) => r.answered).map((r: any) => r.id);
      const expectedIds = ['task-pick', ...f.turns.map((t) => t.step).filter((s) => s !== 'confirm')];
      assert.deepEqual([...answered].sort(), [...expectedIds].sort());
      assert.ok(answered.length >= 8, answered.join(' '));
      for (const row of tree.json.rows) assert.equal(row.editable, true, row.id);
      const original = fs.readFileSync(f.state);
      for (const [i, id] of answered.entries()) {
        const copy = path.join(path.dirname(f.state), `${flow.id}.rewind-${i}.wizard.json`);
        fs.writeFileSync(copy, original);
        // The first rewind through a real process, the others in-process (the same CLI, no process start).
        const r =
          i === 0
            ? await cli(['rewind', '--state', copy, '--to', id], { env })
            : await cliInProcess(['rewind', '--state', copy, '--to', id], env);
        assert.equal(r.code, 0, r.stdout);
        SubmitDocSchema.parse(r.json);
        assert.equal(r.json.echo, `edit-target: ${id} (rewinding)`);
        assert.equal(r.json.next.step, id, `rewind --to ${id}`);
        const saved = JSON.parse(fs.readFileSync(copy, 'utf8'));
        assert.equal(saved.confirmed, null);
        assert.ok(!saved.answered.includes(id), `${id} is no longer answered`);
        // Answer again from there (in-process: the same CLI without the process start), same answers → same argv.
        let prompt = r.json.next;
        const replayAnswers = new Map(f.turns.map((t) => [t.step, t.answer]));
        replayAnswers.set('task-pick', `${flow.group}/${flow.id}`);
        for (let n = 0; n < 60 && prompt.kind !== 'done'; n++) {
          const answer = replayAnswers.get(prompt.step);
          assert.ok(answer !== undefined, `unexpected prompt ${prompt.step} after rewinding to ${id}`);
          const s = await cliInProcess(['step', '--state', copy, '--answer', answer], env);
          assert.equal(s.json.ok, true, s.stdout);
          prompt = s.json.next;
        }
        const out = await cliInProcess(['outcome', '--state', copy], env);
        assert.deepEqual(out.json.renderArgv, f.argv, `after rewinding to ${id}`);
        fs.rmSync(copy);
      }
    });
  }
});
