// docs/safety.md R8 in the real extension host: the extension's QuickPick is open on a prompt and a real CLI
// process answers that same prompt (the state file changes under the open QuickPick). Then, in turn:
//   - the person presses Enter as the CLI answers: the Enter is sent to the workbench, then the CLI runs in this
//     process's thread (spawnSync), so the extension host can take neither the pick nor the file's change until
//     the CLI has written; the workbench accepts the QuickPick it shows, the one the CLI answered, and the runner
//     submits that pick bound to the prompt it showed (a race the timing of a loaded machine cannot decide);
//   - the watcher wins: the QuickPick has followed the file to the new prompt when the answer the runner had
//     bound to the old one arrives (submitted with the binding the prompt loop makes: the prompt's id and the
//     revision it was computed from, src/vscode/wizard/binding.ts).
// Whatever the timing, an answer is applied only to the prompt that was on screen: a pick bound to the stale
// prompt is refused and writes nothing, and the open QuickPick is replaced by the new current prompt. Prints what
// it tried and found.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  accept,
  closePrompt,
  features,
  isQuickPick,
  newTask,
  nextInput,
  openWizardHost,
  shown as workbenchShows,
  stateFileOf,
  typeAndAccept,
  waitFor,
  type WizardHost,
} from './wizardMoreHelpers';
import { promptRevision } from '../../../src/vscode/wizard/binding';

const ROUNDS = 24;

describe('R8 answer binding in the extension host: a pick never lands on a prompt it did not show', function () {
  this.timeout(240_000);
  let host: WizardHost;
  let root: string;
  let extPath: string;

  before(async () => {
    host = await openWizardHost();
    ({ root, extensionPath: extPath } = host);
  });

  after(async () => {
    if (!host) return;
    await closePrompt().catch(() => undefined);
    await host.close();
    fs.rmSync(path.join(root, '.okstra/tasks/r8'), { recursive: true, force: true });
  });

  /** The CLI as users run it, in a process of its own, bound to the prompt it answers. */
  function cliAnswer(file: string, prompt: string, answer: string): { ok: boolean; out: string } {
    const r = spawnSync(
      process.execPath,
      [path.join(extPath, 'dist', 'cli.js'), 'step', '--state', file, '--answer', answer, '--prompt', prompt],
      {
        cwd: root,
        env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
        encoding: 'utf8',
      },
    );
    let ok = false;
    try {
      ok = JSON.parse(r.stdout).ok === true;
    } catch {
      ok = false;
    }
    return { ok, out: r.stdout + r.stderr };
  }

  /** The default (else the first selectable) option of a pick prompt, or undefined for other kinds. */
  function answerFor(prompt: { kind: string; options: Array<{ value: string; default?: true; disabled?: true }> }): string | undefined {
    if (prompt.kind !== 'pick') return undefined;
    const enabled = prompt.options.filter((o) => !o.disabled);
    return (enabled.find((o) => o.default) ?? enabled[0])?.value;
  }

  it(`${ROUNDS} rounds: the CLI answers under the open QuickPick, then the pick arrives (through the workbench, or bound to the old prompt after the watcher replaced it); 0 answers applied to another prompt, 0 writes by a refused pick`, async () => {
    let task = 0;
    const tally = {
      rounds: 0,
      viaWorkbench: 0,
      landedOnStale: 0,
      afterFollow: 0,
      refused: 0,
      namedBoth: 0,
      stale: 0,
      other: 0,
      wrong: 0,
      writesByRefused: 0,
      followed: 0,
    };
    let input = await newTask(`r8/binding-${task}`);
    for (let guard = 0; tally.rounds < ROUNDS && guard < ROUNDS * 4; guard++) {
      const session = features().wizard.session!;
      const shown = session.wizard.current().prompt;
      assert.ok(shown, 'a current prompt');
      if (shown.step === 'task-new') {
        await typeAndAccept(input as vscode.InputBox, `r8/binding-${task}`);
        input = await nextInput(input);
        continue;
      }
      const answer = answerFor(shown);
      if (shown.step === 'confirm' || answer === undefined || !isQuickPick(input)) {
        // The end of this wizard, or a prompt without a pick to race: the next task.
        await closePrompt();
        task++;
        input = await newTask(`r8/binding-${task}`);
        continue;
      }
      const file = session.wizard.statePath!;
      assert.equal(file, stateFileOf(root, `r8/binding-${task}`));
      // What the prompt loop bound the open QuickPick to: the prompt on screen and the revision it came from.
      const binding = { prompt: shown.id, revision: promptRevision(shown, session.wizard.revision) };
      const stale = input;
      let staleAccepted = false;
      const acceptWatch = stale.onDidAccept(() => (staleAccepted = true));
      const viaWorkbench = tally.rounds % 2 === 0;
      // Enter first (its message leaves this process on the next timer tick), then the CLI while this thread waits.
      const entered = viaWorkbench ? accept() : undefined;
      if (entered) await new Promise((r) => setTimeout(r, 0));
      const cli = cliAnswer(file, shown.id, answer);
      assert.ok(cli.ok, cli.out);
      const afterCli = fs.readFileSync(file);
      tally.rounds++;
      const follow = (): Promise<vscode.QuickPick<vscode.QuickPickItem> | vscode.InputBox> =>
        waitFor('the QuickPick to follow the CLI', () => {
          const i = features().wizard.runner.input;
          return i && i !== stale ? i : undefined;
        });
      if (entered) {
        // The workbench hands the pick to the QuickPick it shows: the stale one, unless the file's change came first.
        tally.viaWorkbench++;
        await entered;
        input = await follow();
        acceptWatch.dispose();
        const now = fs.readFileSync(file);
        if (staleAccepted) {
          tally.landedOnStale++;
          // Bound to the prompt the CLI answered: refused, nothing written.
          if (now.equals(afterCli)) tally.refused++;
          else {
            tally.wrong++;
            tally.writesByRefused++;
          }
        }
        // Otherwise the watcher was first and the pick answered the new prompt, the one then on screen.
      } else {
        // The watcher first: the QuickPick follows the file, then the answer bound to the old prompt arrives.
        acceptWatch.dispose();
        input = await follow();
        tally.afterFollow++;
        const r = await features().wizard.session!.submit(answer, binding);
        const now = fs.readFileSync(file);
        if (r.ok) tally.wrong++;
        else {
          tally.refused++;
          if (r.code === 'wrong-prompt') tally.namedBoth++;
          else if (r.code === 'stale-state') tally.stale++;
          else {
            tally.other++;
            console.log(`R8 (extension): refused otherwise: ${r.code}: ${r.error}`);
          }
          if (!now.equals(afterCli)) tally.writesByRefused++;
        }
      }
      if (features().wizard.session!.wizard.current().prompt?.id !== shown.id) tally.followed++;
      await workbenchShows(input);
    }
    console.log(
      `R8 (extension): ${tally.rounds} rounds; picks through the workbench: ${tally.viaWorkbench} (at the stale QuickPick: ${tally.landedOnStale}); answers bound to the old prompt after the QuickPick followed: ${tally.afterFollow}; refused: ${tally.refused} (wrong-prompt, naming both prompts: ${tally.namedBoth}; stale save: ${tally.stale}; other: ${tally.other}); applied to another prompt: ${tally.wrong}; writes by a refused pick: ${tally.writesByRefused}; QuickPicks that followed the CLI to the new prompt: ${tally.followed}`,
    );
    assert.ok(tally.rounds >= ROUNDS, `only ${tally.rounds} rounds`);
    assert.ok(tally.landedOnStale > 0, 'no pick reached a stale QuickPick: the race was never run');
    assert.equal(tally.wrong, 0, 'a pick was applied to a prompt it did not show');
    assert.equal(tally.writesByRefused, 0, 'a refused pick wrote');
    assert.equal(tally.followed, tally.rounds, 'every open QuickPick followed the CLI');
    assert.equal(tally.other, 0, 'every refusal is a binding or a stale-save refusal');
    assert.equal(tally.namedBoth + tally.stale, tally.afterFollow, 'every late answer was refused by its binding or as a stale save');
  });
});
