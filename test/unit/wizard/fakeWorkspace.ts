// An in-memory EngineContext for the wizard tests: tasks, files and config
// are plain data; role profiles and the model registry come from the
// repository's profiles/ folder. Writes are recorded, never made. The sample project: projects.ts.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  ApprovedPlan,
  CreatedTask,
  EngineContext,
  EnvironmentPort,
  PreviousRunInputs,
  ProjectConfig,
  QuestionsFile,
  SourceText,
  TaskDetails,
  TaskEntry,
  TaskManifest,
  TerminalBackend,
  UserTeams,
  WorkspacePort,
  BriefFrontMatter,
} from '../../../src/core/ports';
import { pyReprString } from '../../../src/core/pyRepr';
import { textsFor } from '../../../src/core/text';
import { WizardError } from '../../../src/core/types';

const PROFILES = join(__dirname, '..', '..', '..', 'profiles');
const REGISTRY = readFileSync(join(PROFILES, 'registry.yaml'), 'utf8');

export const ROOT = '/home/u/proj';

export interface FakeTask {
  group: string;
  id: string;
  /** Omitted fields take defaults; `unreadable` makes the manifest unreadable. */
  manifest?: Partial<TaskManifest>;
  unreadable?: string;
  brief?: { exists?: boolean; frontMatter?: BriefFrontMatter | null; error?: string };
  directions?: string[];
  plan?:
    | { approved?: boolean; stages: Array<{ id: string; title?: string; dependsOn?: string[] }>; blocking?: string | null }
    | { error: string }
    | null;
  questions?: Array<{
    runId: string;
    questions: Array<{ id: string; question: string }>;
    answersExists?: boolean;
    /** Whether the answers file holds more than its headings (default: yes, when it exists). */
    answersWritten?: boolean;
    error?: string;
  }>;
  previousRuns?: Array<{ runId: string; taskType: string; inputs: Record<string, unknown>; error?: string }>;
}

export interface FakeOptions {
  tasks?: FakeTask[];
  files?: string[];
  /** Symlinks: project-relative path → absolute target (realPath follows them). */
  links?: Record<string, string>;
  config?: ProjectConfig | null;
  lang?: string;
  profiles?: Record<string, string | null>;
  missingClis?: string[];
  terminalBackend?: TerminalBackend;
  now?: string;
  /** The user's teams (the okstra.teams setting / OKSTRA_TEAMS file). */
  userTeams?: UserTeams | null;
}

export class FakeWorkspace implements WorkspacePort {
  readonly projectRootAbs = ROOT;
  readonly files = new Set<string>();
  readonly written = new Map<string, string>();
  readonly created: CreatedTask[] = [];
  readonly tasksByKey = new Map<string, FakeTask>();
  profileReads = 0;

  constructor(private readonly opts: FakeOptions) {
    for (const t of opts.tasks ?? []) this.tasksByKey.set(`${t.group}/${t.id}`, t);
    for (const f of opts.files ?? []) this.files.add(f);
  }

  private rel(p: string): string {
    return p.startsWith(ROOT + '/') ? p.slice(ROOT.length + 1) : p;
  }

  config(): ProjectConfig | null {
    return this.opts.config ?? null;
  }

  private manifestOf(t: FakeTask): TaskManifest {
    return { taskKey: `${t.group}/${t.id}`, taskGroup: t.group, taskId: t.id, ...(t.manifest ?? {}) } as TaskManifest;
  }

  tasks(): TaskEntry[] {
    return [...this.tasksByKey.values()].map((t) => {
      const key = `${t.group}/${t.id}`;
      return t.unreadable
        ? { key, group: t.group, id: t.id, manifest: null, error: t.unreadable }
        : { key, group: t.group, id: t.id, manifest: this.manifestOf(t) };
    });
  }

  task(key: string): TaskDetails {
    const t = this.tasksByKey.get(key);
    if (!t) throw new WizardError('file-error', `task '${key}' cannot be used: .okstra/tasks/${key}/task-manifest.json not found`);
    if (t.unreadable) throw new WizardError('file-error', `task '${key}' cannot be used: ${t.unreadable}`);
    const dir = `.okstra/tasks/${key}`;
    const planPath = `${dir}/plan/approved-plan.md`;
    let plan: TaskDetails['plan'] = null;
    if (t.plan && 'error' in t.plan) plan = { path: planPath, error: t.plan.error };
    else if (t.plan) {
      plan = {
        path: planPath,
        approved: t.plan.approved ?? true,
        stages: t.plan.stages.map((s) => ({ id: s.id, title: s.title, dependsOn: s.dependsOn ?? [] })),
        blocking: t.plan.blocking ?? null,
      } satisfies ApprovedPlan;
    }
    const questions: QuestionsFile[] = (t.questions ?? []).map((q) => {
      const answersPath = `${dir}/clarifications/${q.runId}.answers.md`;
      const answersExists = (q.answersExists ?? false) || this.files.has(answersPath);
      return {
        runId: q.runId,
        path: `${dir}/clarifications/${q.runId}.questions.yaml`,
        questions: q.questions,
        answersPath,
        answersExists,
        ...(q.error ? { error: q.error } : { answersWritten: answersExists && (q.answersWritten ?? true) }),
      };
    });
    const previousRuns: PreviousRunInputs[] = (t.previousRuns ?? []).map((r) => ({
      runId: r.runId,
      taskType: r.taskType,
      inputsPath: `${dir}/runs/${r.runId}/inputs.json`,
      inputs: r.inputs,
      ...(r.error ? { error: r.error } : {}),
    }));
    return {
      key,
      group: t.group,
      id: t.id,
      dir,
      manifest: this.manifestOf(t),
      brief: {
        path: `${dir}/brief.md`,
        exists: t.brief?.exists ?? true,
        frontMatter: t.brief?.frontMatter ?? null,
        error: t.brief?.error,
      },
      directions: t.directions ?? [],
      plan,
      questions,
      previousRuns,
    };
  }

  builtinProfile(taskType: string): SourceText | null {
    this.profileReads++;
    const custom = this.opts.profiles?.[taskType];
    if (custom === null) return null;
    if (custom !== undefined) return { path: `profiles/${taskType}.md`, text: custom };
    try {
      return { path: `profiles/${taskType}.md`, text: readFileSync(join(PROFILES, `${taskType}.md`), 'utf8') };
    } catch {
      return null;
    }
  }

  profileOverride(): SourceText | null {
    return null;
  }

  builtinRegistry(): SourceText {
    return { path: 'profiles/registry.yaml', text: REGISTRY };
  }

  isFile(p: string): boolean {
    const rel = this.rel(this.realPath(p.startsWith('/') ? p : `${ROOT}/${p}`) ?? p);
    return this.files.has(rel) || this.taskFiles().has(rel);
  }

  /** The files a task's details name (brief, plan, directions, answers): they exist unless the task says otherwise. */
  private taskFiles(): Set<string> {
    const out = new Set<string>();
    for (const t of this.tasksByKey.values()) {
      if (t.unreadable) continue;
      const dir = `.okstra/tasks/${t.group}/${t.id}`;
      if (t.brief?.exists ?? true) out.add(`${dir}/brief.md`);
      if (t.plan && !('error' in t.plan)) out.add(`${dir}/plan/approved-plan.md`);
      for (const d of t.directions ?? []) out.add(d);
      for (const q of t.questions ?? []) if (q.answersExists) out.add(`${dir}/clarifications/${q.runId}.answers.md`);
    }
    return out;
  }

  /**
   * Symlinks are `links` (project-relative path → absolute target); everything else resolves to itself. Inside the
   * project a path exists when it is the root, a file, or a folder of one; outside it, the fake cannot tell, and
   * the path is taken as it is.
   */
  realPath(absPath: string): string | null {
    const links = this.opts.links ?? {};
    let p = absPath;
    for (let hop = 0; hop < 40; hop++) {
      const rel = this.rel(p);
      const hit = Object.keys(links)
        .filter((l) => rel === l || rel.startsWith(l + '/'))
        .sort((a, b) => b.length - a.length)[0];
      if (hit === undefined) return this.exists(p) ? p : null;
      p = links[hit] + rel.slice(hit.length);
    }
    return null; // a loop
  }

  private exists(abs: string): boolean {
    if (abs === ROOT || !abs.startsWith(`${ROOT}/`)) return true;
    const rel = this.rel(abs);
    const known = [
      ...this.files,
      ...this.taskFiles(),
      ...[...this.tasksByKey.values()].map((t) => `.okstra/tasks/${t.group}/${t.id}/task-manifest.json`),
    ];
    return known.some((f) => f === rel || f.startsWith(`${rel}/`));
  }

  createTask(group: string, id: string, title: string): CreatedTask {
    const key = `${group}/${id}`;
    // The real workspace's refusals (src/workspace/workspace.ts createTask).
    const segment = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
    if (!segment.test(group) || !segment.test(id))
      throw new WizardError('refused-answer', `task name must be '<group>/<name>': ${pyReprString(key)}`);
    if (this.tasksByKey.has(key)) throw new WizardError('refused-answer', `task '${key}' already exists`);
    const updatedAt = this.now()
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z');
    this.tasksByKey.set(key, { group, id, manifest: { title, updatedAt }, brief: { exists: true, frontMatter: { title } } });
    const created = { key, manifestPath: `.okstra/tasks/${key}/task-manifest.json`, briefPath: `.okstra/tasks/${key}/brief.md` };
    this.created.push(created);
    return created;
  }

  createFileIfMissing(p: string, content: string): void {
    const rel = this.rel(p);
    if (this.files.has(rel)) return;
    this.files.add(rel);
    this.written.set(rel, content);
  }

  now(): Date {
    return new Date(this.opts.now ?? '2026-11-29T12:00:00Z');
  }
}

export function fakeEnvironment(opts: FakeOptions): EnvironmentPort {
  return {
    providerCliAvailable: (id) => !(opts.missingClis ?? []).includes(id),
    terminalBackend: () => opts.terminalBackend ?? 'tmux',
    userModelDefaults: () => null,
    userTeams: () => opts.userTeams ?? null,
  };
}

export function fakeContext(opts: FakeOptions = {}): { ctx: EngineContext; ws: FakeWorkspace } {
  const ws = new FakeWorkspace(opts);
  return { ctx: { workspace: ws, environment: fakeEnvironment(opts), texts: textsFor(opts.lang ?? 'en') }, ws };
}
