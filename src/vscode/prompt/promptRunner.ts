// Shows one prompt as a QuickPick (pick, multi_pick) or an InputBox (text) and
// keeps it open until the engine accepts an answer: a refused answer shows the
// engine's message in place (R7), Back is the engine's Back, Escape pauses.

import * as vscode from 'vscode';
import { WizardError, type PromptDoc } from '../../core/types';
import type { StepOutcome } from '../wizard/session';
import { buildPromptModel, multiPickAnswer, type ItemModel, type PromptModel } from './promptModel';

export type PromptResult =
  | { kind: 'answered'; outcome: Extract<StepOutcome, { ok: true }> }
  | { kind: 'back' }
  | { kind: 'paused' };

export interface PromptRequest {
  prompt: PromptDoc;
  folderName: string;
  taskKey: string;
  canGoBack: boolean;
  submit(answer: string): Promise<StepOutcome>;
}

interface PickItem extends vscode.QuickPickItem {
  model?: ItemModel;
  error?: true;
}

/** A "Loading…" pick only when the next prompt takes longer than this (issue 5). */
const LOADING_DELAY_MS = 250;

export class PromptRunner implements vscode.Disposable {
  private active: vscode.QuickPick<PickItem> | vscode.InputBox | undefined;
  private goBack: (() => void) | undefined;
  private readonly changed = new vscode.EventEmitter<vscode.QuickPick<vscode.QuickPickItem> | vscode.InputBox | undefined>();
  /** Fires when a prompt's input is shown or closed (tests wait on it). */
  readonly onDidChangeInput = this.changed.event;

  constructor(private readonly log: vscode.LogOutputChannel) {}

  /** The open QuickPick or InputBox, for tests and the alt+left Back keybinding. */
  get input(): vscode.QuickPick<vscode.QuickPickItem> | vscode.InputBox | undefined {
    return this.active;
  }

  /** alt+left: Back when the open prompt offers it. */
  back(): void {
    this.goBack?.();
  }

  dispose(): void {
    this.active?.dispose();
    this.changed.dispose();
  }

  run(request: PromptRequest): Promise<PromptResult> {
    const model = buildPromptModel(request.prompt, request, {
      unavailableSeparator: vscode.l10n.t('Not available'),
      progress: (n, total) => vscode.l10n.t('{0} of {1}', n, total),
    });
    return model.kind === 'text' ? this.runInput(request, model) : this.runPick(request, model);
  }

  private runPick(request: PromptRequest, model: PromptModel): Promise<PromptResult> {
    return new Promise<PromptResult>((resolve) => {
      const qp = vscode.window.createQuickPick<PickItem>();
      const items = model.items.map(toPickItem);
      let settled = false;
      let loadingTimer: NodeJS.Timeout | undefined;
      const finish = (result: PromptResult): void => {
        if (settled) return;
        settled = true;
        if (loadingTimer) clearTimeout(loadingTimer);
        this.goBack = undefined;
        this.active = undefined;
        qp.dispose();
        this.changed.fire(undefined);
        resolve(result);
      };
      qp.title = model.title;
      qp.placeholder = model.placeholder;
      qp.ignoreFocusOut = true;
      qp.matchOnDescription = true;
      qp.canSelectMany = model.kind === 'multi_pick';
      qp.buttons = model.canGoBack ? [vscode.QuickInputButtons.Back] : [];
      qp.items = items;
      // createQuickPick ignores `picked` for the active item: set activeItems.
      const defaultItem = model.activeIndex >= 0 ? items[model.activeIndex] : undefined;
      if (defaultItem) qp.activeItems = [defaultItem];

      const showError = (message: string, keepActive: PickItem | undefined): void => {
        const errorItem: PickItem = { label: `$(error) ${message}`, alwaysShow: true, error: true };
        qp.items = [errorItem, ...items];
        if (qp.canSelectMany) qp.selectedItems = qp.selectedItems.filter((i) => !i.error);
        qp.activeItems = keepActive ? [keepActive] : [];
      };

      this.goBack = model.canGoBack ? () => finish({ kind: 'back' }) : undefined;
      qp.onDidTriggerButton((button) => {
        if (button === vscode.QuickInputButtons.Back) finish({ kind: 'back' });
      });
      qp.onDidHide(() => finish({ kind: 'paused' }));
      qp.onDidAccept(async () => {
        if (qp.busy) return;
        let answer: string;
        const active = qp.activeItems[0];
        if (qp.canSelectMany) {
          const values = qp.selectedItems.flatMap((i) => (i.model?.kind === 'option' ? [i.model.value] : []));
          answer = multiPickAnswer(request.prompt, values);
        } else {
          if (!active || active.error || !active.model || active.model.kind === 'separator') return;
          if (active.model.kind === 'unavailable') {
            showError(vscode.l10n.t('{0} cannot be chosen: {1}', active.model.value, active.model.reason), active);
            return;
          }
          answer = active.model.value;
        }
        qp.busy = true;
        qp.enabled = false;
        loadingTimer = setTimeout(() => {
          qp.items = [{ label: `$(loading~spin) ${vscode.l10n.t('Loading…')}`, alwaysShow: true, error: true }];
        }, LOADING_DELAY_MS);
        let outcome: StepOutcome;
        try {
          outcome = await request.submit(answer);
        } catch (err) {
          outcome = { ok: false, code: err instanceof WizardError ? err.code : 'internal', error: err instanceof Error ? err.message : String(err), current: request.prompt };
        }
        clearTimeout(loadingTimer);
        loadingTimer = undefined;
        if (outcome.ok) {
          finish({ kind: 'answered', outcome });
          return;
        }
        this.log.info(`answer ${JSON.stringify(answer)} to ${request.prompt.step} refused: ${outcome.error}`);
        qp.busy = false;
        qp.enabled = true;
        showError(outcome.error, active && !active.error ? active : defaultItem);
      });
      this.active = qp;
      qp.show();
      this.changed.fire(qp as vscode.QuickPick<vscode.QuickPickItem>);
    });
  }

  private runInput(request: PromptRequest, model: PromptModel): Promise<PromptResult> {
    return new Promise<PromptResult>((resolve) => {
      const box = vscode.window.createInputBox();
      let settled = false;
      const finish = (result: PromptResult): void => {
        if (settled) return;
        settled = true;
        this.goBack = undefined;
        this.active = undefined;
        box.dispose();
        this.changed.fire(undefined);
        resolve(result);
      };
      box.title = model.title;
      box.prompt = model.placeholder;
      box.value = model.value;
      box.ignoreFocusOut = true;
      box.buttons = model.canGoBack ? [vscode.QuickInputButtons.Back] : [];
      this.goBack = model.canGoBack ? () => finish({ kind: 'back' }) : undefined;
      box.onDidTriggerButton((button) => {
        if (button === vscode.QuickInputButtons.Back) finish({ kind: 'back' });
      });
      box.onDidHide(() => finish({ kind: 'paused' }));
      box.onDidChangeValue(() => {
        box.validationMessage = undefined;
      });
      box.onDidAccept(async () => {
        if (box.busy) return;
        const answer = box.value;
        box.busy = true;
        box.enabled = false;
        let outcome: StepOutcome;
        try {
          outcome = await request.submit(answer);
        } catch (err) {
          outcome = { ok: false, code: err instanceof WizardError ? err.code : 'internal', error: err instanceof Error ? err.message : String(err), current: request.prompt };
        }
        if (outcome.ok) {
          finish({ kind: 'answered', outcome });
          return;
        }
        this.log.info(`answer ${JSON.stringify(answer)} to ${request.prompt.step} refused: ${outcome.error}`);
        box.busy = false;
        box.enabled = true;
        box.validationMessage = { message: outcome.error, severity: vscode.InputBoxValidationSeverity.Error };
      });
      this.active = box;
      box.show();
      this.changed.fire(box);
    });
  }
}

function toPickItem(model: ItemModel): PickItem {
  switch (model.kind) {
    case 'separator':
      return { label: model.label, kind: vscode.QuickPickItemKind.Separator, model };
    case 'unavailable':
      // Greyed look: an icon and the reason; accepting it shows the reason.
      return { label: `$(circle-slash) ${model.label}`, description: model.reason, model };
    case 'option':
      if (model.disabled) return { label: `$(circle-slash) ${model.label}`, description: model.reason, model };
      return {
        label: model.label,
        description: model.isDefault ? joinDescription(model.description, `$(star-full) ${vscode.l10n.t('default')}`) : model.description,
        model,
      };
  }
}

function joinDescription(a: string | undefined, b: string): string {
  return a ? `${a} · ${b}` : b;
}
