// The `okstra.wizard` tree view over the loaded wizard session.

import * as vscode from 'vscode';
import type { WizardSession } from '../wizard/session';
import { lastRunRow, treeRowModels, type TreeRowModel, type TreeTexts } from './treeModel';

const texts: TreeTexts = {
  current: vscode.l10n.t('current'),
  changed: vscode.l10n.t('changed by reconcile'),
  lastRun: (exitCode, startedAt) =>
    exitCode === null
      ? vscode.l10n.t('Last run: started {0}, exit code unknown', startedAt)
      : vscode.l10n.t('Last run: exit {0} ({1})', exitCode, startedAt),
};

export class WizardTreeProvider implements vscode.TreeDataProvider<TreeRowModel> {
  private session: WizardSession | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  /** The rows last computed, for tests. */
  rows: TreeRowModel[] = [];

  setSession(session: WizardSession | undefined): void {
    this.session = session;
    this.refresh();
  }

  refresh(): void {
    this.rows = this.compute();
    this.changed.fire();
  }

  private compute(): TreeRowModel[] {
    const session = this.session;
    if (!session) return [];
    const out: TreeRowModel[] = [];
    if (session.state.last_run) out.push(lastRunRow(session.state.last_run, texts));
    const tree = session.tree();
    if (!tree.ok) {
      out.push({ id: 'error', label: tree.error, tooltip: tree.error, icon: 'error', iconColor: 'errorForeground', contextValue: 'error' });
      return out;
    }
    out.push(...treeRowModels(tree.rows, texts));
    return out;
  }

  getTreeItem(row: TreeRowModel): vscode.TreeItem {
    const item = new vscode.TreeItem(row.label, vscode.TreeItemCollapsibleState.None);
    item.id = row.id;
    item.description = row.description;
    item.tooltip = row.tooltip;
    item.iconPath = new vscode.ThemeIcon(row.icon, row.iconColor ? new vscode.ThemeColor(row.iconColor) : undefined);
    item.contextValue = row.contextValue;
    if (row.contextValue.startsWith('current')) item.command = { command: 'okstra.resume', title: vscode.l10n.t('Continue') };
    if (row.contextValue === 'lastRun') item.command = { command: 'okstra.showOutput', title: vscode.l10n.t('Show Output') };
    return item;
  }

  getChildren(row?: TreeRowModel): TreeRowModel[] {
    return row ? [] : this.rows;
  }

  getParent(): undefined {
    return undefined; // flat list; TreeView.reveal needs the method
  }
}
