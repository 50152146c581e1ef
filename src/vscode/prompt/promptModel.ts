// The QuickPick / InputBox for one prompt, as plain data (no vscode import, so
// it is unit-tested in Node): title with breadcrumb and "n of total", items in
// order with the default marked and active, and what cannot be chosen after a
// "Not available" separator (unavailable models, refused run types, unreadable
// tasks). Every item carries `display`, the exact QuickPickItem texts: one
// default marker on one row, long details on the detail line, readable labels
// where the engine's are ids (Change an answer…).

import { leadingIcon } from '../host/ariaLabel';
import { en } from '../../core/text/en';
import { formatTemplate, type TextCatalog } from '../../core/text/catalog';
import type { PromptDoc, PromptOption } from '../../core/types';
import type { OptionRow } from './promptRequest';

interface PromptTexts {
  unavailableSeparator: string;
  progress(n: number, total: number): string;
  /**
   * The text catalogue of the UI's language (`textsFor(vscode.env.language)`): readable step titles in the title,
   * the default marker, the count range. Without it the title keeps the step id and English is used.
   */
  catalog?: TextCatalog;
}

/** The QuickPickItem texts of an item; `icon` is a codicon id for `iconPath` (never `$(…)` in a label or tooltip). */
interface ItemDisplay {
  label: string;
  description?: string;
  detail?: string;
  icon?: string;
  /** multi_pick: ticked when shown (the answer being changed). */
  picked?: boolean;
}

export type ItemModel =
  | {
      kind: 'option';
      value: string;
      label: string;
      description?: string;
      isDefault: boolean;
      disabled: boolean;
      reason?: string;
      display: ItemDisplay;
    }
  | { kind: 'unavailable'; value: string; label: string; reason: string; display: ItemDisplay }
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
  /** multi_pick: the values to tick when shown (remembered answers; docs/decisions.md › Wizard: remembered answers). */
  picked: string[];
}

const COUNT_STEP = /^role-(count|add):/;

/** `<folder> › <task> › <step title>  (n of total)` — n is answered + 1 (docs/steps.md › Progress). */
export function promptTitle(prompt: PromptDoc, context: { folderName: string; taskKey: string }, texts: PromptTexts): string {
  // The step table's words are the engine's: from dist/engine.js, which the session that computed the prompt has
  // loaded (P4: the shell holds no engine).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { stepTitle } = require('../../core/wizard/readable') as typeof import('../../core/wizard/readable');
  const step = texts.catalog ? stepTitle(texts.catalog, prompt.step) : prompt.step;
  const crumbs = [context.folderName, context.taskKey, step].filter((c) => c !== '');
  // Change an answer… is a menu over the answers, not a step on the way to the confirmation: no number.
  if (UNNUMBERED_STEPS.has(prompt.step)) return crumbs.join(' › ');
  const n = Math.min(prompt.progress.answered + 1, Math.max(prompt.progress.total, 1));
  return `${crumbs.join(' › ')}  (${texts.progress(n, prompt.progress.total)})`;
}

const UNNUMBERED_STEPS = new Set(['edit-target']);

/**
 * The catalogue's default suffixes (` (default)`, ` (recommended)`) a label may end with: the view shows one
 * marker on the default row instead (R-PR-7/9/15 keep them in the engine's labels for the CLI).
 */
function defaultSuffixes(prompt: PromptDoc, catalog: TextCatalog): string[] {
  const out: string[] = [];
  const add = (s: string | undefined) => {
    if (s) out.push(s);
  };
  if (COUNT_STEP.test(prompt.step) || prompt.step.startsWith('role-model:')) {
    for (const key of ['role_count', 'role_add', 'role_model']) add(catalog.steps[key]?.options.default_suffix);
  }
  if (prompt.step === 'task-type') add(catalog.steps.task_type?.options.recommended_suffix);
  return out;
}

function stripSuffix(label: string, suffixes: string[]): string {
  for (const s of suffixes) if (label.endsWith(s)) return label.slice(0, -s.length);
  return label;
}

const PICKER_SEP = '  ·  ';

function optionDisplay(prompt: PromptDoc, o: PromptOption, isDefault: boolean, suffixes: string[], marker: string): ItemDisplay {
  const disabled = o.disabled === true;
  let label = o.label;
  let detail = o.description;
  if (prompt.step === 'edit-target' && o.description) {
    // R-EDT-1's labels are step ids: the answer in words is the row, the id stays the value.
    label = o.description;
    detail = undefined;
  } else if (prompt.step === 'task-pick' && label.startsWith(o.value + PICKER_SEP)) {
    // `<key>  ·  <phase>  ·  next: …`: the key is the row, the title and the phase go on the detail line.
    const rest = label.slice(o.value.length + PICKER_SEP.length);
    label = o.value;
    detail = [o.description, rest].filter((x) => x).join(PICKER_SEP);
  }
  // Role prompts: every default suffix goes; task-type: the recommendation goes where the marker says it.
  if (COUNT_STEP.test(prompt.step) || prompt.step.startsWith('role-model:') || (prompt.step === 'task-type' && isDefault)) {
    label = stripSuffix(label, suffixes);
  }
  // A codicon in an option's label (the confirmation's `$(play) Run`) is its icon: a screen reader read its id.
  const { icon, label: words } = leadingIcon(label);
  const d: ItemDisplay = { label: words };
  if (icon) d.icon = icon;
  // The marker in words only: `$(star-full)` was read as "star-full".
  if (isDefault) d.description = marker;
  if (detail) d.detail = detail;
  if (disabled) d.icon = 'circle-slash';
  if (o.default && prompt.kind === 'multi_pick' && !disabled) d.picked = true;
  return d;
}

export function buildPromptModel(
  prompt: PromptDoc,
  context: { folderName: string; taskKey: string; canGoBack: boolean },
  texts: PromptTexts,
): PromptModel {
  if (prompt.kind === 'done') throw new Error('a done prompt has no QuickPick');
  const catalog = texts.catalog ?? en;
  const marker = catalog.ui.default_marker;
  const suffixes = defaultSuffixes(prompt, catalog);
  const items: ItemModel[] = [];
  const later: ItemModel[] = [];
  // Counts stay in numeric order (a disabled count shows its reason in place); other refused options go last.
  const inPlace = COUNT_STEP.test(prompt.step);
  let activeIndex = -1;
  let defaultSeen = false;
  for (const option of prompt.options) {
    const disabled = option.disabled === true;
    // One marker on one row: the first selectable default of a pick (a multi_pick ticks instead).
    const isDefault = prompt.kind === 'pick' && option.default === true && !disabled && !defaultSeen;
    if (isDefault) defaultSeen = true;
    const item: ItemModel = {
      kind: 'option',
      value: option.value,
      label: option.label,
      description: option.description,
      isDefault,
      disabled,
      reason: disabled ? option.description : undefined,
      display: optionDisplay(prompt, option, isDefault, suffixes, marker),
    };
    if (disabled && !inPlace) later.push(item);
    else {
      if (isDefault) activeIndex = items.length;
      items.push(item);
    }
  }
  for (const u of prompt.unavailable ?? []) {
    // The model's readable name, as the selectable rows have it; the reason in words (the row's detail) is what
    // Enter on the row says too, never the protocol's `leaves no complete assignment`.
    const label = u.label ?? u.value;
    const reason = u.detail ?? u.reason;
    // Every such row says that it is not available (the separator is read once, before the first).
    const detail = `${texts.unavailableSeparator}: ${reason}`;
    later.push({ kind: 'unavailable', value: u.value, label, reason, display: { label, detail, icon: 'circle-slash' } });
  }
  if (later.length > 0) items.push({ kind: 'separator', label: texts.unavailableSeparator }, ...later);
  if (activeIndex < 0 && prompt.kind === 'pick') activeIndex = items.findIndex((i) => i.kind === 'option' && !i.disabled);
  return {
    kind: prompt.kind,
    title: promptTitle(prompt, context, texts),
    placeholder: prompt.label,
    items,
    activeIndex,
    value: prompt.default ?? '',
    canGoBack: context.canGoBack,
    picked: prompt.kind === 'multi_pick' ? prompt.options.filter((o) => o.default && !o.disabled).map((o) => o.value) : [],
  };
}

/** The answer of a multi_pick: chosen values in option order, joined by `,` (docs/protocol.md). */
export function multiPickAnswer(prompt: PromptDoc, chosen: readonly string[]): string {
  const set = new Set(chosen);
  return prompt.options
    .filter((o) => set.has(o.value) && !o.disabled)
    .map((o) => o.value)
    .join(',');
}

/**
 * A refused answer (or a typed-text hint) where it can never be chosen: in a pick an item that is always shown
 * and that Accept ignores; in a multi_pick the placeholder above the rows (every row there has a check box, and a
 * separator's label is drawn on the row below it, where it reads as that row's description). The message is plain
 * text — the icon is `iconPath`, so no `$(error) …` shows in a tooltip.
 */
interface RefusalRow {
  kind: 'placeholder' | 'item';
  label: string;
  alwaysShow: true;
  icon: 'error';
  /** Accept on this row does nothing; it is never part of a multi_pick answer. */
  selectable: false;
}

export function refusalRow(prompt: PromptDoc, message: string): RefusalRow {
  return {
    kind: prompt.kind === 'multi_pick' ? 'placeholder' : 'item',
    label: message,
    alwaysShow: true,
    icon: 'error',
    selectable: false,
  };
}

/**
 * What to tell a person who typed `typed` into the filter of a count pick
 * (role-count / role-add) that matches no count: the range. null when the
 * text matches an option or the prompt is not a count pick.
 */
export function typedValueMessage(prompt: PromptDoc, typed: string, catalog: TextCatalog = en): string | null {
  if (!COUNT_STEP.test(prompt.step)) return null;
  const v = typed.trim();
  if (v === '') return null;
  const counts = prompt.options.map((o) => Number(o.value)).filter((x) => Number.isInteger(x));
  if (counts.length === 0) return null;
  const needle = v.toLowerCase();
  if (prompt.options.some((o) => o.value === v || o.label.toLowerCase().includes(needle))) return null;
  const values = { minimum: String(Math.min(...counts)), maximum: String(Math.max(...counts)), value: v };
  return formatTemplate(/^[0-9]+$/.test(v) ? catalog.ui.not_a_count : catalog.ui.count_range, values);
}

/** A label or description as the QuickPick filter sees it: codicons (`$(star-full)`) are not text. */
function filterText(text: string | undefined): string {
  return (text ?? '').replace(/\$\([a-z0-9~-]+\)\s*/gi, '').toLowerCase();
}

/**
 * The item to make active once the filter shows `typed` again after a hint (a count out of range): the default
 * when the filter keeps it, else the first selectable option the filter keeps (its label or description contains
 * the text), else none. Making a filtered-out item active would leave no row active, and Enter would do nothing.
 */
export function activeAfterFilter(items: readonly ItemModel[], activeIndex: number, typed: string): number {
  const needle = typed.trim().toLowerCase();
  const matches = (i: ItemModel): boolean =>
    i.kind === 'option' &&
    !i.disabled &&
    (needle === '' || filterText(i.display.label).includes(needle) || filterText(i.display.description).includes(needle));
  if (activeIndex >= 0 && matches(items[activeIndex])) return activeIndex;
  return needle === '' ? activeIndex : items.findIndex(matches);
}

/**
 * The window's rows in place of the engine's labels (PromptRequest.optionRows): the row's words are the label and the
 * description (the default marker first on the default row); the engine's description (a path, or why the option
 * cannot be chosen) stays on the detail line.
 */
export function withOptionRows(model: PromptModel, rows: ReadonlyMap<string, OptionRow> | undefined, marker: string): void {
  if (!rows || rows.size === 0) return;
  for (const item of model.items) {
    if (item.kind === 'separator') continue;
    const row = rows.get(item.value);
    if (!row) continue;
    const isDefault = item.kind === 'option' && item.isDefault;
    const description = [isDefault ? marker : '', row.description ?? ''].filter((x) => x !== '').join(PICKER_SEP);
    item.display = { ...item.display, label: row.label };
    if (description) item.display.description = description;
    else delete item.display.description;
  }
}
