// A complete wizard for each of the six task types on the in-memory project,
// checked down to the render-bundle argv.
import assert from 'node:assert/strict';
import { hostSessionContextJson } from '../../../src/core/roles';
import type { WizardState } from '../../../src/core/types';
import * as E from '../../../src/core/wizard/engine';
import { drive, fresh, type Answers } from './drive';
import { fakeContext, ROOT } from './fakeWorkspace';
import { projectOptions } from './projects';

const T = '.okstra/tasks';

/** The render args every flow shares, with the flow's values over them, in the key order of docs/steps.md › Render arguments. */
function expectedArgs(state: WizardState, values: Record<string, string | string[]>): Array<[string, string | string[]]> {
  const base: Array<[string, string | string[]]> = [
    ['project-root', ROOT],
    ['project-id', 'proj'],
    ['task-group', ''],
    ['task-id', ''],
    ['task-type', ''],
    ['task-brief', ''],
    ['analysis-target', ''],
    ['evidence-inputs', ''],
    ['approved-plan', ''],
    ['stage', ''],
    ['stages', ''],
    ['base-ref', ''],
    ['directive', ''],
    ['related-tasks', ''],
    ['clarification-response', ''],
    ['selected-direction', ''],
    ['pr-template-path', ''],
    ['fix-cycle', ''],
    ['host-session-context-json', hostSessionContextJson(state)],
    ['role-count', []],
    ['role-model', []],
  ];
  for (const k of Object.keys(values))
    assert.ok(
      base.some(([b]) => b === k),
      `unknown key ${k}`,
    );
  return base.map(([k, v]) => [k, k in values ? values[k] : v]);
}

function argvOf(args: Array<[string, string | string[]]>): string[] {
  const out = ['--lead-runtime', 'claude-code'];
  for (const [k, v] of args) for (const x of Array.isArray(v) ? v : [v]) out.push(`--${k}`, x);
  return out;
}

function complete(answers: Answers) {
  const fx = fakeContext(projectOptions());
  const d = drive(fx.ctx, fresh(), answers, 'confirm');
  const r = E.submit(fx.ctx, d.state, 'run');
  assert.ok(r.ok);
  const state = r.ok ? r.state : d.state;
  assert.equal(E.current(fx.ctx, state).prompt?.kind, 'done');
  const out = E.outcome(fx.ctx, state);
  assert.ok(out.ok, out.ok ? '' : out.error);
  return { ...fx, d, state, out: out.ok ? out : assert.fail('no outcome') };
}

describe('complete wizards, one per task type', () => {
  it('requirements-discovery: a new task, related tasks chosen', () => {
    const { d, state, out, ws } = complete({
      'task-pick': 'new',
      'task-new': 'Billing/New Invoices',
      'related-tasks-pick': 'choose',
      'related-tasks': 'payments/impl,#5',
    });
    assert.deepEqual(d.steps, [
      'task-pick',
      'task-new',
      'task-type',
      'brief',
      'analysis-target',
      'role-count:analyser',
      'role-add:critic',
      'role-model:leader:1',
      'role-model:analyser:1',
      'role-model:analyser:2',
      'role-model:report-writer:1',
      'directive-pick',
      'related-tasks-pick',
      'related-tasks',
    ]);
    assert.equal(
      d.echoes[1],
      `task: billing/new-invoices (created ${T}/billing/new-invoices/task-manifest.json, ${T}/billing/new-invoices/brief.md)`,
    );
    assert.deepEqual(
      ws.created.map((c) => c.key),
      ['billing/new-invoices'],
    );
    const rendered = expectedArgs(state, {
      'task-group': 'billing',
      'task-id': 'new-invoices',
      'task-type': 'requirements-discovery',
      'task-brief': `${ROOT}/${T}/billing/new-invoices/brief.md`,
      'related-tasks': 'payments/impl,release/v2',
      'role-count': ['analyser=2'],
      'role-model': [
        'leader=claude/opus-4.5',
        'analyser=claude/opus-4.5',
        'analyser=codex/gpt-5.1-codex',
        'report-writer=claude/sonnet-4.5',
      ],
    });
    assert.deepEqual(Object.entries(out.renderArgs), rendered);
    assert.deepEqual(out.renderArgv, argvOf(rendered));
  });

  it('error-analysis: reusing a previous run, evidence from the brief, answering clarifications now', () => {
    const { d, state, out, ws } = complete({
      'task-pick': 'payments/refund-timeout',
      'task-type': 'error-analysis',
      'reuse-previous': 'run:2026-11-18-1',
      'role-add:critic': '1',
    });
    assert.deepEqual(d.steps, [
      'task-pick',
      'task-type',
      'reuse-previous',
      'brief',
      'analysis-target',
      'evidence',
      'role-add:critic',
      'role-model:leader:1',
      'role-model:critic:1',
      'directive-pick',
      'related-tasks-pick',
      'clarification-pick',
    ]);
    const answers = `${T}/payments/refund-timeout/clarifications/2026-11-18-1.answers.md`;
    assert.equal(d.echoes.at(-1), `clarification-pick: answer-now (${answers})`);
    assert.equal(ws.written.get(answers), '## q1: Which SLA?\n\n## q2: Which region?\n\n');
    const rendered = expectedArgs(state, {
      'task-group': 'payments',
      'task-id': 'refund-timeout',
      'task-type': 'error-analysis',
      'task-brief': `${ROOT}/${T}/payments/refund-timeout/brief.md`,
      'analysis-target': 'services/payments',
      'evidence-inputs': `${ROOT}/docs/refunds.md,${ROOT}/docs/arch.md`,
      directive: 'Focus on p99',
      'related-tasks': 'payments/impl',
      'clarification-response': `${ROOT}/${answers}`,
      'role-count': ['analyser=1', 'critic=1'],
      'role-model': ['leader=claude/opus-4.5', 'analyser=codex/gpt-5.1-codex', 'critic=claude/sonnet-4.5', 'report-writer=claude/opus-4.5'],
    });
    assert.deepEqual(out.renderArgv, argvOf(rendered));
    assert.deepEqual(out.persistActions, []);
    assert.deepEqual(out.orchestration, { chainStages: [] });
  });

  it('implementation-planning: another brief, a direction, a written directive', () => {
    const dir = `${T}/payments/refund-timeout/directions/b-queue.md`;
    const { state, out } = complete({
      'task-pick': 'payments/refund-timeout',
      brief: 'path',
      'brief-path': 'docs/other-brief.md',
      'analysis-target': 'api',
      'direction-pick': dir,
      'directive-pick': 'write',
      directive: 'Keep it small',
      'clarification-pick': 'skip',
    });
    const rendered = expectedArgs(state, {
      'task-group': 'payments',
      'task-id': 'refund-timeout',
      'task-type': 'implementation-planning',
      'task-brief': `${ROOT}/docs/other-brief.md`,
      'analysis-target': 'api',
      directive: 'Keep it small',
      'selected-direction': `${ROOT}/${dir}`,
      'role-count': ['planner=2'],
      'role-model': ['leader=claude/opus-4.5', 'planner=claude/opus-4.5', 'planner=codex/gpt-5.1-codex', 'report-writer=claude/sonnet-4.5'],
    });
    assert.deepEqual(out.renderArgv, argvOf(rendered));
    assert.equal(
      out.confirmationText,
      [
        'okstra render-bundle — payments/refund-timeout',
        '  task-type     : implementation-planning',
        '  brief         : docs/other-brief.md',
        '  analysis      : api',
        `  direction     : ${dir}`,
        '  role          : leader #1 = claude/opus-4.5',
        '  role          : planner #1 = claude/opus-4.5',
        '  role          : planner #2 = codex/gpt-5.1-codex',
        '  role          : report-writer #1 = claude/sonnet-4.5',
        '  directive     : Keep it small',
        '  clarification : (none)',
      ].join('\n'),
    );
  });

  it('implementation: one stage, a new worktree from HEAD, two critics', () => {
    const { state, out } = complete({
      'task-pick': 'payments/impl',
      'handoff-stage-pick': 'stage:api-timeout',
      'reuse-worktree': 'new',
      'role-add:critic': '2',
    });
    const rendered = expectedArgs(state, {
      'task-group': 'payments',
      'task-id': 'impl',
      'task-type': 'implementation',
      'task-brief': `${ROOT}/${T}/payments/impl/brief.md`,
      'approved-plan': `${ROOT}/${T}/payments/impl/plan/approved-plan.md`,
      stage: 'api-timeout',
      stages: 'api-timeout',
      'base-ref': 'HEAD',
      'role-count': ['critic=2'],
      'role-model': [
        'leader=claude/opus-4.5',
        'implementer=claude/opus-4.5',
        'critic=claude/sonnet-4.5',
        'critic=codex/gpt-5.1-codex',
        'report-writer=claude/sonnet-4.5',
      ],
    });
    assert.deepEqual(out.renderArgv, argvOf(rendered));
    assert.deepEqual(out.orchestration, { chainStages: [] });
  });

  it('implementation in a fix cycle: every stage, fix-cycle = the failed run', () => {
    const { state, out } = complete({ 'task-pick': 'payments/fixme', 'task-type': 'implementation' });
    const rendered = expectedArgs(state, {
      'task-group': 'payments',
      'task-id': 'fixme',
      'task-type': 'implementation',
      'task-brief': `${ROOT}/${T}/payments/fixme/brief.md`,
      'approved-plan': `${ROOT}/${T}/payments/fixme/plan/approved-plan.md`,
      stage: 'migrate-db',
      stages: 'migrate-db,api-timeout,docs',
      'base-ref': 'HEAD',
      'fix-cycle': 'fv-7',
      'role-model': ['leader=claude/opus-4.5', 'implementer=claude/opus-4.5', 'report-writer=claude/sonnet-4.5'],
    });
    assert.deepEqual(out.renderArgv, argvOf(rendered));
    assert.deepEqual(out.orchestration, { chainStages: ['migrate-db', 'api-timeout', 'docs'] });
  });

  it('final-verification: the done stages as a chain in the reused worktree', () => {
    const { state, out } = complete({ 'task-pick': 'payments/verify' });
    const rendered = expectedArgs(state, {
      'task-group': 'payments',
      'task-id': 'verify',
      'task-type': 'final-verification',
      'task-brief': `${ROOT}/${T}/payments/verify/brief.md`,
      'approved-plan': `${ROOT}/${T}/payments/verify/plan/approved-plan.md`,
      stage: 'migrate-db',
      stages: 'migrate-db,api-timeout',
      'role-count': ['verifier=2'],
      'role-model': [
        'leader=claude/opus-4.5',
        'verifier=claude/opus-4.5',
        'verifier=codex/gpt-5.1-codex',
        'report-writer=claude/sonnet-4.5',
      ],
    });
    assert.deepEqual(out.renderArgv, argvOf(rendered));
    assert.ok(out.confirmationText.includes('  worktree      : reuse ../wt/verify (okstra/verify)'));
    assert.deepEqual(out.orchestration, { chainStages: ['migrate-db', 'api-timeout'] });
  });

  it('release-handoff: the repository PR template, saved for the project', () => {
    const { state, out } = complete({
      'task-pick': 'release/v2',
      brief: 'none',
      'pr-template-pick': 'repo',
      'pr-template-scope': 'project',
    });
    const rendered = expectedArgs(state, {
      'task-group': 'release',
      'task-id': 'v2',
      'task-type': 'release-handoff',
      'pr-template-path': `${ROOT}/.github/pull_request_template.md`,
      'role-model': ['leader=claude/opus-4.5', 'designer=claude/opus-4.5', 'report-writer=claude/sonnet-4.5'],
    });
    assert.deepEqual(out.renderArgv, argvOf(rendered));
    assert.deepEqual(out.persistActions, [
      { action: 'set-config', file: '.okstra/config.yaml', key: 'prTemplate', value: '.github/pull_request_template.md' },
    ]);
    assert.ok(out.confirmationText.endsWith('  pr-template   : .github/pull_request_template.md (project)'));
  });
});
