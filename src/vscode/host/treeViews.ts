// Every tree view of the extension is made here, so that each gets the one workaround below.
//
// A tree view whose pane was collapsed when the window loaded, and first expanded later (after the command palette
// or a prompt had been open), drew no rows: blank until the workbench laid the sidebar out again for another reason
// (about 2 s later on the demo), or until the pane was collapsed and expanded again
// (VS Code 1.100 in code-server 4.100.3). The workbench had not laid the tree out in its pane. Setting the view's
// message, even to the one it has, makes the workbench lay the tree out, so it is set each time the view is shown
// (test/ui/viewState.ui.test.mjs, a Wizard view collapsed when the window loads).

import * as vscode from 'vscode';

export function createTreeView<T>(viewId: string, options: vscode.TreeViewOptions<T>): vscode.TreeView<T> {
  const view = vscode.window.createTreeView(viewId, options);
  // Disposed with the view: its events go with it.
  view.onDidChangeVisibility((e) => {
    if (e.visible) view.message = view.message;
  });
  return view;
}
