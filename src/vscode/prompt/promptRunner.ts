// Shows one prompt as a QuickPick (pick, multi_pick) or an InputBox (text) and
// keeps it open until the engine accepts an answer: a refused answer shows the
// engine's message in place (R7), Back is the engine's Back, Escape pauses, and
// close() replaces the prompt when the state changed under it. Everything goes
// through the window seam (host/window.ts), so unit tests drive it in Node.

import type * as vscode from 'vscode';
import { textsFor } from '../../core/text';
import type { TextCatalog } from '../../core/text/catalog';
import { WORKBENCH_COMMANDS } from '../commandIds';
import { Emitter } from '../host/emitter';
import type { HostWindow, Log } from '../host/window';
import type { PromptRequest, PromptResult } from './promptRequest';
import { PickMessage } from './pickMessage';
import { pickItem, type PickItem } from './pickItem';
import { readableOutcome, submitAnswer } from './answerOutcome';
import { AnsweredPrompt } from './answeredPrompt';
import {
  activeAfterFilter,
  buildPromptModel,
  multiPickAnswer,
  refusalRow,
  typedValueMessage,
  withOptionRows,
  type PromptModel,
} from './promptModel';

type Input = vscode.QuickPick<vscode.QuickPickItem> | vscode.InputBox;

/** The second focus of focus(): the workbench may hand the focus to the editor after it reported a view change. */
const REFOCUS_MS = 300;

/** A "Loading…" pick only when the next prompt takes longer than this. */
const LOADING_DELAY_MS = 250;

/** The answered prompt shows that it is busy (and takes no keys) only when its answer takes longer than this. */
const BUSY_DELAY_MS = 100;

export class PromptRunner {
  private active: Input | undefined;
  private goBack: (() => void) | undefined;
  private closeActive: (() => void) | undefined;
  private readonly changed = new Emitter<Input | undefined>();
  /** The prompt just answered (or left with Back), on screen until the next one shows over it (answeredPrompt.ts). */
  private readonly answered = new AnsweredPrompt();
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
    this.release();
  }

  /**
   * The open prompt is busy and says `note` until `until` settles (the confirmation beside it is drawn): VS Code draws
   * a QuickPick's busy bar only after 800 ms, so the words show it from the start.
   */
  busyUntil(until: Promise<unknown>, note: string): void {
    const input = this.active;
    const message = this.message;
    if (!input) return;
    input.busy = true;
    message?.say(note);
    const done = (): void => {
      if (this.active !== input) return;
      input.busy = false;
      message?.unsay();
    };
    void until.then(done, done);
  }
  /** Where the open pick shows its notice (pickMessage.ts). */
  private message: PickMessage | undefined;

  /** Closes the prompt answered last if it is still on screen: no prompt follows it (the loop ended). */
  release(): void {
    this.answered.release();
  }

  /** Shows `input`, over the prompt answered last (which then closes). */
  private show(input: Input): void {
    this.active = input;
    input.show();
    this.answered.release();
    this.changed.fire(input);
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
    this.answered.release();
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
      this.message = undefined;
      this.activeStep = undefined;
      if (result.kind === 'answered' || result.kind === 'back') this.answered.keep(input);
      else input.dispose();
      this.changed.fire(undefined);
      resolve(result);
    };
  }

  private runPick(request: PromptRequest, model: PromptModel, catalog: TextCatalog): Promise<PromptResult> {
    const t = this.host.t;
    const { back, separator } = this.host.quickInput;
    return new Promise<PromptResult>((resolve) => {
      const qp = this.host.createQuickPick<PickItem>();
      const items = model.items.map((m) => pickItem(m, this.host));
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
      this.message = pickText;
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
      let submitting = false;
      qp.onDidAccept(async () => {
        if (submitting) return;
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
        // Busy only when the answer takes a while: an update of the prompt on every Enter delayed the next one.
        submitting = true;
        const busyTimer = setTimeout(() => {
          qp.busy = true;
          qp.enabled = false;
        }, BUSY_DELAY_MS);
        loadingTimer = setTimeout(() => {
          qp.items = [{ label: `$(loading~spin) ${t('Loading…')}`, alwaysShow: true, error: true }];
        }, LOADING_DELAY_MS);
        const outcome = await submitAnswer(request, answer);
        clearTimeout(busyTimer);
        clearTimeout(loadingTimer);
        loadingTimer = undefined;
        if (outcome.ok) {
          finish({ kind: 'answered', outcome });
          return;
        }
        this.log.info(`answer ${JSON.stringify(answer)} to ${request.prompt.step} refused: ${outcome.error}`);
        submitting = false;
        if (qp.busy) {
          qp.busy = false;
          qp.enabled = true;
        }
        showError(readableOutcome(catalog, request.prompt, answer, outcome), active && !active.error ? active : defaultItem);
      });
      this.show(qp as vscode.QuickPick<vscode.QuickPickItem>);
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
      let submitting = false;
      box.onDidAccept(async () => {
        if (submitting) return;
        const answer = box.value;
        submitting = true;
        const busyTimer = setTimeout(() => {
          box.busy = true;
          box.enabled = false;
        }, BUSY_DELAY_MS);
        const outcome = await submitAnswer(request, answer);
        clearTimeout(busyTimer);
        if (outcome.ok) {
          finish({ kind: 'answered', outcome });
          return;
        }
        this.log.info(`answer ${JSON.stringify(answer)} to ${request.prompt.step} refused: ${outcome.error}`);
        submitting = false;
        if (box.busy) {
          box.busy = false;
          box.enabled = true;
        }
        box.validationMessage = { message: readableOutcome(catalog, request.prompt, answer, outcome), severity: errorSeverity };
      });
      this.show(box);
    });
  }
  /** The file dialog is open over an InputBox (its hide is not a pause). */
  private browsing = false;
}
