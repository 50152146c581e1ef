// New Run…, Resume Wizard and Start Over: which folder, which wizard, then the prompt loop.

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FolderInfo } from '../host/window';
import type { WizardContext } from '../wizard/context';
import type { WindowWizard } from '../wizard/windowWizard';
import type { UnfinishedWizard } from '../wizard/unfinished';

export function resumeLabel(t: WizardContext['t'], w: Pick<UnfinishedWizard, 'taskKey' | 'step' | 'n' | 'total'>): string {
  // A wizard whose place could not be computed (its file or task cannot be read) has no number: never "(7 of 0)".
  const where = w.total >= w.n && w.n > 0 ? ` (${t('{0} of {1}', w.n, w.total)})` : '';
  return `${w.taskKey || t('(no task yet)')} — ${w.step}${where}`;
}

function isDirectory(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** A folder given by a menu (a Uri), else the only one, the only one with .okstra, or the person's choice. */
async function chooseFolder(ctx: WizardContext, arg?: unknown): Promise<FolderInfo | undefined> {
  const t = ctx.t;
  const argPath = typeof (arg as { fsPath?: unknown } | undefined)?.fsPath === 'string' ? (arg as { fsPath: string }).fsPath : undefined;
  if (argPath) {
    const f = ctx.host.folderOf(argPath);
    if (f) return f;
  }
  const folders = ctx.folders();
  if (folders.length === 0) {
    await ctx.dialogs.info(t('Open the folder of a project to configure an okstra run.'));
    return undefined;
  }
  if (folders.length === 1) return folders[0];
  const withOkstra = folders.filter((f) => isDirectory(path.join(f.rootAbs, '.okstra')));
  if (withOkstra.length === 1) return withOkstra[0];
  const picked = await ctx.host.showQuickPick(
    folders.map((f) => ({ label: f.name, description: withOkstra.includes(f) ? '.okstra' : undefined, detail: f.rootAbs, folder: f })),
    { title: t('New Run…'), placeHolder: t('The project folder to run okstra on'), ignoreFocusOut: true },
  );
  return picked?.folder;
}

/** A fresh wizard for a folder (its state lives in workspace storage until the task is chosen). */
async function createSession(
  ctx: WizardContext,
  folder: FolderInfo,
  defaults?: Readonly<Record<string, string>>,
): Promise<WindowWizard | undefined> {
  const settings = ctx.settings(folder.rootAbs);
  const options = { hostRuntime: settings.hostRuntime, entryMode: settings.hostEntryMode, ...(defaults ? { defaults } : {}) };
  ctx.log.info(`New Run in ${folder.rootAbs} (host ${options.hostRuntime}, entry mode ${options.entryMode})`);
  return ctx.guard(() => ctx.factory.create(folder, options));
}

/** `{ defaults: { <step id>: <answer> } }` given by a Tasks view row (New Run with this Team), else undefined. */
function defaultsOf(arg: unknown): Record<string, string> | undefined {
  const d = (arg as { defaults?: unknown } | undefined)?.defaults;
  if (typeof d !== 'object' || d === null) return undefined;
  const out = Object.fromEntries(Object.entries(d).filter((e): e is [string, string] => typeof e[1] === 'string'));
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * `taskArg`: the task a person chose in the Tasks view (a task key, or `new` for Create a Task…), which
 * answers the new wizard's task picker at once — bound to that prompt, so it is never applied to another.
 * `optionsArg`: `{ defaults }`, answers the new wizard offers as the defaults of their steps (a run's team).
 */
async function newRun(ctx: WizardContext, folderArg?: unknown, taskArg?: unknown, optionsArg?: unknown): Promise<void> {
  const folder = await chooseFolder(ctx, folderArg);
  if (!folder) return;
  const session = await createSession(ctx, folder, defaultsOf(optionsArg));
  if (!session) return;
  ctx.setSession(session);
  if (typeof taskArg === 'string' && taskArg !== '') {
    const picked = await ctx.guard(() => ctx.loop.answerOutside(session, 'task-pick', taskArg));
    if (picked && !picked.ok) await ctx.dialogs.error(picked.error);
  }
  await ctx.loop.drive();
}

async function openAndDrive(ctx: WizardContext, statePath: string | null, folder?: FolderInfo): Promise<void> {
  const t = ctx.t;
  const f = folder ?? ctx.folderOf(statePath) ?? ctx.folders()[0];
  if (!f) return;
  const current = ctx.session;
  // The wizard that is open already: keep its session (nothing to re-read).
  const session =
    current && current.wizard.statePath !== null && current.wizard.statePath === statePath
      ? current
      : await ctx.guard(() => ctx.factory.open(statePath, f));
  if (!session) return;
  if (session !== current) ctx.setSession(session);
  ctx.sayOpeningMessages(session);
  if (session.wizard.state.aborted) {
    const startOver = t('Start Over');
    if (
      (await ctx.dialogs.info(t('The wizard for {0} was aborted.', session.wizard.taskKey || session.folderName), [startOver])) ===
      startOver
    )
      await startOverWizard(ctx);
    return;
  }
  await ctx.loop.drive();
}

async function resume(ctx: WizardContext, statePathArg?: unknown): Promise<void> {
  const t = ctx.t;
  if (typeof statePathArg === 'string') {
    await openAndDrive(ctx, statePathArg);
    return;
  }
  const current = ctx.session;
  if (current && ctx.waitingFor) {
    // The wizard waits for its answers file (the status bar and the view say so): this is its Continue.
    await ctx.loop.drive();
    return;
  }
  const folders = ctx.folders();
  const list = await ctx.guard(() => ctx.factory.listUnfinished(folders));
  if (!list) return;
  if (list.length === 0) {
    // Not on disk and not in workspace storage: only the open wizard, if it is unfinished, can go on.
    if (current && !current.wizard.state.aborted && current.wizard.state.confirmed !== true) {
      await ctx.loop.drive();
      return;
    }
    const action = await ctx.dialogs.info(t('There is no unfinished okstra wizard in this workspace.'), [t('New Run…')]);
    if (action) await newRun(ctx);
    return;
  }
  let chosen: UnfinishedWizard | undefined = list[0];
  // Every unfinished wizard is listed when there are several, the open one too.
  if (list.length > 1) {
    const picked = await ctx.host.showQuickPick(
      list.map((w) => ({
        label: resumeLabel(t, w),
        description: [
          folders.length > 1 ? w.folderName : '',
          w.legacy ? t('version-1 file') : '',
          current?.wizard.statePath === w.statePath ? t('open now') : '',
        ]
          .filter(Boolean)
          .join(' · '),
        wizard: w,
      })),
      { title: t('Resume Wizard'), placeHolder: t('Unfinished wizards, newest first') },
    );
    chosen = picked?.wizard;
  }
  if (!chosen) return;
  await openAndDrive(ctx, chosen.statePath, { name: chosen.folderName, rootAbs: chosen.projectRootAbs });
}

/** A new wizard for the open wizard's task (an aborted one is kept as a backup). */
export async function startOverWizard(ctx: WizardContext): Promise<void> {
  const old = ctx.session;
  if (!old) {
    await newRun(ctx);
    return;
  }
  const session = await createSession(ctx, { name: old.folderName, rootAbs: old.projectRootAbs });
  if (!session) return;
  ctx.setSession(session);
  const first = session.wizard.current().prompt;
  // The same task again: task-pick is answered, and the old file (aborted or not) is kept as a backup.
  if (old.wizard.taskKey && first?.step === 'task-pick' && first.options.some((o) => o.value === old.wizard.taskKey && !o.disabled)) {
    const r = await ctx.guard(() => session.submit(old.wizard.taskKey));
    if (r?.ok) {
      const placement = await ctx.guard(() => ctx.factory.place(session, true));
      if (placement) ctx.log.info(`started over: ${placement.statePath}`);
      ctx.loop.watch(session);
    }
  }
  await ctx.loop.drive();
}

export const newRunCommand =
  (ctx: WizardContext) =>
  (folder?: unknown, task?: unknown, options?: unknown): Promise<void> =>
    newRun(ctx, folder, task, options);
export const resumeCommand =
  (ctx: WizardContext) =>
  (statePath?: unknown): Promise<void> =>
    resume(ctx, statePath);
export const startOverCommand = (ctx: WizardContext) => (): Promise<void> => startOverWizard(ctx);
