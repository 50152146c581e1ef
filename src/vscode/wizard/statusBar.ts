// The status-bar item: where the wizard stands and the one action that fits
// (Resume when paused, Run when complete), the last exit code after a run.

import * as vscode from 'vscode';
import type { PromptDoc } from '../../core/types';
import type { WizardSession } from './session';

const t = vscode.l10n.t;

export class WizardStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('okstra.wizard', vscode.StatusBarAlignment.Left, 50);

  constructor() {
    this.item.name = t('okstra Wizard');
  }

  dispose(): void {
    this.item.dispose();
  }

  running(taskKey: string): void {
    this.item.text = `$(sync~spin) okstra: ${taskKey}`;
    this.item.tooltip = t('okstra render-bundle is running');
    this.item.command = 'okstra.showOutput';
    this.item.show();
  }

  /** `status.prompt`: the session's current prompt when the caller has it already; computed here otherwise. */
  update(session: WizardSession | undefined, status: { paused: boolean; trusted: boolean; complete: boolean; prompt?: PromptDoc | null }): void {
    if (!session || session.state.aborted) {
      this.item.hide();
      return;
    }
    const name = session.taskKey || session.folderName;
    const lastRun = session.state.last_run;
    if (status.complete) {
      const exit = lastRun ? (lastRun.exitCode === null ? ' · ?' : ` · ${t('exit {0}', lastRun.exitCode)}`) : '';
      const icon = lastRun && lastRun.exitCode !== null && lastRun.exitCode !== 0 ? '$(error)' : '$(play)';
      this.item.text = `${icon} okstra: ${name}${exit}`;
      this.item.tooltip = status.trusted ? t('Run okstra render-bundle') : t('Run is disabled in an untrusted workspace');
      this.item.command = status.trusted ? 'okstra.run' : 'okstra.showConfirmation';
    } else {
      const prompt = status.prompt !== undefined ? pendingPrompt(status.prompt) : safePrompt(session);
      const where = prompt ? ` — ${prompt.step} (${t('{0} of {1}', prompt.progress.answered + 1, prompt.progress.total)})` : '';
      this.item.text = `${status.paused ? '$(debug-pause)' : '$(list-ordered)'} okstra: ${name}${where}`;
      this.item.tooltip = status.paused ? t('The wizard is paused. Click to resume.') : t('okstra wizard');
      this.item.command = 'okstra.resume';
    }
    this.item.show();
  }
}

function safePrompt(session: WizardSession): PromptDoc | null {
  try {
    return pendingPrompt(session.current().prompt);
  } catch {
    return null;
  }
}

function pendingPrompt(prompt: PromptDoc | null): PromptDoc | null {
  return prompt && prompt.kind !== 'done' ? prompt : null;
}
