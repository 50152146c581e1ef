// docs/safety.md R8 in the real extension host: the extension's QuickPick is open on a prompt, a real CLI
// process answers that same prompt (the state file changes under the open QuickPick), and the person's pick
// arrives at the stale QuickPick before or after the watcher has replaced it. Whatever the timing, an answer is
// applied only to the prompt that was on screen: a pick at a stale QuickPick is refused and writes nothing, and
// the open QuickPick is replaced by the new current prompt. Prints what it tried and found.
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
  openWizardHost,
  sleep,
  stateFileOf,
  waitFor,
  type WizardHost,
} from './wizardMoreHelpers';

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

  it(`${ROUNDS} rounds: the CLI answers under the open QuickPick, then the pick arrives; 0 answers applied to another prompt, 0 writes by a refused pick`, async () => {
    let task = 0;
    const tally = { rounds: 0, refused: 0, namedBoth: 0, stale: 0, other: 0, wrong: 0, writesByRefused: 0, followed: 0 };
    let input = await newTask(`r8/binding-${task}`);
    for (let guard = 0; tally.rounds < ROUNDS && guard < ROUNDS * 4; guard++) {
      const session = features().wizard.session!;
      const shown = session.current().prompt;
      assert.ok(shown, 'a current prompt');
      if (shown.step === 'task-new') {
        (input as vscode.InputBox).value = `r8/binding-${task}`;
        await sleep(150);
        await accept();
        input = await waitFor('the prompt after task-new', () =>
          features().wizard.runner.input !== input ? features().wizard.runner.input : undefined,
        );
        await sleep(300);
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
      const file = session.statePath!;
      assert.equal(file, stateFileOf(root, `r8/binding-${task}`));
      // What the open QuickPick is bound to: the prompt on screen and the revision it was computed from.
      const binding = { prompt: shown.id, revision: session.revision() };
      const stale = input;
      const cli = cliAnswer(file, shown.id, answer);
      assert.ok(cli.ok, cli.out);
      const afterCli = fs.readFileSync(file);
      tally.rounds++;
      // Half the rounds pick at once (before any change event), half after the watcher had its moment.
      if (tally.rounds % 2 === 0) await sleep(500);
      // The pick at the QuickPick that showed `shown` (the runner submits exactly this for an accept).
      const r = await features().wizard.session!.submit(answer, binding);
      const now = fs.readFileSync(file);
      if (r.ok) tally.wrong++;
      else {
        tally.refused++;
        // Before the change event the session still holds the old bytes: the store refuses the save as stale (R2, with
        // Reload); after it, the binding refuses, naming the prompt shown and the current one.
        if (r.code === 'wrong-prompt') tally.namedBoth++;
        else if (r.code === 'stale-state') tally.stale++;
        else {
          tally.other++;
          console.log(`R8 (extension): refused otherwise: ${r.code}: ${r.error}`);
        }
      }
      if (!now.equals(afterCli)) tally.writesByRefused++;
      // The open QuickPick follows the file: it closes and the new current prompt opens.
      input = await waitFor('the QuickPick to follow the CLI', () => {
        const i = features().wizard.runner.input;
        return i && i !== stale ? i : undefined;
      });
      if (features().wizard.session!.current().prompt?.id !== shown.id) tally.followed++;
      await sleep(300);
    }
    console.log(
      `R8 (extension): ${tally.rounds} rounds; picks refused: ${tally.refused} (wrong-prompt, naming both prompts: ${tally.namedBoth}; stale save before the change event: ${tally.stale}; other: ${tally.other}); applied to another prompt: ${tally.wrong}; writes by a refused pick: ${tally.writesByRefused}; QuickPicks that followed the CLI to the new prompt: ${tally.followed}`,
    );
    assert.ok(tally.rounds >= ROUNDS, `only ${tally.rounds} rounds`);
    assert.equal(tally.wrong, 0, 'a pick was applied to a prompt it did not show');
    assert.equal(tally.writesByRefused, 0, 'a refused pick wrote');
    assert.equal(tally.followed, tally.rounds, 'every open QuickPick followed the CLI');
    assert.equal(tally.other, 0, 'every refusal is a binding or a stale-save refusal');
  });
});
