// The `okstra.wizard` tree view over the loaded wizard session, with a row on top for what the person should
// know first: the wizard is aborted (Start Over), or it waits for the answers file to be written.

import * as vscode from 'vscode';
import { treeRowAriaLabel } from '../host/ariaLabel';
import type { WindowWizard } from '../wizard/windowWizard';
import { lastRunRow, rowCommand, treeRowModels, treeTexts, type TreeRowModel, type TreeTexts } from './treeModel';

/** Read when the rows are computed: the language and the terminal's shell as VS Code reports them. */
const treeTextsNow = (): TreeTexts =>
  treeTexts({ t: (m, ...args) => vscode.l10n.t(m, ...args), language: () => vscode.env.language, shell: () => vscode.env.shell });

/** What the Wizard view shows besides the session's rows. */
export interface ViewExtras {
  /** The answers file the wizard waits for (Answer now). */
  waitingFor?: string;
  /** The wizard's workspace folder, named when the workspace has several (the view's title row says which). */
  folderName?: string;
}

/** The Wizard view (tree/wizardTree.ts). */
export interface WizardView {
  setSession(session: WindowWizard | undefined, extras: ViewExtras): void;
}

export class WizardTreeProvider implements vscode.TreeDataProvider<TreeRowModel>, WizardView {
  private session: WindowWizard | undefined;
  private extras: ViewExtras = {};
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  /** The rows, computed when VS Code (or a test) asks for them after a change, not on every change. */
  private computed: TreeRowModel[] | undefined = [];

  /**
   * The rows as they are now. Computing them runs the engine (the answers in words): a change only marks them, so
   * that an answer's next prompt is shown before VS Code asks the view for its rows, not after the rows were made.
   */
  get rows(): TreeRowModel[] {
    this.computed ??= this.compute();
    return this.computed;
  }

  setSession(session: WindowWizard | undefined, extras: ViewExtras = {}): void {
    this.session = session;
    this.extras = extras;
    this.refresh();
  }

  refresh(): void {
    this.computed = undefined;
    // Told after what the change goes with (an answer's next prompt), and once for the changes made together.
    this.telling ??= setTimeout(() => {
      this.telling = undefined;
      this.changed.fire();
    }, 0);
  }
  private telling: ReturnType<typeof setTimeout> | undefined;

  private compute(): TreeRowModel[] {
    const session = this.session;
    if (!session) return [];
    const out: TreeRowModel[] = [];
    const texts = treeTextsNow();
    if (session.wizard.state.aborted) {
      out.push({
        id: 'aborted',
        label: vscode.l10n.t('Aborted'),
        description: vscode.l10n.t('this wizard cannot be resumed or run · Start Over'),
        tooltip: vscode.l10n.t('The answers below are kept for reference. Start Over begins a new wizard for this task.'),
        icon: 'circle-slash',
        iconColor: 'list.warningForeground',
        contextValue: 'aborted',
      });
    } else if (this.extras.waitingFor) {
      out.push({
        id: 'waiting',
        label: vscode.l10n.t('Waiting for your answers'),
        description: this.extras.waitingFor,
        tooltip: vscode.l10n.t('Write your answers in {0}, then click here to continue.', this.extras.waitingFor),
        icon: 'edit',
        iconColor: 'charts.blue',
        contextValue: 'waiting',
      });
    }
    if (session.wizard.state.last_run) out.push(lastRunRow(session.wizard.state.last_run, texts));
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
    // Read as the row shows it, with its state: VS Code read a text tooltip instead (the protocol's `brief: task`),
    // and nothing for the current row (its tooltip is empty).
    item.accessibilityInformation = { label: treeRowAriaLabel(row) };
    item.iconPath = new vscode.ThemeIcon(row.icon, row.iconColor ? new vscode.ThemeColor(row.iconColor) : undefined);
    item.contextValue = row.contextValue;
    const command = rowCommand(row, (m) => vscode.l10n.t(m));
    if (command) item.command = { command: command.command, arguments: command.args, title: command.title };
    return item;
  }

  getChildren(row?: TreeRowModel): TreeRowModel[] {
    return row ? [] : this.rows;
  }

  getParent(): undefined {
    return undefined; // flat list; TreeView.reveal needs the method
  }
}
