// What a prompt of the wizard is shown with (its document, the answer's submit, the extra items) and how it ended:
// shared by the prompt runner (promptRunner.ts), the prompt loop (loop/promptLoop.ts) and the commands.

import type { PromptDoc } from '../../core/types';
import type { StepOutcome } from '../wizardResults';

export type PromptResult =
  | { kind: 'answered'; outcome: Extract<StepOutcome, { ok: true }> }
  | { kind: 'back' }
  | { kind: 'paused' }
  | { kind: 'closed' } // close() was called: the state changed under the prompt (or another prompt takes its place)
  | { kind: 'aside'; action: PromptAction };

/** An item that is not an answer: accepting it runs `run` and keeps the prompt open (Copy Command Line). */
export interface PromptAction {
  label: string;
  /** A codicon id, shown as the item's icon (never `$(…)` in the label: a screen reader reads the id). */
  icon?: string;
  description?: string;
  /** Resolves a short text shown as the prompt's placeholder ("Copied."), or nothing. */
  run(): Promise<string | undefined>;
  asksAside?: true; // it asks questions of its own: the prompt closes with `aside`, the caller runs it and shows it again
}

/** An option's row in words the window has and the engine does not (a run's date, team and outcome). */
export interface OptionRow {
  label: string;
  description?: string;
}

export interface PromptRequest {
  prompt: PromptDoc;
  folderName: string;
  taskKey: string;
  canGoBack: boolean;
  submit(answer: string): Promise<StepOutcome>;
  /** Shown above the prompt's question (e.g. "changed outside this window: now at …"). */
  notice?: string;
  /**
   * Rows that replace the engine's labels, by option value: the engine's label and description (a path, a problem)
   * go on the detail line (Reuse a previous run: the runs as the Tasks view shows them).
   */
  optionRows?: ReadonlyMap<string, OptionRow>;
  /** Extra items after the options. */
  actions?: PromptAction[];
  /** Text prompts that take a path: a button opens the file dialog; resolves the value to put in the box. */
  browse?(): Promise<string | undefined>;
  /** Asked before `answer` is submitted (a modal question); false keeps the prompt open and submits nothing. */
  confirmAnswer?(answer: string): Promise<boolean>;
}
