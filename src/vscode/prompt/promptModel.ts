// The QuickPick / InputBox for one prompt, as plain data (no vscode import, so
// it is unit-tested in Node): title with breadcrumb and "n of total", items in
// order with the default marked and active, disabled options and the
// role-model prompt's unavailable models after a separator.

import type { PromptDoc } from '../../core/types';

export interface PromptTexts {
  unavailableSeparator: string;
  progress(n: number, total: number): string;
}

export type ItemModel =
  | { kind: 'option'; value: string; label: string; description?: string; isDefault: boolean; disabled: boolean; reason?: string }
  | { kind: 'unavailable'; value: string; label: string; reason: string }
  | { kind: 'separator'; label: string };

export interface PromptModel {
  kind: 'pick' | 'multi_pick' | 'text';
  title: string;
  placeholder: string;
  items: ItemModel[];
  /** Index into items of the item to make active (the default), or -1. */
  activeIndex: number;
  /** text prompts: the InputBox's value. */
  value: string;
  canGoBack: boolean;
}

/** `<folder> › <task> › <step>  (n of total)` — n is answered + 1 (docs/steps.md › Progress). */
export function promptTitle(prompt: PromptDoc, context: { folderName: string; taskKey: string }, texts: PromptTexts): string {
  const crumbs = [context.folderName, context.taskKey, prompt.step].filter((c) => c !== '');
  const n = Math.min(prompt.progress.answered + 1, Math.max(prompt.progress.total, 1));
  return `${crumbs.join(' › ')}  (${texts.progress(n, prompt.progress.total)})`;
}

export function buildPromptModel(
  prompt: PromptDoc,
  context: { folderName: string; taskKey: string; canGoBack: boolean },
  texts: PromptTexts,
): PromptModel {
  if (prompt.kind === 'done') throw new Error('a done prompt has no QuickPick');
  const items: ItemModel[] = [];
  let activeIndex = -1;
  for (const option of prompt.options) {
    const disabled = option.disabled === true;
    const isDefault = option.default === true && !disabled;
    if (isDefault && activeIndex < 0) activeIndex = items.length;
    items.push({
      kind: 'option',
      value: option.value,
      label: option.label,
      description: option.description,
      isDefault,
      disabled,
      reason: disabled ? option.description : undefined,
    });
  }
  if (prompt.unavailable && prompt.unavailable.length > 0) {
    items.push({ kind: 'separator', label: texts.unavailableSeparator });
    for (const u of prompt.unavailable) items.push({ kind: 'unavailable', value: u.value, label: u.value, reason: u.reason });
  }
  if (activeIndex < 0 && prompt.kind === 'pick') activeIndex = items.findIndex((i) => i.kind === 'option' && !i.disabled);
  return {
    kind: prompt.kind,
    title: promptTitle(prompt, context, texts),
    placeholder: prompt.label,
    items,
    activeIndex,
    value: prompt.default ?? '',
    canGoBack: context.canGoBack,
  };
}

/** The answer of a multi_pick: chosen values in option order, joined by `,` (docs/protocol.md). */
export function multiPickAnswer(prompt: PromptDoc, chosen: readonly string[]): string {
  const set = new Set(chosen);
  return prompt.options.filter((o) => set.has(o.value)).map((o) => o.value).join(',');
}
