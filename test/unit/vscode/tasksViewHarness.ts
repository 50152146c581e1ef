// The Tasks view (src/vscode/tasks/tasksView.ts) registered on the fake window (fakeWindow.ts) for one project folder,
// as its plain-Node tests open it.
import * as path from 'node:path';
import type { Disposable } from '../../../src/vscode/host/window';
import { registerTasksView, type TasksViewApi } from '../../../src/vscode/tasks/tasksView';
import { cleanup } from '../workspace/helpers';
import { FakeWindow } from './fakeWindow';

/** This repository: the extension's folder (its demo/ and dist/cli.js). */
export const EXTENSION = path.resolve(__dirname, '../../..');

const quietLog = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined, show: () => undefined };

export interface TasksView {
  win: FakeWindow;
  api: TasksViewApi;
  root: string;
  close(): void;
}

/** The Tasks view of a workspace whose one folder is `root` (named `p`). */
export function openTasksView(root: string): TasksView {
  const win = new FakeWindow();
  win.folders = [{ name: 'p', rootAbs: root }];
  const { api, disposables } = registerTasksView({
    host: win,
    log: quietLog,
    extensionPath: EXTENSION,
    environment: () => ({ env: { PATH: '' }, settings: { providerPaths: {}, modelDefaults: {}, teams: undefined } }),
  });
  return { win, api, root, close: () => disposables.forEach((d: Disposable) => d.dispose()) };
}

/**
 * For a `describe`: before each test, the view of a fresh `project()` (a folder made under workspace/helpers' tmpDir),
 * handed to the tests by `ready`; after it, the view closed and the temp folders removed.
 */
export function useTasksView(project: () => string, ready: (view: TasksView) => void): void {
  let view: TasksView | undefined;
  beforeEach(() => {
    view = openTasksView(project());
    ready(view);
  });
  afterEach(() => {
    view?.close();
    cleanup();
  });
}
