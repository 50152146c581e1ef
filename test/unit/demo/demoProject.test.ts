// The demo project (demo/) is what a new user sees first (`npm start`), so its
// okstra files must read cleanly with the real workspace reader and must keep
// showing every situation the wizard handles: every task type, every kind of
// next-phase pointer, a revision request, a staged plan, a fix cycle,
// directions, open clarifications, legacy and v2 run inputs, a legacy v1 state.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { ApprovedPlan, TaskDetails, TaskEntry, TaskManifest } from '../../../src/core/ports';
import { TASK_TYPE_VALUES } from '../../../src/core/types';
import { parseState } from '../../../src/core/wizard/stateCodec';
import { V1_PROVIDER_STATE_JSON_FIELDS, V2_STATE_FIELDS } from '../../../src/core/wizard/stateSchema';
import { openWorkspace } from '../../../src/workspace';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const DEMO = path.join(REPO_ROOT, 'demo');
const TASKS_DIR = path.join(DEMO, '.okstra', 'tasks');

/** tasks/<group>/<id>/task-manifest.json on disk, as `group/id`, sorted. */
function taskKeysOnDisk(): string[] {
  const keys: string[] = [];
  for (const group of fs.readdirSync(TASKS_DIR)) {
    const groupDir = path.join(TASKS_DIR, group);
    if (!fs.statSync(groupDir).isDirectory()) continue;
    for (const id of fs.readdirSync(groupDir)) {
      if (fs.existsSync(path.join(groupDir, id, 'task-manifest.json'))) keys.push(`${group}/${id}`);
    }
  }
  return keys.sort();
}

function workspace() {
  return openWorkspace(DEMO, { builtinProfilesDir: path.join(REPO_ROOT, 'profiles') });
}

function readableEntries(): Array<Extract<TaskEntry, { manifest: TaskManifest }>> {
  return workspace()
    .tasks()
    .filter((e): e is Extract<TaskEntry, { manifest: TaskManifest }> => e.manifest !== null);
}

function allDetails(): TaskDetails[] {
  const ws = workspace();
  return readableEntries().map((e) => ws.task(e.key));
}

function isPlan(p: TaskDetails['plan']): p is ApprovedPlan {
  return p !== null && !('error' in p);
}

/** The pointer as docs/okstra-files.md › The next-phase pointer reads it. */
function promote(raw: unknown): { phase: string; status: string } {
  if (raw === null || raw === undefined || raw === '') return { phase: '', status: 'ready' };
  if (typeof raw === 'string') return { phase: raw, status: 'ready' };
  const o = raw as Record<string, unknown>;
  return { phase: typeof o.phase === 'string' ? o.phase : '', status: typeof o.status === 'string' ? o.status : 'blocked' };
}

describe('demo project (demo/)', () => {
  it('config.yaml reads with projectId, modelDefaults for analyser and report-writer, and an existing prTemplate', () => {
    const ws = workspace();
    const config = ws.config();
    assert.ok(config, 'demo/.okstra/config.yaml is missing');
    assert.equal(config.projectId, 'acme-payments');
    assert.ok(config.modelDefaults?.analyser?.length, 'modelDefaults.analyser is empty');
    assert.ok(config.modelDefaults?.['report-writer']?.length, 'modelDefaults.report-writer is empty');
    assert.ok(config.prTemplate && ws.isFile(config.prTemplate), `prTemplate ${config.prTemplate} does not exist`);
    assert.ok(ws.isFile('.github/pull_request_template.md'));
  });

  it('every task manifest on disk is in the catalogue and readable', () => {
    const entries = workspace().tasks();
    const unreadable = entries.filter((e) => e.manifest === null).map((e) => `${e.key}: ${e.error}`);
    assert.deepEqual(unreadable, []);
    assert.deepEqual(entries.map((e) => e.key).sort(), taskKeysOnDisk());
    assert.ok(entries.length >= 8, `only ${entries.length} tasks`);
  });

  it('every brief, plan, questions file and run inputs file of every task reads without a file error', () => {
    for (const d of allDetails()) {
      assert.ok(d.brief.exists, `${d.key}: no brief.md`);
      assert.equal(d.brief.error, undefined, `${d.key}: ${d.brief.error}`);
      assert.ok(d.brief.frontMatter?.title, `${d.key}: brief.md has no title in its front matter`);
      if (d.plan !== null) assert.ok(isPlan(d.plan), `${d.key}: ${'error' in d.plan ? d.plan.error : ''}`);
      for (const q of d.questions) assert.ok(q.questions.length > 0, `${q.path}: no questions`);
      const withInputs = (d.manifest.runs ?? []).filter((r) => r.inputs);
      assert.equal(d.previousRuns.length, withInputs.length, `${d.key}: a runs[].inputs file is missing`);
    }
  });

  it('every manifest names its own folder, is dated in November 2026 (ISO-8601 UTC) and has a title', () => {
    for (const e of readableEntries()) {
      const m = e.manifest;
      assert.equal(m.taskKey, e.key);
      assert.ok(m.title, `${e.key}: no title`);
      assert.match(m.updatedAt ?? '', /^2026-11-\d\dT\d\d:\d\d:\d\dZ$/, `${e.key}: updatedAt`);
    }
    const titles = new Set(readableEntries().map((x) => x.manifest.title));
    assert.equal(titles.size, readableEntries().length, 'two tasks share a title');
  });

  it('covers every task type: as a current phase, a recommended next phase, or a run', () => {
    const seen = new Set<string>();
    for (const e of readableEntries()) {
      const w = e.manifest.workflow;
      if (w?.currentPhase) seen.add(w.currentPhase);
      seen.add(promote(w?.nextRecommendedPhase).phase);
      for (const r of e.manifest.runs ?? []) if (r.taskType) seen.add(r.taskType);
    }
    for (const t of TASK_TYPE_VALUES) assert.ok(seen.has(t), `no task in phase ${t}`);
  });

  it('has next-phase pointers that are ready, pending and blocked, a legacy bare string, and a task without one', () => {
    const raws = readableEntries().map((e) => e.manifest.workflow?.nextRecommendedPhase);
    const statuses = new Set(raws.filter((r) => r !== null && typeof r === 'object').map((r) => promote(r).status));
    for (const s of ['ready', 'pending', 'blocked']) assert.ok(statuses.has(s), `no pointer with status ${s}`);
    assert.ok(raws.some((r) => typeof r === 'string' && r !== ''), 'no legacy bare-string pointer');
    assert.ok(raws.some((r) => r === undefined || r === null), 'no task without a pointer');
  });

  it('has a revision-requested contract whose last run is an analysis that asked for it (R-NPH-5)', () => {
    const hit = readableEntries().find((e) => {
      const last = e.manifest.runs?.at(-1);
      return (
        e.manifest.contract?.outcome === 'revision-requested' &&
        last?.outcome === 'revision-requested' &&
        ['requirements-discovery', 'error-analysis', 'implementation-planning'].includes(last.taskType ?? '')
      );
    });
    assert.ok(hit, 'no task whose contract and last analysis run are revision-requested');
  });

  it('has an implementation task with an approved 3-stage plan with dependencies, one stage done, and a worktree', () => {
    const hit = allDetails().find((d) => {
      if (!isPlan(d.plan) || d.manifest.workflow?.currentPhase !== 'implementation' || !d.manifest.worktree) return false;
      const done = d.manifest.workflow.completedStages ?? [];
      return d.plan.approved && d.plan.stages.length === 3 && done.length === 1 && d.plan.stages.some((s) => s.dependsOn.length > 0);
    });
    assert.ok(hit, 'no such implementation task');
  });

  it('has a task whose last final-verification run failed, with an approved plan (the fix-cycle step)', () => {
    const hit = allDetails().find((d) => {
      const lastFv = (d.manifest.runs ?? []).filter((r) => r.taskType === 'final-verification').at(-1);
      return lastFv?.status === 'failed' && isPlan(d.plan) && d.plan.approved && !!d.manifest.worktree;
    });
    assert.ok(hit, 'no task with a failed final-verification run');
  });

  it('has an implementation-planning task with directions/*.md', () => {
    const hit = allDetails().find(
      (d) => promote(d.manifest.workflow?.nextRecommendedPhase).phase === 'implementation-planning' && d.directions.length >= 2,
    );
    assert.ok(hit, 'no implementation-planning task with directions');
    for (const p of hit.directions) assert.ok(workspace().isFile(p), `${p} does not exist`);
  });

  it('has clarification questions without an answers file', () => {
    const open = allDetails().flatMap((d) => d.questions.filter((q) => !q.answersExists));
    assert.ok(open.length > 0, 'no open clarification questions');
    for (const q of open) {
      const ids = q.questions.map((x) => x.id);
      assert.equal(new Set(ids).size, ids.length, `${q.path}: duplicate question ids`);
    }
  });

  it('has a release-handoff task whose pointer is ready', () => {
    const hit = readableEntries().find((e) => {
      const p = promote(e.manifest.workflow?.nextRecommendedPhase);
      return p.phase === 'release-handoff' && p.status === 'ready';
    });
    assert.ok(hit, 'no task ready for release-handoff');
  });

  it('plans: every dependency names an earlier stage of the plan, and completed stages are plan stages', () => {
    for (const d of allDetails()) {
      if (!isPlan(d.plan)) continue;
      assert.equal(d.plan.blocking, null, `${d.plan.path}: has a BLOCKING: line`);
      assert.ok(d.plan.approved, `${d.plan.path}: not approved`);
      const seen = new Set<string>();
      for (const s of d.plan.stages) {
        for (const dep of s.dependsOn) assert.ok(seen.has(dep), `${d.plan.path}: ${s.id} depends on ${dep}, which is not an earlier stage`);
        assert.ok(!seen.has(s.id), `${d.plan.path}: duplicate stage ${s.id}`);
        seen.add(s.id);
      }
      for (const done of d.manifest.workflow?.completedStages ?? []) {
        assert.ok(seen.has(done), `${d.key}: completed stage ${done} is not in the plan`);
      }
    }
  });

  it('brief evidence paths and worktrees are well-formed', () => {
    const ws = workspace();
    for (const d of allDetails()) {
      const ev = d.brief.frontMatter?.evidence;
      for (const p of [ev?.feature, ev?.project]) if (p) assert.ok(ws.isFile(p), `${d.key}: evidence ${p} does not exist`);
      const wt = d.manifest.worktree;
      if (wt) assert.match(wt.branch ?? '', /^okstra\//, `${d.key}: worktree branch`);
    }
  });

  it('previous runs: a legacy v1 inputs.json and v2 ones whose models are in the built-in registry', function () {
    const runs = allDetails().flatMap((d) => d.previousRuns);
    const v1 = runs.filter((r) => V1_PROVIDER_STATE_JSON_FIELDS.some((k) => k in r.inputs));
    const v2 = runs.filter((r) => 'roleCounts' in r.inputs || 'roleModels' in r.inputs);
    assert.ok(v1.length >= 1, 'no legacy v1 inputs.json');
    assert.ok(v2.length >= 1, 'no v2 inputs.json');
    for (const r of v1) assert.ok(!v2.includes(r), `${r.inputsPath}: mixes v1 and v2 keys`);
    for (const r of runs) assert.ok(r.taskType, `${r.inputsPath}: no taskType`);

    const registryFile = path.join(REPO_ROOT, 'profiles', 'registry.yaml');
    const registry = parseYaml(fs.readFileSync(registryFile, 'utf8')) as { models: Array<{ ref: string }> };
    const refs = new Set(registry.models.map((m) => m.ref));
    for (const r of v2) {
      const models = r.inputs.roleModels as Record<string, string[]>;
      for (const [role, list] of Object.entries(models)) {
        for (const ref of list) assert.ok(refs.has(ref), `${r.inputsPath}: roleModels.${role}: ${ref} is not a built-in model`);
      }
    }
    const config = workspace().config();
    for (const [role, list] of Object.entries(config?.modelDefaults ?? {})) {
      for (const ref of list) assert.ok(refs.has(ref), `config.yaml modelDefaults.${role}: ${ref} is not a built-in model`);
    }
  });

  it('has a legacy v1 wizard state next to a task folder: v1 provider keys, no version, no v2 keys', () => {
    const file = path.join(TASKS_DIR, 'payments', 'refund-timeout.wizard.json');
    const payload = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    assert.ok(!('executionIdentityVersion' in payload), 'a legacy v1 state has no executionIdentityVersion');
    for (const k of V2_STATE_FIELDS) assert.ok(!(k in payload), `v2 key ${k} in a v1 state`);
    for (const k of ['workers_override', 'lead_provider', 'claude_model', 'codex_model', 'report_writer_provider']) {
      assert.ok(k in payload, `v1 key ${k} missing`);
    }
    const parsed = parseState(payload);
    assert.equal(parsed.sourceVersion, 1);
    assert.equal(`${parsed.state.task_group}/${parsed.state.task_id}`, 'payments/refund-timeout');
    // The file was written on another machine: loading it rebases the roots (docs/okstra-files.md › Roots).
    assert.notEqual(parsed.state.project_root, DEMO);
    const reuse = parsed.state.reuse_previous ?? '';
    assert.match(reuse, /^run:/);
    const ws = workspace();
    const details = ws.task('payments/refund-timeout');
    assert.ok(details.previousRuns.some((r) => `run:${r.runId}` === reuse), `${reuse} is not a run with inputs`);
    for (const p of [parsed.state.brief_path, parsed.state.feature_evidence_path, parsed.state.project_evidence_path]) {
      assert.ok(ws.isFile(p), `${p} does not exist in the demo`);
    }
  });
});
