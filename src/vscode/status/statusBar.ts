// The status-bar item: where the wizard stands and the one action that fits
// (Resume when paused, Run when complete, Start Over when aborted), the last
// exit code after a run, and "waiting for you" while an answers file is written.

import type { PromptDoc } from '../../core/types';
import { COMMAND_IDS } from '../commandIds';
import type { HostWindow, StatusItem } from '../host/window';
import type { WindowWizard } from '../wizard/windowWizard';

interface StatusBarState {
  paused: boolean;
  trusted: boolean;
  complete: boolean;
  /** The session's current prompt when the caller has it already; computed here otherwise. */
  prompt?: PromptDoc | null;
  /** A project-relative file the wizard waits for the person to write (Answer now). */
  waitingFor?: string;
  /** The wizard's workspace folder when the workspace has several: the item names it. */
  folderName?: string;
}

export class WizardStatusBar {
  private readonly item: StatusItem;

  constructor(private readonly host: HostWindow) {
    this.item = host.createStatusBarItem();
    (this.item as StatusItem & { name?: string }).name = host.t('okstra Wizard');
  }

  dispose(): void {
    this.item.dispose();
  }

  /** For tests: what the item shows. */
  get text(): string {
    return this.item.text;
  }

  /** `folderName`: named when the workspace has several folders; `startedAt`: when the run started (ISO 8601). */
  running(taskKey: string, folderName?: string, startedAt?: string): void {
    const t = this.host.t;
    this.item.text = `$(sync~spin) okstra: ${named(taskKey, folderName)} — ${t('running')}`;
    const since = startedAt ? `\n${t('Started {0}', new Date(startedAt).toLocaleTimeString())}` : '';
    this.item.tooltip = withFolder(t, `${t('okstra render-bundle is running. Click to show its output.')}${since}`, folderName);
    this.item.command = COMMAND_IDS.showOutput;
    this.item.show();
  }

  update(session: WindowWizard | undefined, status: StatusBarState): void {
    const t = this.host.t;
    if (!session) {
      this.item.hide();
      return;
    }
    const name = named(session.wizard.taskKey, status.folderName) || session.folderName;
    const lastRun = session.wizard.state.last_run;
    if (lastRun?.status === 'running') {
      this.running(session.wizard.taskKey, status.folderName, lastRun.startedAt);
      return;
    }
    if (session.wizard.state.aborted) {
      this.item.text = `$(circle-slash) okstra: ${name} — ${t('aborted')}`;
      this.item.tooltip = t('This wizard was aborted. Click to start over.');
      this.item.command = COMMAND_IDS.startOver;
    } else if (status.waitingFor) {
      this.item.text = `$(edit) okstra: ${name} — ${t('waiting for your answers')}`;
      this.item.tooltip = t('Write your answers in {0}, then click to continue.', status.waitingFor);
      this.item.command = COMMAND_IDS.resume;
    } else if (status.complete) {
      const exit = !lastRun
        ? ''
        : lastRun.status === 'stopped'
          ? ` · ${t('stopped')}`
          : lastRun.exitCode === null
            ? ' · ?'
            : ` · ${t('exit {0}', lastRun.exitCode)}`;
      const icon = lastRun && lastRun.exitCode !== null && lastRun.exitCode !== 0 ? '$(error)' : '$(play)';
      this.item.text = `${icon} okstra: ${name}${exit}`;
      this.item.tooltip = status.trusted ? t('Run okstra render-bundle') : t('Run is disabled in an untrusted workspace');
      this.item.command = status.trusted ? COMMAND_IDS.run : COMMAND_IDS.showConfirmation;
    } else {
      const prompt = status.prompt !== undefined ? pendingPrompt(status.prompt) : safePrompt(session);
      // The step in words, as the prompt's title names it (never its id, `role-add:critic`).
      const step = prompt ? stepInWords(this.host.language(), prompt.step) : '';
      const where = prompt ? ` — ${step} (${t('{0} of {1}', prompt.progress.answered + 1, prompt.progress.total)})` : '';
      this.item.text = `${status.paused ? '$(debug-pause)' : '$(list-ordered)'} okstra: ${name}${where}`;
      this.item.tooltip = status.paused ? t('The wizard is paused. Click to resume.') : t('okstra wizard');
      // That wizard, not the list of every unfinished one (a wizard not yet in a file is the list's only entry then).
      this.item.command =
        session.wizard.statePath === null
          ? COMMAND_IDS.resume
          : { title: t('Resume Wizard'), command: COMMAND_IDS.resume, arguments: [session.wizard.statePath] };
    }
    this.item.tooltip = withFolder(t, String(this.item.tooltip ?? ''), status.folderName);
    this.item.show();
  }
}

/** `alpha · payments/x` when a folder is named (several workspace folders), else the task key. */
function named(taskKey: string, folderName: string | undefined): string {
  if (!folderName) return taskKey;
  return taskKey ? `${folderName} · ${taskKey}` : folderName;
}

function withFolder(t: HostWindow['t'], tooltip: string, folderName: string | undefined): string {
  return folderName ? `${tooltip}\n${t('Workspace folder: {0}', folderName)}` : tooltip;
}

function safePrompt(session: WindowWizard): PromptDoc | null {
  try {
    return pendingPrompt(session.wizard.current().prompt);
  } catch {
    return null;
  }
}

function pendingPrompt(prompt: PromptDoc | null): PromptDoc | null {
  return prompt && prompt.kind !== 'done' ? prompt : null;
}

/**
 * A step's title (the prompt's words, never its id). The step table's words are the engine's: from dist/engine.js,
 * which the session that computed the prompt has loaded (P4: the shell holds no engine).
 */
function stepInWords(language: string, step: string): string {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { stepTitle } = require('../../core/wizard/readable') as typeof import('../../core/wizard/readable');
  const { textsFor } = require('../../core/text') as typeof import('../../core/text');
  /* eslint-enable @typescript-eslint/no-require-imports */
  return stepTitle(textsFor(language), step);
}
