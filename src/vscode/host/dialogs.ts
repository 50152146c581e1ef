// The questions and notifications the wizard shows outside its prompts, behind
// one small interface so integration tests can answer them without clicking.
// The real one is made of the window seam's showMessage.

import type { HostWindow } from './window';

export interface Dialogs {
  /** A modal question; resolves the chosen button or undefined (cancelled). */
  ask(message: string, detail: string | undefined, buttons: string[], severity?: 'info' | 'warning'): Promise<string | undefined>;
  info(message: string, buttons?: string[]): Promise<string | undefined>;
  warn(message: string, buttons?: string[]): Promise<string | undefined>;
  error(message: string, buttons?: string[]): Promise<string | undefined>;
}

export function hostDialogs(host: HostWindow): Dialogs {
  return {
    ask: (message, detail, buttons, severity = 'warning') => host.showMessage(severity, message, { modal: true, detail }, buttons),
    info: (message, buttons = []) => host.showMessage('info', message, {}, buttons),
    warn: (message, buttons = []) => host.showMessage('warning', message, {}, buttons),
    error: (message, buttons = []) => host.showMessage('error', message, {}, buttons),
  };
}
