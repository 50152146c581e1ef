// The questions and notifications the wizard shows outside its prompts, behind
// one small interface so integration tests can answer them without clicking.

import * as vscode from 'vscode';

export interface Dialogs {
  /** A modal question; resolves the chosen button or undefined (cancelled). */
  ask(message: string, detail: string | undefined, buttons: string[], severity?: 'info' | 'warning'): Promise<string | undefined>;
  info(message: string, buttons?: string[]): Promise<string | undefined>;
  warn(message: string, buttons?: string[]): Promise<string | undefined>;
  error(message: string, buttons?: string[]): Promise<string | undefined>;
}

export const vscodeDialogs: Dialogs = {
  ask: (message, detail, buttons, severity = 'warning') =>
    Promise.resolve(
      severity === 'info'
        ? vscode.window.showInformationMessage(message, { modal: true, detail }, ...buttons)
        : vscode.window.showWarningMessage(message, { modal: true, detail }, ...buttons),
    ),
  info: (message, buttons = []) => Promise.resolve(vscode.window.showInformationMessage(message, ...buttons)),
  warn: (message, buttons = []) => Promise.resolve(vscode.window.showWarningMessage(message, ...buttons)),
  error: (message, buttons = []) => Promise.resolve(vscode.window.showErrorMessage(message, ...buttons)),
};
