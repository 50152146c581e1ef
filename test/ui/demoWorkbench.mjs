// The workbench of a `describe` opened on a copy of the demo the way `npm start` serves it (scripts/start.mjs): the
// copy's stand-in okstra and provider CLIs first on PATH, for code-server (and so the extension host) only. Not a
// *.ui.test.mjs file: the test files import it.
import path from 'node:path';
import { repoRoot } from '../runner/harness.mjs';
import { openWorkbench } from './workbench.mjs';

export const demoDir = path.join(repoRoot, 'demo');

/** openWorkbench's `prepare` of the demo: the stand-ins first on PATH; `exit` makes the stand-in okstra fail. */
export function demoPrepare({ exit } = {}) {
  return ({ sandbox, workspace }) => {
    sandbox.env.PATH = `${path.join(workspace.dir, '.demo-bin')}${path.delimiter}${sandbox.env.PATH ?? ''}`;
    // Without it the server takes the extension host's PATH from a login shell, without the stand-ins.
    sandbox.env.VSCODE_CLI = '1';
    if (exit === undefined) delete sandbox.env.OKSTRA_DEMO_EXIT;
    else sandbox.env.OKSTRA_DEMO_EXIT = String(exit);
  };
}

/**
 * Opens a workbench on a copy of the demo before the tests of a `describe` and closes it after them; a failed test
 * leaves its screenshot and the extension host's logs. `options` are openWorkbench's (`from`, `workspacePrefix` and
 * `prepare` default to the demo's); `ready(wb)` hands the workbench to the tests before the first one runs.
 */
export function useDemoWorkbench(options, ready, { timeout = 180_000 } = {}) {
  let wb;
  before(async function () {
    this.timeout(timeout);
    wb = await openWorkbench({ from: demoDir, workspacePrefix: 'okstra-demo-', prepare: demoPrepare(), ...options });
    await ready(wb);
  });
  afterEach(async function () {
    await wb?.reportFailure(this.currentTest);
  });
  after(async () => {
    await wb?.close();
  });
}
