// Every reader of docs/okstra-files.md and its file-error format:
// `<path>:<line>:<column>: <key path>: <problem>`, path project-relative.
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { FileError, WizardError } from '../../../src/core/types';
import { parseConfig } from '../../../src/workspace/config';
import { splitFrontMatter } from '../../../src/core/files/fileErrors';
import { firstBlockingLine, parsePlan } from '../../../src/workspace/plan';
import { parseQuestions, parseRunInputs } from '../../../src/workspace/taskDetails';
import { openWorkspace } from '../../../src/workspace/workspace';
import { readManifestEntry } from '../../../src/workspace/catalogue';
import { cleanup, copyFixture, PROFILES, tmpDir, write } from './helpers';

function fileError(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    assert.ok(e instanceof FileError, `expected a FileError, got ${String(e)}`);
    return e.message;
  }
  assert.fail('expected a FileError');
}

describe('workspace readers', () => {
  after(cleanup);

  describe('task-manifest.json', () => {
    const root = '/p';
    const file = '/p/.okstra/tasks/g/t/task-manifest.json';
    const entry = (text: string) => readManifestEntry(root, 'g', 't', file, text);

    it('reads a valid manifest and keeps unknown keys', () => {
      const e = entry('{"taskGroup": "g", "taskId": "t", "title": "T", "okstraVersion": "0.176", "contract": null}');
      assert.equal(e.error, undefined);
      assert.equal(e.manifest!.title, 'T');
      assert.equal(e.manifest!.okstraVersion, '0.176');
      assert.equal(e.manifest!.contract, undefined);
    });

    it('invalid JSON: `<path>:<line>:<column>: invalid JSON: <reason>`, an unreadable entry, never a throw', () => {
      const e = entry('{\n  "taskGroup": "g",\n  "taskId": "t",,\n}');
      assert.equal(e.manifest, null);
      assert.equal(e.error, `.okstra/tasks/g/t/task-manifest.json:3:17: invalid JSON: expected a string key, got ","`);
    });

    it('a wrong type names the key path with the line and column of its key', () => {
      const e = entry('{\n  "taskGroup": "g",\n  "taskId": "t",\n  "runs": [\n    {"runId": "r1"},\n    {"runId": 2}\n  ]\n}');
      assert.equal(e.error, '.okstra/tasks/g/t/task-manifest.json:6:6: runs[1].runId: must be a string, got an integer (2)');
    });

    it('a missing required key, a non-object, a folder mismatch', () => {
      assert.equal(entry('{"taskGroup": "g"}').error, '.okstra/tasks/g/t/task-manifest.json:1:1: taskId: is required');
      assert.equal(entry('[1]').error, '.okstra/tasks/g/t/task-manifest.json: manifest must be a JSON object');
      assert.equal(
        entry('{"taskGroup": "g", "taskId": "other"}').error,
        '.okstra/tasks/g/t/task-manifest.json: taskGroup/taskId do not match the folder',
      );
    });
  });

  describe('brief.md front matter', () => {
    it('reads front matter and the body; a brief without front matter is fine', () => {
      const root = copyFixture('okstra-project');
      const ws = openWorkspace(root, { builtinProfilesDir: PROFILES });
      const t = ws.task('payments/refund-timeout');
      assert.deepEqual(t.brief.frontMatter, {
        title: 'Refunds time out under load',
        taskType: 'error-analysis',
        analysisTarget: 'services/payments',
        evidence: { feature: 'docs/refunds.md', project: 'docs/architecture.md' },
      });
      const ledger = ws.task('payments/refund-ledger');
      assert.equal(ledger.brief.exists, true);
      assert.equal(ledger.brief.frontMatter, null);
      assert.equal(ledger.brief.error, undefined);
    });

    it('bad YAML and wrong types are file errors with the line in the file (after the opening ---)', () => {
      const root = tmpDir();
      write(root, '.okstra/tasks/g/t/task-manifest.json', '{"taskGroup": "g", "taskId": "t"}');
      write(root, '.okstra/tasks/g/t/brief.md', '---\ntitle: ok\nevidence:\n  feature: [a\n---\nbody\n');
      write(root, '.okstra/tasks/g/u/task-manifest.json', '{"taskGroup": "g", "taskId": "u"}');
      write(root, '.okstra/tasks/g/u/brief.md', '---\ntitle: ok\nevidence:\n  feature: 3\n---\nbody\n');
      write(root, '.okstra/tasks/g/v/task-manifest.json', '{"taskGroup": "g", "taskId": "v"}');
      write(root, '.okstra/tasks/g/v/brief.md', '---\ntitle: never closed\n');
      const ws = openWorkspace(root, { builtinProfilesDir: PROFILES });
      assert.match(ws.task('g/t').brief.error!, /^\.okstra\/tasks\/g\/t\/brief\.md:\d+:\d+: invalid YAML: /);
      assert.equal(ws.task('g/u').brief.error, '.okstra/tasks/g/u/brief.md:4:3: evidence.feature: must be a string, got an integer (3)');
      assert.equal(ws.task('g/v').brief.error, ".okstra/tasks/g/v/brief.md:1:1: front matter is not closed (no '---' line after it)");
    });

    it('an unknown evidence key is refused', () => {
      const msg = fileError(() => {
        const root = tmpDir();
        write(root, '.okstra/tasks/g/t/task-manifest.json', '{"taskGroup": "g", "taskId": "t"}');
        write(root, '.okstra/tasks/g/t/brief.md', '---\nevidence:\n  features: docs/a.md\n---\n');
        const e = openWorkspace(root, { builtinProfilesDir: PROFILES }).task('g/t').brief.error;
        throw new FileError({ path: 'x', problem: e ?? '' });
      });
      assert.match(msg, /brief\.md:3:3: evidence\.features: unknown key$/);
    });

    it('splits CRLF front matter and a BOM', () => {
      const s = splitFrontMatter('\ufeff---\r\na: 1\r\n---\r\nbody\r\n', 'x.md');
      assert.equal(s.yaml, 'a: 1');
      assert.equal(s.body, 'body\n');
      assert.equal(s.bodyLine, 4);
    });
  });

  describe('plan/approved-plan.md', () => {
    it('parses approved, stages with dependsOn (default []) and the first BLOCKING line outside fenced code', () => {
      const plan = parsePlan(
        '---\napproved: true\nstages:\n  - id: a\n    title: A\n  - id: b\n    dependsOn: [a]\n---\n```\nBLOCKING: in code\n```\n~~~md\nBLOCKING: tilde code\n~~~\nText\n  BLOCKING:   owner missing  \nBLOCKING: second\n',
        'plan.md',
      );
      assert.deepEqual(plan, {
        path: 'plan.md',
        approved: true,
        stages: [
          { id: 'a', title: 'A', dependsOn: [] },
          { id: 'b', dependsOn: ['a'] },
        ],
        blocking: 'owner missing',
      });
    });

    it('a plan without front matter or without `approved` is not approved', () => {
      assert.deepEqual(parsePlan('# just text\n', 'p.md'), { path: 'p.md', approved: false, stages: [], blocking: null });
      assert.equal(parsePlan('---\nstages: []\n---\n', 'p.md').approved, false);
    });

    it('a fence is closed only by the same character, at least as long', () => {
      assert.equal(firstBlockingLine('````\n```\nBLOCKING: inside\n````\nBLOCKING: outside'), 'outside');
      assert.equal(firstBlockingLine('```\n~~~\nBLOCKING: inside\n```\n'), null);
    });

    it('malformed stages are file errors naming the key, line and column', () => {
      assert.equal(
        fileError(() => parsePlan('---\napproved: yes please\n---\n', 'plan.md')),
        'plan.md:2:1: approved: must be a boolean, got a string ("yes please")',
      );
      assert.equal(
        fileError(() => parsePlan('---\napproved: true\nstages:\n  - id: a\n  - title: no id\n---\n', 'plan.md')),
        'plan.md:5:5: stages[1].id: is required',
      );
      assert.equal(
        fileError(() => parsePlan('---\nstages:\n  - id: a,b\n---\n', 'plan.md')),
        "plan.md:3:5: stages[0].id: must not contain ',' or whitespace",
      );
      assert.equal(
        fileError(() => parsePlan('---\nstages:\n  - id: a\n    dependsOn: b\n---\n', 'plan.md')),
        'plan.md:4:5: stages[0].dependsOn: must be a list, got a string ("b")',
      );
    });

    it('the fixture plans: stages, a cycle, not approved, a BLOCKING line', () => {
      const root = copyFixture('okstra-project');
      const ws = openWorkspace(root, { builtinProfilesDir: PROFILES });
      const ranking = ws.task('search/ranking-v2').plan as { stages: Array<{ id: string; dependsOn: string[] }>; approved: boolean };
      assert.deepEqual(
        ranking.stages.map((s) => [s.id, s.dependsOn]),
        [
          ['migrate-index', []],
          ['ranker-api', ['migrate-index']],
          ['ui-toggle', ['ranker-api']],
        ],
      );
      const cycle = ws.task('search/facet-filters').plan as { stages: Array<{ id: string; dependsOn: string[] }> };
      assert.deepEqual(
        cycle.stages.map((s) => s.dependsOn),
        [['filter-ui'], ['filter-api']],
      );
      assert.equal((ws.task('platform/ci-cache').plan as { approved: boolean }).approved, false);
      assert.equal((ws.task('platform/flaky-tests').plan as { blocking: string }).blocking, 'decide who owns the quarantine job');
      assert.equal(ws.task('payments/refund-timeout').plan, null);
    });

    it('a malformed plan is reported in the task details, not thrown', () => {
      const root = tmpDir();
      write(root, '.okstra/tasks/g/t/task-manifest.json', '{"taskGroup": "g", "taskId": "t"}');
      write(root, '.okstra/tasks/g/t/plan/approved-plan.md', '---\nstages: 3\n---\n');
      const plan = openWorkspace(root, { builtinProfilesDir: PROFILES }).task('g/t').plan;
      assert.deepEqual(plan, {
        path: '.okstra/tasks/g/t/plan/approved-plan.md',
        error: '.okstra/tasks/g/t/plan/approved-plan.md:2:1: stages: must be a list, got an integer (3)',
      });
    });
  });

  describe('clarifications/*.questions.yaml', () => {
    it('lists questions files in run order with their answers sidecar', () => {
      const root = copyFixture('okstra-project');
      const q = openWorkspace(root, { builtinProfilesDir: PROFILES }).task('payments/refund-timeout').questions;
      assert.deepEqual(
        q.map((f) => [f.runId, f.answersExists, f.answersPath, f.questions.map((x) => x.id)]),
        [
          ['2026-11-18-1', true, '.okstra/tasks/payments/refund-timeout/clarifications/2026-11-18-1.answers.md', ['q1', 'q2']],
          ['2026-11-20-1', false, '.okstra/tasks/payments/refund-timeout/clarifications/2026-11-20-1.answers.md', ['q1', 'q2']],
        ],
      );
    });

    it('numeric ids are read as strings; a non-list and a missing question are file errors', () => {
      assert.deepEqual(parseQuestions('- id: 1\n  question: Why?\n', 'q.yaml'), [{ id: '1', question: 'Why?' }]);
      assert.equal(
        fileError(() => parseQuestions('id: 1\n', 'q.yaml')),
        'q.yaml:1:1: questions must be a list of {id, question}, got a mapping',
      );
      assert.equal(
        fileError(() => parseQuestions('- id: a\n  question: x\n- id: b\n', 'q.yaml')),
        'q.yaml:3:3: [1].question: is required',
      );
    });
  });

  describe('runs/*/inputs.json', () => {
    it('previous runs: v1 and v2 inputs, in manifest order, with their task type', () => {
      const root = copyFixture('okstra-project');
      const runs = openWorkspace(root, { builtinProfilesDir: PROFILES }).task('payments/refund-timeout').previousRuns;
      assert.deepEqual(
        runs.map((r) => [r.runId, r.taskType, r.inputsPath]),
        [
          ['2026-11-18-1', 'error-analysis', '.okstra/tasks/payments/refund-timeout/runs/2026-11-18-1/inputs.json'],
          ['2026-11-20-1', 'error-analysis', '.okstra/tasks/payments/refund-timeout/runs/2026-11-20-1/inputs.json'],
        ],
      );
      assert.equal(runs[0]!.inputs.workers, 'claude,codex');
      assert.deepEqual(runs[1]!.inputs.roleCounts, { analyser: 2, critic: 1 });
    });

    it('a malformed inputs.json is named with its key, line and column', () => {
      assert.equal(
        fileError(() => parseRunInputs('{\n  "roleCounts": {"analyser": "two"}\n}', 'runs/r/inputs.json')),
        'runs/r/inputs.json:2:18: roleCounts.analyser: must be a number, got a string ("two")',
      );
      assert.equal(
        fileError(() => parseRunInputs('[]', 'i.json')),
        'i.json: inputs must be a JSON object, got a list',
      );
      assert.match(
        fileError(() => parseRunInputs('{"a": tru}', 'i.json')),
        /^i\.json:1:7: invalid JSON: /,
      );
    });

    it('runs whose inputs file is missing are left out; a broken one carries its error', () => {
      const root = tmpDir();
      write(
        root,
        '.okstra/tasks/g/t/task-manifest.json',
        JSON.stringify({
          taskGroup: 'g',
          taskId: 't',
          runs: [
            { runId: 'a', taskType: 'implementation', inputs: 'runs/a/inputs.json' },
            { runId: 'b', taskType: 'implementation', inputs: 'runs/b/inputs.json' },
          ],
        }),
      );
      write(root, '.okstra/tasks/g/t/runs/b/inputs.json', '{"directive": 5}');
      const runs = openWorkspace(root, { builtinProfilesDir: PROFILES }).task('g/t').previousRuns;
      assert.equal(runs.length, 1);
      assert.equal(runs[0]!.runId, 'b');
      assert.equal(runs[0]!.error, '.okstra/tasks/g/t/runs/b/inputs.json:1:2: directive: must be a string, got an integer (5)');
    });
  });

  describe('config.yaml', () => {
    it('reads the fixture config', () => {
      const root = copyFixture('okstra-project');
      assert.deepEqual(openWorkspace(root, { builtinProfilesDir: PROFILES }).config(), {
        path: '.okstra/config.yaml',
        projectId: 'payments-service',
        modelDefaults: { analyser: ['claude/opus-4.5', 'codex/gpt-5.1-codex'], 'report-writer': ['claude/sonnet-4.5'] },
        prTemplate: '.github/pull_request_template.md',
      });
    });

    it('an unknown key is a file error at its line and column', () => {
      const root = copyFixture('broken-config');
      assert.equal(
        fileError(() => openWorkspace(root, { builtinProfilesDir: PROFILES }).config()),
        '.okstra/config.yaml:4:1: prTemplates: unknown key',
      );
    });

    it('wrong types, nested unknown keys, a bad model ref', () => {
      assert.equal(
        fileError(() => parseConfig('modelDefaults:\n  analyser: claude/opus-4.5\n', 'c.yaml')),
        'c.yaml:2:3: modelDefaults.analyser: must be a list, got a string ("claude/opus-4.5")',
      );
      assert.equal(
        fileError(() => parseConfig('providers:\n  grok: { enabled: false, colour: red }\n', 'c.yaml')),
        'c.yaml:2:27: providers.grok.colour: unknown key',
      );
      assert.equal(
        fileError(() => parseConfig('models:\n  - ref: opus\n', 'c.yaml')),
        "c.yaml:2:5: models[0].ref: must be '<provider>/<model>'",
      );
      assert.equal(
        fileError(() => parseConfig('registry:\n  replaceBuiltins: "yes"\n', 'c.yaml')),
        'c.yaml:2:3: registry.replaceBuiltins: must be a boolean, got a string ("yes")',
      );
      assert.equal(
        fileError(() => parseConfig('- a\n', 'c.yaml')),
        'c.yaml:1:1: config must be a mapping, got a list',
      );
      assert.equal(
        fileError(() => parseConfig('modelDefaults:\n  analyser: [claude/opus-4.5, 3.5]\n', 'c.yaml')),
        'c.yaml:2:31: modelDefaults.analyser[1]: must be a string, got a number (3.5)',
      );
      assert.match(
        fileError(() => parseConfig('a: [\n', 'c.yaml')),
        /^c\.yaml:\d+:\d+: invalid YAML: /,
      );
      assert.match(
        fileError(() => parseConfig('projectId: a\nprojectId: b\n', 'c.yaml')),
        /^c\.yaml:2:1: invalid YAML: key "projectId" appears twice in one mapping$/,
      );
    });

    it('a key that is a list or a mapping is a file error at its place, and the YAML library prints nothing', async () => {
      const warnings: string[] = [];
      const onWarning = (w: Error) => warnings.push(w.message);
      const warn = console.warn;
      process.on('warning', onWarning);
      console.warn = (...a: unknown[]) => void warnings.push(a.join(' '));
      try {
        assert.equal(
          fileError(() => parseConfig('modelDefaults:\n  ? [analyser]\n  : [claude/opus-4.5]\n', 'c.yaml')),
          'c.yaml:2:5: invalid YAML: a key must be a plain value, not a list',
        );
        assert.equal(
          fileError(() => parseConfig('? {projectId: a}\n: b\n', 'c.yaml')),
          'c.yaml:1:3: invalid YAML: a key must be a plain value, not a mapping',
        );
        // Node emits a process warning on a later tick.
        await new Promise((r) => setImmediate(r));
      } finally {
        process.off('warning', onWarning);
        console.warn = warn;
      }
      assert.deepEqual(warnings, []);
    });

    it('okstraCommand is one executable or a list; an empty file is an empty config; a missing one is null', () => {
      assert.deepEqual(parseConfig('okstraCommand: [uvx, okstra]\n', 'c.yaml').okstraCommand, ['uvx', 'okstra']);
      assert.equal(
        fileError(() => parseConfig('okstraCommand: 3\n', 'c.yaml')),
        'c.yaml:1:1: okstraCommand: must be a string or a list, got an integer (3)',
      );
      assert.equal(
        fileError(() => parseConfig('models:\n  - ref: a/b\n    roles: all\n', 'c.yaml')),
        `c.yaml:3:5: models[0].roles: must be "*" or a list, got a string ("all")`,
      );
      assert.deepEqual(parseConfig('# nothing\n', 'c.yaml'), { path: 'c.yaml' });
      assert.equal(openWorkspace(tmpDir(), { builtinProfilesDir: PROFILES }).config(), null);
    });

    it('is re-read when it changes', () => {
      const root = tmpDir();
      const f = write(root, '.okstra/config.yaml', 'projectId: one\n');
      const ws = openWorkspace(root, { builtinProfilesDir: PROFILES });
      assert.equal(ws.config()!.projectId, 'one');
      write(root, '.okstra/config.yaml', 'projectId: second\n');
      assert.equal(ws.config()!.projectId, 'second');
      write(root, '.okstra/config.yaml', 'projectId: [\n');
      assert.throws(() => ws.config(), FileError);
      assert.ok(path.isAbsolute(f));
    });
  });

  describe('task(key)', () => {
    it('an unknown, unreadable or malformed key is `task <key> cannot be used: <reason>`', () => {
      const root = copyFixture('okstra-project');
      const ws = openWorkspace(root, { builtinProfilesDir: PROFILES });
      assert.throws(
        () => ws.task('broken/bad-json'),
        (e: unknown) =>
          e instanceof WizardError &&
          e.message.startsWith("task 'broken/bad-json' cannot be used: .okstra/tasks/broken/bad-json/task-manifest.json:5:3: invalid JSON"),
      );
      assert.throws(
        () => ws.task('nope/none'),
        /^WizardError: task 'nope\/none' cannot be used: \.okstra\/tasks\/nope\/none\/task-manifest\.json not found$/,
      );
      assert.throws(() => ws.task('../x'), /cannot be used: not a '<group>\/<id>' task key/);
    });

    it('directions are project-relative and sorted by name; the worktree is kept', () => {
      const root = copyFixture('okstra-project');
      const ws = openWorkspace(root, { builtinProfilesDir: PROFILES });
      assert.deepEqual(ws.task('payments/refund-ledger').directions, [
        '.okstra/tasks/payments/refund-ledger/directions/a-queue-based.md',
        '.okstra/tasks/payments/refund-ledger/directions/b-sync-retry.md',
      ]);
      assert.deepEqual(ws.task('search/ranking-v2').manifest.worktree, { path: '../wt/ranking-v2', branch: 'okstra/ranking-v2' });
      assert.equal(ws.task('search/ranking-v2').dir, '.okstra/tasks/search/ranking-v2');
    });
  });
});
