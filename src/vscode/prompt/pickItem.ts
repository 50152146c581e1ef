// A row of a pick prompt as the QuickPick takes it: the view model's texts as they are (one default marker on one row,
// icons as iconPath), with the model it came from, the action it runs (Copy Command Line), or a refusal's mark.

import type * as vscode from 'vscode';
import type { HostWindow } from '../host/window';
import type { PromptAction } from './promptRequest';
import type { ItemModel } from './promptModel';

export interface PickItem extends vscode.QuickPickItem {
  model?: ItemModel;
  action?: PromptAction;
  error?: true;
}

export function pickItem(model: ItemModel, host: Pick<HostWindow, 'themeIcon' | 'quickInput'>): PickItem {
  if (model.kind === 'separator') return { label: model.label, kind: host.quickInput.separator, model };
  const d = model.display;
  const item: PickItem = { label: d.label, model };
  if (d.description !== undefined) item.description = d.description;
  if (d.detail !== undefined) item.detail = d.detail;
  if (d.icon !== undefined) item.iconPath = host.themeIcon(d.icon);
  if (d.picked !== undefined) item.picked = d.picked;
  return item;
}
