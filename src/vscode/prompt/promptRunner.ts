// Shows one prompt as a QuickPick (pick, multi_pick) or an InputBox (text) and
// keeps it open until the engine accepts an answer: a refused answer shows the
// engine's message in place (R7), Back is the engine's Back, Escape pauses, and
// close() replaces the prompt when the state changed under it. Everything goes
// through the window seam (host/window.ts), so unit tests drive it in Node.

import type * as vscode from 'vscode';
import { textsFor } from '../../core/text';
import { formatTemplate, type TextCatalog } from '../../core/text/catalog';
import { WizardError, type PromptDoc } from '../../core/types';
import { WORKBENCH_COMMANDS } from '../commandIds';
import { Emitter } from '../host/emitter';
import type { HostWindow, Log } from '../host/window';
import type { PromptAction, PromptRequest, PromptResult } from './promptRequest';
import type { StepOutcome } from '../wizardResults';
import { PickMessage } from './pickMessage';
import {
  activeAfterFilter,
  buildPromptModel,
  multiPickAnswer,
  refusalRow,
  typedValueMessage,
  withOptionRows,
  type ItemModel,
  type PromptModel,
} from './promptModel';

type Input = vscode.QuickPick<vscode.QuickPickItem> | vscode.InputBox;

interface PickItem extends vscode.QuickPickItem {
  model?: ItemModel;
  action?: PromptAction;
  error?: true;
}

/** The second focus of focus(): the workbench may hand the focus to the editor after it reported a view change. */
const REFOCUS_MS = 300;

/** A "Loading…" pick only when the next prompt takes longer than this. */
const LOADING_DELAY_MS = 250;

export class PromptRunner {
  private active: Input | undefined;
  private goBack: (() => void) | undefined;
  private closeActive: (() => void) | undefined;
  private readonly changed = new Emitter<Input | undefined>();
  /** Fires when a prompt's input is shown or closed (tests wait on it). */
  readonly onDidChangeInput = this.changed.event;

  constructor(
    private readonly host: HostWindow,
    private readonly log: Log,
  ) {}

  /** The open QuickPick or InputBox, for tests and the alt+left Back keybinding. */
  get input(): Input | undefined {
    return this.active;
  }

  /** The step id of the open prompt (its title is in words): for tests and the test API. */
  get step(): string | undefined {
    return this.activeStep;
  }
  private activeStep: string | undefined;

  /** alt+left: Back when the open prompt offers it. */
  back(): void {
    this.goBack?.();
  }

  /** Closes the open prompt without an answer; its run() resolves `closed`. */
  close(): void {
    this.closeActive?.();
  }

  /**
   * Gives the open prompt the keyboard focus again after a click in the okstra views took it (the workbench moved it
   * to the editor), and once more after REFOCUS_MS (the workbench may move it late). VS Code's focus command gives
   * the keys to the prompt's list on VS Code 1.100, where Space accepts the active row: so never at the Confirm prompt
   * (Space there would start okstra), where the keys stay in the box the person typed in. Showing the prompt again
   * does not give it the keys on VS Code 1.100 (test/ui/walk3.ui.test.mjs).
   */
  focus(): void {
    const input = this.active;
    if (!input || this.step === 'confirm') return;
    void this.host.executeCommand(WORKBENCH_COMMANDS.focusQuickInput);
    setTimeout(() => {
      if (this.active === input) void this.host.executeCommand(WORKBENCH_COMMANDS.focusQuickInput);
    }, REFOCUS_MS);
  }

  dispose(): void {
    this.active?.dispose();
    this.changed.dispose();
  }

  run(request: PromptRequest): Promise<PromptResult> {
    const t = this.host.t;
    // The engine's language (workspaceWizards.ts reads the same): readable titles, one default marker, the count range.
    const catalog = textsFor(this.host.language());
    const model = buildPromptModel(request.prompt, request, {
      unavailableSeparator: t('Not available'),
      progress: (n, total) => t('{0} of {1}', n, total),
      catalog,
    });
    withOptionRows(model, request.optionRows, catalog.ui.default_marker);
    // A pick places its notice itself (pickMessage.ts).
    if (request.notice && model.kind === 'text') model.placeholder = `${request.notice} · ${model.placeholder}`;
    this.activeStep = request.prompt.step;
    return model.kind === 'text' ? this.runInput(request, model, catalog) : this.runPick(request, model, catalog);
  }

  private settle<T extends Input>(input: T, resolve: (r: PromptResult) => void, cleanup: () => void): (result: PromptResult) => void {
    let settled = false;
    return (result) => {
      if (settled) return;
      settled = true;
      cleanup();
      this.goBack = undefined;
      this.closeActive = undefined;
      this.active = undefined;
      this.activeStep = undefined;
      input.dispose();
      this.changed.fire(undefined);
      resolve(result);
    };
  }

  private runPick(request: PromptRequest, model: PromptModel, catalog: TextCatalog): Promise<PromptResult> {
    const t = this.host.t;
    const { back, separator } = this.host.quickInput;
    return new Promise<PromptResult>((resolve) => {
      const qp = this.host.createQuickPick<PickItem>();
      const items = model.items.map((m) => this.toPickItem(m));
      const actionItems: PickItem[] = (request.actions ?? []).map((a) => ({
        label: a.label,
        description: a.description,
        iconPath: a.icon === undefined ? undefined : this.host.themeIcon(a.icon),
        action: a,
      }));
      if (actionItems.length > 0) items.push({ label: '', kind: separator }, ...actionItems);
      let loadingTimer: ReturnType<typeof setTimeout> | undefined;
      const finish = this.settle(qp, resolve, () => {
        if (loadingTimer) clearTimeout(loadingTimer);
      });
      qp.title = model.title;
      const pickText = new PickMessage(qp, model.placeholder, request.notice, this.host.quickInput.level.pickPrompt);
      qp.ignoreFocusOut = true;
      qp.matchOnDescription = true;
      qp.canSelectMany = model.kind === 'multi_pick';
      qp.buttons = model.canGoBack ? [back] : [];
      qp.items = items;
      // createQuickPick ignores `picked` for the active item: set activeItems.
      const defaultItem = model.activeIndex >= 0 ? items[model.activeIndex] : undefined;
      if (defaultItem) qp.activeItems = [defaultItem];
      // A multi-pick ticks the remembered answers (the answer being changed).
      if (qp.canSelectMany) qp.selectedItems = items.filter((i) => i.model?.kind === 'option' && i.model.display.picked === true);

      // A refusal is never a selectable item: in a pick an item Accept ignores; in a multi-pick the placeholder (a
      // separator's label is drawn on the row below it, where it read as the first task's description).
      const showError = (message: string, keepActive: PickItem | undefined): void => {
        const row = refusalRow(request.prompt, message);
        if (row.kind === 'placeholder') return pickText.refuse(row.label);
        const errorItem: PickItem = { label: row.label, alwaysShow: row.alwaysShow, iconPath: this.host.themeIcon(row.icon), error: true };
        qp.items = [errorItem, ...items];
        qp.activeItems = keepActive ? [keepActive] : [];
      };
      // The question comes back once the person ticks an entry after a refusal.
      qp.onDidChangeSelection(() => pickText.rest());
      // A count typed out of range says the range; a matching text takes the hint away.
      let hinting = false;
      qp.onDidChangeValue((value) => {
        const hint = typedValueMessage(request.prompt, value, catalog);
        if (hint !== null) {
          hinting = true;
          showError(hint, undefined);
        } else if (hinting) {
          hinting = false;
          if (this.host.quickInput.level.pickPrompt) pickText.rest();
          qp.items = items;
          // The row the filter keeps (select-all and typing 3 after 4): the default may be filtered out.
          const index = activeAfterFilter(model.items, model.activeIndex, value);
          qp.activeItems = index >= 0 ? [items[index]] : [];
        }
      });

      this.goBack = model.canGoBack ? () => finish({ kind: 'back' }) : undefined;
      this.closeActive = () => finish({ kind: 'closed' });
      qp.onDidTriggerButton((button) => {
        if (button === back) finish({ kind: 'back' });
      });
      qp.onDidHide(() => {
        finish({ kind: 'paused' });
      });
      qp.onDidAccept(async () => {
        if (qp.busy) return;
        let answer: string;
        const active = qp.activeItems[0];
        if (active?.action && !qp.canSelectMany) {
          if (active.action.asksAside) return finish({ kind: 'aside', action: active.action });
          const said = await active.action.run();
          if (said) qp.placeholder = said;
          return;
        }
        if (qp.canSelectMany) {
          const values = qp.selectedItems.flatMap((i) => (i.model?.kind === 'option' ? [i.model.value] : []));
          answer = multiPickAnswer(request.prompt, values);
        } else {
          if (!active || active.error || !active.model || active.model.kind === 'separator') return;
          if (active.model.kind === 'unavailable') {
            showError(t('{0} cannot be chosen: {1}', active.model.label, active.model.reason), active);
            return;
          }
          answer = active.model.value;
        }
        // An answer that needs a yes first (Abort the wizard): the prompt stays as it was when the person says no.
        if (request.confirmAnswer && !(await request.confirmAnswer(answer))) return;
        qp.busy = true;
        qp.enabled = false;
        loadingTimer = setTimeout(() => {
          qp.items = [{ label: `$(loading~spin) ${t('Loading…')}`, alwaysShow: true, error: true }];
        }, LOADING_DELAY_MS);
        const outcome = await this.submitted(request, answer);
        clearTimeout(loadingTimer);
        loadingTimer = undefined;
        if (outcome.ok) {
          finish({ kind: 'answered', outcome });
          return;
        }
        this.log.info(`answer ${JSON.stringify(answer)} to ${request.prompt.step} refused: ${outcome.error}`);
        qp.busy = false;
        qp.enabled = true;
        showError(readableOutcome(catalog, request.prompt, answer, outcome), active && !active.error ? active : defaultItem);
      });
      this.active = qp as vscode.QuickPick<vscode.QuickPickItem>;
      qp.show();
      this.changed.fire(this.active);
    });
  }

  private runInput(request: PromptRequest, model: PromptModel, catalog: TextCatalog): Promise<PromptResult> {
    const { back, browse, errorSeverity } = this.host.quickInput;
    return new Promise<PromptResult>((resolve) => {
      const box = this.host.createInputBox();
      const finish = this.settle(box, resolve, () => undefined);
      box.title = model.title;
      box.prompt = model.placeholder;
      box.value = model.value;
      box.ignoreFocusOut = true;
      box.buttons = [...(model.canGoBack ? [back] : []), ...(request.browse ? [browse] : [])];
      this.goBack = model.canGoBack ? () => finish({ kind: 'back' }) : undefined;
      this.closeActive = () => finish({ kind: 'closed' });
      box.onDidTriggerButton(async (button) => {
        if (button === back) finish({ kind: 'back' });
        if (button === browse && request.browse) {
          this.browsing = true;
          try {
            const picked = await request.browse();
            if (picked !== undefined) box.value = picked;
          } finally {
            this.browsing = false;
          }
          box.show();
        }
      });
      box.onDidHide(() => {
        // The file dialog takes the focus from the box; it is not a pause.
        if (!this.browsing) finish({ kind: 'paused' });
      });
      box.onDidChangeValue(() => {
        box.validationMessage = undefined;
      });
      box.onDidAccept(async () => {
        if (box.busy) return;
        const answer = box.value;
        box.busy = true;
        box.enabled = false;
        const outcome = await this.submitted(request, answer);
        if (outcome.ok) {
          finish({ kind: 'answered', outcome });
          return;
        }
        this.log.info(`answer ${JSON.stringify(answer)} to ${request.prompt.step} refused: ${outcome.error}`);
        box.busy = false;
        box.enabled = true;
        box.validationMessage = { message: readableOutcome(catalog, request.prompt, answer, outcome), severity: errorSeverity };
      });
      this.active = box;
      box.show();
      this.changed.fire(box);
    });
  }
  /** The file dialog is open over an InputBox (its hide is not a pause). */
  private browsing = false;

  private async submitted(request: PromptRequest, answer: string): Promise<StepOutcome> {
    try {
      return await request.submit(answer);
    } catch (err) {
      const code = err instanceof WizardError ? err.code : 'internal';
      return { ok: false, code, error: err instanceof Error ? err.message : String(err), notices: [], current: request.prompt };
    }
  }

  private toPickItem(model: ItemModel): PickItem {
    if (model.kind === 'separator') return { label: model.label, kind: this.host.quickInput.separator, model };
    // The view model's texts as they are: one default marker on one row, icons as iconPath.
    const d = model.display;
    const item: PickItem = { label: d.label, model };
    if (d.description !== undefined) item.description = d.description;
    if (d.detail !== undefined) item.detail = d.detail;
    if (d.icon !== undefined) item.iconPath = this.host.themeIcon(d.icon);
    if (d.picked !== undefined) item.picked = d.picked;
    return item;
  }
}

/** A refused answer in words; the protocol text stays in the log. */
function readableOutcome(catalog: TextCatalog, prompt: PromptDoc, answer: string, outcome: Extract<StepOutcome, { ok: false }>): string {
  // The step table's words are the engine's: from dist/engine.js, which the session that refused has loaded (P4).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { readableError, readableRefusal } = require('../../core/wizard/readable') as typeof import('../../core/wizard/readable');
  const refusal = readableRefusal(catalog, prompt, answer, outcome.error);
  if (refusal !== outcome.error || !outcome.code) return refusal;
  // A file the wizard needs cannot be read (the task folder gone, an invalid config.yaml), so there is no current
  // prompt: the message names the file; what to do follows it. A wizard that moved on has a current prompt.
  if (outcome.current === null && outcome.code === 'file-error')
    return formatTemplate(catalog.ui.error_cannot_go_on, { detail: outcome.error.replace(/[.\s]+$/, '') });
  return readableError(catalog, outcome.code, outcome.error, prompt.step);
}
