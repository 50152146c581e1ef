// The contract of WorkspacePort (src/core/ports.ts), run on both implementations: the in-memory FakeWorkspace that
// the engine's unit tests use (fakeWorkspace.ts) and the real one (src/workspace), on the same project written to
// disk. Each case describes a project as FakeOptions; `materialize` writes it as okstra's files
// (docs/okstra-files.md), and every method of the port must give the same answer on both (paths mapped from the
// fake's root to the real one). A case the fake gets wrong fails here, not as a wizard test that passes on a
// workspace that cannot exist.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { stringify } from 'yaml';
import type { TaskDetails, WorkspacePort } from '../../../src/core/ports';
import { WizardError } from '../../../src/core/types';
import { openWorkspace } from '../../../src/workspace/workspace';
import { tempDirs } from '../../helpers/tempDirs';
import { FakeWorkspace, ROOT, type FakeOptions, type FakeTask } from './fakeWorkspace';

const PROFILES = path.resolve(__dirname, '..', '..', '..', 'profiles');
const temps = tempDirs('okstra-contract-');

function write(root: string, rel: string, text: string): void {
  const abs = path.join(root, rel);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, text);
}

function frontMatter(data: Record<string, unknown> | null, body: string): string {
  return data === null ? body : `---\n${stringify(data)}---\n${body}`;
}

/** Writes one task of a case as okstra writes it. */
function writeTask(root: string, t: FakeTask): void {
  const dir = `.okstra/tasks/${t.group}/${t.id}`;
  if (t.unreadable !== undefined) {
    write(root, `${dir}/task-manifest.json`, '{ "taskGroup": ');
    return;
  }
  write(
    root,
    `${dir}/task-manifest.json`,
    `${JSON.stringify({ taskGroup: t.group, taskId: t.id, taskKey: `${t.group}/${t.id}`, ...t.manifest }, null, 2)}\n`,
  );
  if (t.brief?.exists ?? true) write(root, `${dir}/brief.md`, frontMatter(t.brief?.frontMatter ?? null, `# ${t.id}\n`));
  for (const d of t.directions ?? []) write(root, d, `# ${path.basename(d)}\n`);
  if (t.plan && !('error' in t.plan)) {
    const body = t.plan.blocking ? `The plan.\n\nBLOCKING: ${t.plan.blocking}\n` : 'The plan.\n';
    write(root, `${dir}/plan/approved-plan.md`, frontMatter({ approved: t.plan.approved ?? true, stages: t.plan.stages }, body));
  }
  for (const q of t.questions ?? []) {
    write(root, `${dir}/clarifications/${q.runId}.questions.yaml`, stringify(q.questions));
    if (q.answersExists) write(root, `${dir}/clarifications/${q.runId}.answers.md`, '## q1: Why?\nBecause the queue times out.\n');
  }
  for (const r of t.previousRuns ?? []) write(root, `${dir}/runs/${r.runId}/inputs.json`, `${JSON.stringify(r.inputs, null, 2)}\n`);
}

/** The case as files in a new folder; returns its root. */
function materialize(opts: FakeOptions): string {
  const root = temps.make();
  fs.mkdirSync(path.join(root, '.okstra'), { recursive: true });
  if (opts.config) {
    const { path: _path, ...config } = opts.config;
    write(root, '.okstra/config.yaml', stringify(config));
  }
  for (const f of opts.files ?? []) write(root, f, '');
  for (const t of opts.tasks ?? []) writeTask(root, t);
  for (const [link, target] of Object.entries(opts.links ?? {})) {
    fs.mkdirSync(path.dirname(path.join(root, link)), { recursive: true });
    fs.symlinkSync(target.startsWith(`${ROOT}/`) ? path.join(root, target.slice(ROOT.length + 1)) : target, path.join(root, link));
  }
  return root;
}

/** A value with the fake's root written as `<root>`, and the real root too, so that both compare. */
function rooted(value: unknown, root: string): unknown {
  return JSON.parse(
    JSON.stringify(value ?? null)
      .split(root)
      .join('<root>')
      .split(ROOT)
      .join('<root>'),
  );
}

/** What a method gives: its value, or the code and message of the WizardError it throws. */
function outcome<T>(f: () => T): { value: T } | { code: string; message: string } {
  try {
    return { value: f() };
  } catch (e) {
    if (e instanceof WizardError) return { code: e.code, message: e.message };
    throw e;
  }
}

const NOW = '2026-11-29T12:00:00Z';

/** A file outside every case's project (links point at it). */
function outsideFile(): string {
  const file = path.join(temps.make('okstra-contract-outside-'), 'secret.md');
  fs.writeFileSync(file, 'outside\n');
  return file;
}
const OUTSIDE = outsideFile();

interface Case {
  name: string;
  opts: FakeOptions;
  /** Paths asked of isFile (project-relative or absolute under the fake's root). */
  isFile?: string[];
  /** Absolute paths under the fake's root asked of realPath. */
  realPath?: string[];
}

const CASES: Case[] = [
  {
    name: 'tasks with manifests, briefs, directions, a plan, clarifications and previous runs',
    opts: {
      config: { path: '.okstra/config.yaml', projectId: 'contract', prTemplate: '.github/pr.md' },
      files: ['docs/a.md', '.github/pr.md'],
      tasks: [
        {
          group: 'pay',
          id: 'refunds',
          manifest: {
            title: 'Refunds',
            updatedAt: '2026-11-20T10:00:00Z',
            workflow: { currentPhase: 'implementation-planning', nextRecommendedPhase: { phase: 'implementation', status: 'ready' } },
            runs: [
              { runId: '2026-11-19-1', taskType: 'error-analysis', inputs: 'runs/2026-11-19-1/inputs.json' },
              { runId: '2026-11-19-2', taskType: 'implementation-planning', inputs: 'runs/2026-11-19-2/inputs.json' },
            ],
          },
          brief: {
            frontMatter: {
              title: 'Refunds',
              taskType: 'error-analysis',
              analysisTarget: 'services/pay',
              evidence: { feature: 'docs/a.md' },
            },
          },
          directions: ['.okstra/tasks/pay/refunds/directions/a-first.md', '.okstra/tasks/pay/refunds/directions/b-second.md'],
          plan: {
            approved: true,
            stages: [
              { id: 'one', title: 'One', dependsOn: [] },
              { id: 'two', title: 'Two', dependsOn: ['one'] },
            ],
            blocking: null,
          },
          questions: [
            { runId: '2026-11-19-1', questions: [{ id: 'q1', question: 'Why?' }], answersExists: true },
            { runId: '2026-11-19-2', questions: [{ id: 'q2', question: 'How?' }] },
          ],
          previousRuns: [
            { runId: '2026-11-19-1', taskType: 'error-analysis', inputs: { taskType: 'error-analysis', directive: 'look' } },
            {
              runId: '2026-11-19-2',
              taskType: 'implementation-planning',
              inputs: { taskType: 'implementation-planning', relatedTasks: [] },
            },
          ],
        },
        { group: 'pay', id: 'bare', brief: { exists: false } },
        {
          group: 'ops',
          id: 'blocked',
          manifest: { title: 'Blocked' },
          plan: { approved: false, stages: [{ id: 's', dependsOn: [] }], blocking: 'wait for legal' },
        },
      ],
    },
    isFile: [
      'docs/a.md',
      'docs/missing.md',
      '.okstra/tasks/pay/refunds/brief.md',
      '.okstra/tasks/pay/bare/brief.md',
      `${ROOT}/docs/a.md`,
      'docs',
    ],
  },
  {
    name: 'a task whose manifest cannot be read, and a project without config.yaml',
    opts: {
      tasks: [
        { group: 'g', id: 'broken', unreadable: 'invalid JSON' },
        { group: 'g', id: 'fine' },
      ],
    },
  },
  {
    name: 'symlinks: inside the project, to outside it, and a loop',
    opts: {
      files: ['real/file.md'],
      links: {
        'inside.md': `${ROOT}/real/file.md`,
        'dir-link': `${ROOT}/real`,
        'out.md': OUTSIDE,
        'loop-a': `${ROOT}/loop-b`,
        'loop-b': `${ROOT}/loop-a`,
      },
    },
    isFile: ['inside.md', 'dir-link/file.md', 'out.md', 'loop-a', 'real'],
    realPath: [
      `${ROOT}/inside.md`,
      `${ROOT}/dir-link/file.md`,
      `${ROOT}/real/file.md`,
      `${ROOT}/out.md`,
      `${ROOT}/loop-a`,
      `${ROOT}/real`,
      `${ROOT}/nothing-here`,
    ],
  },
];

/** The port's answers to the questions a case asks, as plain data with the roots written alike. */
function answers(ws: WorkspacePort, c: Case, keys: string[], root: string): Record<string, unknown> {
  const sortedTasks = [...ws.tasks()].sort((a, b) => (a.key < b.key ? -1 : 1));
  const out: Record<string, unknown> = {
    config: outcome(() => ws.config()),
    tasks: sortedTasks.map((t) => (t.manifest === null ? { key: t.key, group: t.group, id: t.id, manifest: null, unreadable: true } : t)),
    isFile: Object.fromEntries(
      (c.isFile ?? []).map((p) => [p, ws.isFile(p.startsWith(`${ROOT}/`) ? path.join(ws.projectRootAbs, p.slice(ROOT.length + 1)) : p)]),
    ),
    realPath: Object.fromEntries((c.realPath ?? []).map((p) => [p, ws.realPath(path.join(ws.projectRootAbs, p.slice(ROOT.length + 1)))])),
    builtinRegistry: ws.builtinRegistry(),
    builtinProfile: ['error-analysis', 'no-such-type'].map((t) => ws.builtinProfile(t)),
    profileOverride: ws.profileOverride('error-analysis'),
  };
  for (const key of keys) {
    const r = outcome(() => ws.task(key));
    // An unreadable task's reason is the real reader's wording and the case's in the fake: both must refuse it.
    const unreadable = c.opts.tasks?.some((t) => `${t.group}/${t.id}` === key && t.unreadable !== undefined);
    out[`task ${key}`] =
      'value' in r
        ? (r.value satisfies TaskDetails)
        : { code: r.code, message: unreadable ? r.message.replace(/cannot be used: .*/, 'cannot be used: …') : r.message };
  }
  return rooted(out, root) as Record<string, unknown>;
}

describe('WorkspacePort contract: the fake workspace of the unit tests and the real one agree', () => {
  after(() => temps.cleanup());

  for (const c of CASES) {
    it(c.name, () => {
      const root = materialize(c.opts);
      const fake = new FakeWorkspace({ ...c.opts, now: NOW });
      const real = openWorkspace(root, { builtinProfilesDir: PROFILES, now: () => new Date(NOW) });
      const keys = [...(c.opts.tasks ?? []).map((t) => `${t.group}/${t.id}`), 'no/such-task'];
      assert.deepStrictEqual(answers(fake, c, keys, root), answers(real, c, keys, root));
    });
  }

  it('createTask and createFileIfMissing: the same files, the same refusals', () => {
    const opts: FakeOptions = { tasks: [{ group: 'g', id: 'old' }], files: ['notes/kept.md'] };
    const root = materialize(opts);
    const both: WorkspacePort[] = [
      new FakeWorkspace({ ...opts, now: NOW }),
      openWorkspace(root, { builtinProfilesDir: PROFILES, now: () => new Date(NOW) }),
    ];
    const [fakeSide, realSide] = both.map((ws) => {
      const created = outcome(() => ws.createTask('g', 'new-one', 'New One'));
      const again = outcome(() => ws.createTask('g', 'new-one', 'New One'));
      const existing = outcome(() => ws.createTask('g', 'old', 'Old'));
      const badName = outcome(() => ws.createTask('G', 'x y', 'Bad'));
      ws.createFileIfMissing('notes/new.md', 'new\n');
      ws.createFileIfMissing('notes/kept.md', 'not written\n');
      const task = outcome(() => ws.task('g/new-one'));
      return rooted(
        {
          created,
          again,
          existing,
          badName,
          task,
          isNew: ws.isFile('notes/new.md'),
          tasks: ws
            .tasks()
            .map((t) => t.key)
            .sort(),
        },
        root,
      );
    });
    assert.deepStrictEqual(fakeSide, realSide);
    assert.equal(fs.readFileSync(path.join(root, 'notes/kept.md'), 'utf8'), '', 'an existing file is not written');
  });
});
