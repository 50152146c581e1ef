// Acceptance of the demo: on a copy of demo/, every task can be taken through a
// whole wizard by the headless CLI (the engine the extension runs), the outcome
// renders an argv, and the demo's okstra stand-in echoes exactly that argv.
// The legacy v1 state resumes where it left off without being changed.
// The CLI runs in-process (cliHarness.cliInProcess: the same code as dist/cli.js, the same state
// files) so that a few hundred answers take seconds, not a process each.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { cleanupTemp, cliInProcess, driveInProcess, sha256, tempDir, type Turn } from '../cli/cliHarness';
import { TeamsDocSchema } from '../../../src/host/documentSchemas';

const DEMO = path.resolve(__dirname, '..', '..', '..', 'demo');

/** A fresh copy of demo/ (the wizard writes state files next to the tasks). */
function demoCopy(): string {
  const dest = path.join(tempDir('okstra-demo-'), 'acme-payments');
  fs.cpSync(DEMO, dest, { recursive: true });
  return dest;
}

/** What the extension sees in the demo: the stand-ins on PATH and VS Code's terminal backend. */
function demoEnv(project: string): NodeJS.ProcessEnv {
  // Nothing else from this machine: no user model defaults, no other provider CLIs, English.
  const bin = path.join(project, '.demo-bin');
  return { PATH: `${bin}${path.delimiter}${path.dirname(process.execPath)}`, HOME: os.tmpdir(), OKSTRA_TERMINAL_BACKEND: 'vscode-terminal' };
}

async function initTask(project: string, key: string, stateName: string) {
  const state = path.join(project, '.okstra', 'tasks', `${stateName}.wizard.json`);
  const r = await cliInProcess(['init', '--state', state, '--project-root', project, '--task', key], demoEnv(project));
  assert.equal(r.code, 0, `init --task ${key}: ${r.stdout}${r.stderr}`);
  assert.equal(r.json?.ok, true, `init --task ${key}: ${r.stdout}`);
  return { state, next: r.json.next };
}

/** Runs the okstra stand-in with the rendered argv, as Run does, and reads back what it received. */
function standInEcho(project: string, argv: string[]): string[] {
  const res = spawnSync(path.join(project, '.demo-bin', 'okstra'), ['render-bundle', ...argv], {
    cwd: project,
    env: demoEnv(project),
    encoding: 'utf8',
  });
  assert.equal(res.status, 0, res.stderr);
  const lines = res.stdout.trimEnd().split('\n');
  assert.equal(lines[0], 'okstra (demo stand-in) render-bundle');
  return lines.slice(1).map((l) => JSON.parse(l) as string);
}

function argValue(argv: string[], flag: string): string | undefined {
  const i = argv.indexOf(flag);
  return i >= 0 ? argv[i + 1] : undefined;
}

interface Case {
  key: string;
  answers?: Record<string, string>;
  expectSteps?: string[];
  /** No demo team can be used on the run type (they name roles it does not select): team-pick is not asked. */
  noTeam?: true;
  check?: (argv: string[], turns: Turn[], project: string) => void;
}

const CASES: Case[] = [
  { key: 'checkout/saved-card-migration', check: (a) => assert.equal(argValue(a, '--task-type'), 'requirements-discovery') },
  {
    key: 'checkout/idempotency-keys',
    expectSteps: ['clarification-pick'],
    check: (a, _t, project) => {
      const answers = path.join(project, '.okstra/tasks/checkout/idempotency-keys/clarifications/2026-11-27-1.answers.md');
      assert.ok(fs.existsSync(answers), 'answer-now did not create the answers sidecar');
      assert.equal(argValue(a, '--clarification-response'), answers);
    },
  },
  {
    key: 'payments/refund-queue',
    expectSteps: ['handoff-stage-pick', 'reuse-worktree'],
    check: (a) => {
      assert.equal(argValue(a, '--task-type'), 'implementation');
      assert.ok(!argValue(a, '--stages')?.includes('refund-jobs-table'), 'a done stage was handed off again');
    },
  },
  {
    key: 'ledger/partial-capture-double-posting',
    answers: { 'task-type': 'implementation', 'fix-cycle': 'yes' },
    expectSteps: ['fix-cycle'],
    check: (a) => assert.equal(argValue(a, '--fix-cycle'), '2026-11-25-1'),
  },
  { key: 'payments/refund-timeout', expectSteps: ['reuse-previous'], check: (a) => assert.equal(argValue(a, '--task-type'), 'error-analysis') },
  {
    key: 'payments/currency-rounding',
    answers: { 'direction-pick': '.okstra/tasks/payments/currency-rounding/directions/minor-units-table.md' },
    expectSteps: ['direction-pick'],
    check: (a, _t, project) =>
      assert.equal(argValue(a, '--selected-direction'), path.join(project, '.okstra/tasks/payments/currency-rounding/directions/minor-units-table.md')),
  },
  { key: 'ledger/fx-rate-cache', noTeam: true, check: (a) => assert.equal(argValue(a, '--task-type'), 'final-verification') },
  {
    key: 'payments/partial-refunds',
    expectSteps: ['pr-template-pick'],
    noTeam: true,
    check: (a, _t, project) => assert.equal(argValue(a, '--pr-template-path'), path.join(project, '.github/pull_request_template.md')),
  },
  { key: 'ledger/settlement-report-drift', check: (a) => assert.equal(argValue(a, '--task-type'), 'implementation-planning') },
];

describe('demo walk: every demo task through a whole wizard (CLI)', function () {
  this.timeout(120_000);
  after(cleanupTemp);

  for (const c of CASES) {
    it(`${c.key}: defaults lead to confirm, the outcome renders, the okstra stand-in echoes the argv`, async () => {
      const project = demoCopy();
      const { state, next } = await initTask(project, c.key, `${c.key.split('/')[0]}/walk-${c.key.split('/')[1]}`);
      const { turns, last } = await driveInProcess(state, next, { confirm: 'run', ...c.answers }, demoEnv(project));
      assert.equal(last.kind, 'done');
      const steps = turns.map((t) => t.step);
      for (const s of c.expectSteps ?? []) assert.ok(steps.includes(s), `step ${s} was not asked: ${steps.join(', ')}`);
      // The agents: asked one by one, or answered by the team (or a past run's agents) that team-pick preselected.
      assert.ok(steps.some((s) => s.startsWith('role-model:') || s === 'team-pick'), `no role step: ${steps.join(', ')}`);
      // The demo's teams name a role of every run type; where none can be used, the agents are asked one by one.
      assert.equal(steps.includes('team-pick'), !c.noTeam, `team-pick asked: ${steps.join(', ')}`);

      const out = await cliInProcess(['outcome', '--state', state], demoEnv(project));
      assert.equal(out.json?.ok, true, out.stdout);
      const argv = out.json.renderArgv as string[];
      assert.equal(argValue(argv, '--task-group'), c.key.split('/')[0]);
      assert.equal(argValue(argv, '--task-id'), c.key.split('/')[1]);
      assert.equal(argValue(argv, '--project-id'), 'acme-payments');
      assert.deepEqual(standInEcho(project, argv), ['render-bundle', ...argv]);
      c.check?.(argv, turns, project);
    });
  }

  it('teams --state lists what team-pick offers, each usable or not with the same reason, and writes nothing', async () => {
    const project = demoCopy();
    const { state, next } = await initTask(project, 'ledger/settlement-report-drift', 'ledger/walk-team-list');
    const bare = path.join(project, '.okstra', 'tasks', 'no-task.wizard.json');
    assert.equal((await cliInProcess(['init', '--state', bare, '--project-root', project], demoEnv(project))).code, 0);
    const early = await cliInProcess(['teams', '--state', bare], demoEnv(project));
    assert.equal(early.code, 0, early.stdout);
    assert.equal(early.json.ok, false);
    assert.equal(early.json.code, 'no-prompt', 'before a task and run type are chosen');
    let seen = 0;
    await driveInProcess(state, next, { confirm: 'run' }, demoEnv(project), async (prompt) => {
      if (prompt.step !== 'team-pick') return;
      seen++;
      const before = fs.readFileSync(state, 'utf8');
      const r = await cliInProcess(['teams', '--state', state], demoEnv(project));
      assert.equal(r.code, 0, r.stdout);
      TeamsDocSchema.parse(r.json);
      assert.equal(fs.readFileSync(state, 'utf8'), before, 'teams writes nothing');
      const options = (prompt.options as any[]).filter((o) => o.value !== 'one-by-one');
      assert.deepEqual(
        r.json.teams.map((t: any) => [t.value, t.usable, t.usable ? t.agents : t.reason]),
        options.map((o) => [o.value, o.disabled !== true, o.description]),
      );
      assert.deepEqual(
        r.json.teams.map((t: any) => [t.value, t.usable]),
        [
          ['usual-panel', true],
          ['review-panel', false],
        ],
      );
    });
    assert.equal(seen, 1);
  });

  it("a team in one pick: usual-panel answers every agent question of a planning run, as the same answers one by one would", async () => {
    const key = 'ledger/settlement-report-drift';
    const run = async (answers: Record<string, string>) => {
      const project = demoCopy();
      const { state, next } = await initTask(project, key, 'ledger/walk-teams');
      const { turns } = await driveInProcess(state, next, { confirm: 'run', ...answers }, demoEnv(project));
      const out = await cliInProcess(['outcome', '--state', state], demoEnv(project));
      assert.equal(out.json?.ok, true, out.stdout);
      const argv = (out.json.renderArgv as string[]).map((a) => a.split(project).join('<project>'));
      return { steps: turns.map((t) => t.step), argv, confirmation: (out.json.confirmationText as string).split(project).join('<project>') };
    };
    const team = await run({ 'team-pick': 'usual-panel' });
    const roleSteps = team.steps.filter((s) => s.startsWith('role-'));
    assert.deepEqual(roleSteps, [], `the team answered every role question: ${team.steps.join(', ')}`);
    assert.equal(team.steps[team.steps.indexOf('team-pick') + 1], 'directive-pick');
    const byHand = await run({
      'team-pick': 'one-by-one',
      'role-count:planner': '2',
      'role-add:critic': '0',
      'role-model:leader:1': 'claude/opus-4.5',
      'role-model:planner:1': 'codex/gpt-5.1-codex',
      'role-model:planner:2': 'antigravity/gemini-3-pro',
      'role-model:report-writer:1': 'claude/sonnet-4.5',
    });
    assert.deepEqual(
      byHand.steps.filter((s) => s.startsWith('role-')),
      ['role-count:planner', 'role-add:critic', 'role-model:leader:1', 'role-model:planner:1', 'role-model:planner:2', 'role-model:report-writer:1'],
    );
    assert.deepEqual(team.argv, byHand.argv);
    assert.equal(team.confirmation, byHand.confirmation);
  });

  it('on an implementation run the planning and review teams are listed as not available, with the reason', async () => {
    const project = demoCopy();
    const { state, next } = await initTask(project, 'payments/refund-queue', 'payments/walk-no-team');
    let teamPick: any = null;
    await driveInProcess(state, next, { confirm: 'run' }, demoEnv(project), (p) => {
      if (p.step === 'team-pick') teamPick = p;
    });
    assert.ok(teamPick, 'team-pick was asked');
    assert.deepEqual(
      teamPick.options.map((o: any) => [o.value, o.disabled === true, o.description ?? '']),
      [
        ['usual-panel', true, "role 'planner' is not selectable in the implementation profile"],
        ['review-panel', true, "role 'analyser' is not selectable in the implementation profile"],
        ['run:2026-11-26-1', false, 'leader: claude/opus-4.5 · implementer: claude/opus-4.5 · no critic · report-writer: claude/sonnet-4.5'],
        ['one-by-one', false, ''],
      ],
    );
    assert.equal(teamPick.options.find((o: any) => o.default)?.value, 'run:2026-11-26-1', 'the last implementation run’s agents');
  });

  it('the legacy v1 state resumes at the critic, rebased and converted, and is never rewritten', async () => {
    const project = demoCopy();
    const legacy = path.join(project, '.okstra/tasks/payments/refund-timeout.wizard.json');
    const before = sha256(legacy);
    const env = demoEnv(project);

    const step = await cliInProcess(['step', '--state', legacy], env);
    assert.equal(step.json?.ok, true, step.stdout);
    assert.equal(step.json.current.step, 'role-add:critic');
    const notices: string[] = step.json.notices ?? [];
    assert.ok(notices.some((n) => n.startsWith("project moved: '/home/mina/src/acme-payments' -> ")), notices.join('\n'));

    const { last } = await driveInProcess(legacy, step.json.current, { confirm: 'run' }, env);
    assert.equal(last.kind, 'done');
    assert.equal(sha256(legacy), before, 'the legacy v1 state file was changed');
    const companions = fs.readdirSync(path.dirname(legacy)).filter((n) => n.startsWith('refund-timeout.wizard.json.v2.'));
    assert.equal(companions.length, 1, companions.join(', '));

    const out = await cliInProcess(['outcome', '--state', legacy], env);
    assert.equal(out.json?.ok, true, out.stdout);
    const models = (out.json.renderArgv as string[]).filter((_, i, a) => a[i - 1] === '--role-model');
    for (const m of ['leader=claude/opus-4.5', 'analyser=claude/opus-4.5', 'analyser=codex/gpt-5.1-codex', 'report-writer=claude/sonnet-4.5']) {
      assert.ok(models.includes(m), `${m} not in ${models.join(' ')}`);
    }
  });
});
