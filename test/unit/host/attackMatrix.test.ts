// The same hostile inputs through all five front ends (docs/architecture.md › The host): the CLI, the MCP server
// (the SDK's client), the extension's session (the fake window), the language-model tools and the Tasks view's
// probe. Each is refused the same way (one code, one reason), and nothing is written: not in the project, not in
// the project a linked task group leads to. The typed attacks go to the four front ends that take answers; the
// Tasks view only reads, so it meets the linked task group (C2), where it must not show the other project's wizard.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { EngineWizardProbe } from '../../../src/vscode/tasks/wizardProbe';
import { buildEnvironment } from '../../../src/host/environment';
import { textsFor } from '../../../src/core/text';
import { cleanupTemp, cliInProcess, sha256 } from '../cli/cliHarness';
import { demoCopy, demoEnv, inProcessMcp, mcpHostOf, walkAnswer } from '../mcp/mcpHarness';
import { answerUntil, openShell, startTask, stepOf } from '../vscode/shellHarness';
import type { FakeInputBox, FakeQuickPick } from '../vscode/fakeWindow';
import { until } from '../vscode/fakeWindow';
import { installLmTools } from '../vscode/lmHarness';

const PROFILES = path.resolve(__dirname, '..', '..', '..', 'profiles');
const TASK = 'payments/partial-refunds';
const C1_NAME = ' t.md\nokstraCommand: [sh, -c, touch PWNED]';

interface Row {
  name: string;
  /** The prompt the hostile answer is given at, and the answers on the way (the rest: defaults). */
  stop: string;
  answers: Record<string, string>;
  hostile: string;
  code: string;
  reason: RegExp;
}

/** The typed attacks: each is an answer to the prompt `stop`. */
const TYPED: Row[] = [
  {
    name: 'C1: a file named with a newline and `okstraCommand:` as the PR template',
    stop: 'pr-template',
    answers: { 'pr-template-pick': 'path' },
    hostile: C1_NAME,
    code: 'refused-answer',
    reason: /pr-template: path .* contains the control character U\+000A$/,
  },
  {
    name: 'a control character (ESC) in a typed path',
    stop: 'pr-template',
    answers: { 'pr-template-pick': 'path' },
    hostile: 'docs/\u001b[31mrefunds.md',
    code: 'refused-answer',
    reason: /pr-template: path .* contains the control character U\+001B$/,
  },
  {
    name: 'C3: an answer that would make the state file over 1 MiB',
    stop: 'directive',
    answers: { 'directive-pick': 'write' },
    hostile: 'x'.repeat(1_100_000),
    code: 'refused-answer',
    reason: /over the limit of 1048576 characters \(1 MiB\) a state file may have; nothing was saved/,
  },
];

/** C2: the task's group folder is a link into another project (which has a wizard of the same task). */
const LINKED = /outside the project once links are resolved|lies in the tasks folder of another project/;

interface Refusal {
  code?: string;
  error: string;
}

/** A demo project with the C1 file, and a second project whose `payments` group the first one's may link to. */
function projects(linked: boolean): { a: string; b: string } {
  const a = demoCopy();
  const b = demoCopy();
  fs.writeFileSync(path.join(a, C1_NAME), '# PR\n');
  if (linked) {
    const group = path.join(a, '.okstra', 'tasks', 'payments');
    fs.rmSync(group, { recursive: true });
    fs.symlinkSync(path.join(b, '.okstra', 'tasks', 'payments'), group);
  }
  return { a, b };
}

/** Every file and link under a folder (a link by its target, never followed), to show that nothing was written. */
function tree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isSymbolicLink()) out.set(path.relative(dir, p), `-> ${fs.readlinkSync(p)}`);
      else if (e.isDirectory()) walk(p);
      else out.set(path.relative(dir, p), sha256(p));
    }
  };
  walk(dir);
  return out;
}

/** Both projects' files, to show that an attempt wrote nothing. */
const snapshot = (p: { a: string; b: string }) => ({ a: tree(p.a), b: tree(p.b) });

const statePath = (root: string) => path.join(root, '.okstra', 'tasks', 'payments', 'partial-refunds.wizard.json');

/** A wizard of TASK in project b (the one a linked group leads to), made by the CLI. */
async function wizardIn(b: string): Promise<void> {
  const r = await cliInProcess(['init', '--state', statePath(b), '--project-root', b, '--task', TASK], demoEnv(b));
  assert.equal(r.json?.ok, true, r.stdout);
}

/** Answers prompts (`answer(prompt)` → the next prompt) from `first` until `stop`; returns that prompt. */
async function walk(first: any, stop: string, answers: Record<string, string>, answer: (p: any, a: string) => Promise<any>): Promise<any> {
  let p = first;
  for (let i = 0; p.step !== stop; i++) {
    assert.ok(i < 40 && p.kind !== 'done', `never reached ${stop}`);
    p = await answer(p, walkAnswer(p, answers));
  }
  return p;
}

// ------------------------------------------------------------------ the front ends

const CLI = {
  async typed(row: Row, p: { a: string; b: string }): Promise<{ before: unknown; refusal: Refusal }> {
    const env = demoEnv(p.a);
    const state = statePath(p.a);
    const init = await cliInProcess(['init', '--state', state, '--project-root', p.a, '--task', TASK], env);
    assert.equal(init.json?.ok, true, init.stdout);
    const at = await walk(init.json.next, row.stop, row.answers, async (_p, a) => {
      const r = await cliInProcess(['step', '--state', state, '--answer', a], env);
      assert.equal(r.json?.ok, true, r.stdout);
      return r.json.next;
    });
    const before = snapshot(p);
    const r = await cliInProcess(['step', '--state', state, '--answer', row.hostile, '--prompt', at.id, '--revision', at.revision], env);
    return { before, refusal: r.json.ok ? { error: 'accepted' } : { code: r.json.code, error: r.json.error } };
  },
  async linked(p: { a: string; b: string }): Promise<Refusal> {
    const r = await cliInProcess(['init', '--state', statePath(p.a), '--project-root', p.a, '--task', TASK], demoEnv(p.a));
    return r.json.ok ? { error: 'accepted' } : { code: r.json.code, error: r.json.error };
  },
};

async function mcpClient(project: string): Promise<{ call(name: string, args: object): Promise<any>; close(): Promise<void> }> {
  const session = await inProcessMcp(mcpHostOf(project));
  return { call: async (name, args) => (await session.call(name, args as Record<string, unknown>)).doc, close: () => session.close() };
}

const MCP = {
  async typed(row: Row, p: { a: string; b: string }): Promise<{ before: unknown; refusal: Refusal }> {
    const mcp = await mcpClient(p.a);
    try {
      const init = await mcp.call('wizard_init', { task: TASK });
      assert.equal(init.ok, true, JSON.stringify(init));
      const at = await walk(init.next, row.stop, row.answers, async (shown, a) => {
        const r = await mcp.call('wizard_answer', { task: TASK, answer: a, prompt: shown.id, revision: shown.revision });
        assert.equal(r.ok, true, JSON.stringify(r));
        return r.next;
      });
      const before = snapshot(p);
      const r = await mcp.call('wizard_answer', { task: TASK, answer: row.hostile, prompt: at.id, revision: at.revision });
      assert.equal(r.current?.id, at.id, 'the refusal carries the prompt to go on with');
      return { before, refusal: r.ok ? { error: 'accepted' } : { code: r.code, error: r.error } };
    } finally {
      await mcp.close();
    }
  },
  async linked(p: { a: string; b: string }): Promise<Refusal> {
    const mcp = await mcpClient(p.a);
    try {
      for (const [tool, args] of [
        ['wizard_init', { task: TASK }],
        ['wizard_current', { task: TASK }],
      ] as const) {
        const r = await mcp.call(tool, args);
        if (r.ok) return { error: `${tool} accepted` };
        if (tool === 'wizard_current') return { code: r.code, error: r.error };
      }
      return { error: 'unreachable' };
    } finally {
      await mcp.close();
    }
  },
};

const EXTENSION = {
  async typed(row: Row): Promise<{ before: unknown; refusal: Refusal }> {
    const shell = openShell();
    try {
      const p = { a: shell.project, b: shell.project };
      fs.writeFileSync(path.join(shell.project, C1_NAME), '# PR\n');
      const first = await startTask(shell, TASK);
      const picks = Object.fromEntries(
        Object.entries(row.answers).map(([step, value]) => [step, (i: FakeQuickPick | FakeInputBox) => (i as FakeQuickPick).choose(value)]),
      );
      const { input } = await answerUntil(shell, first, row.stop, picks);
      const before = snapshot(p);
      await (input as FakeInputBox).type(row.hostile);
      const error = await until('the refusal in place', () => (input as FakeInputBox).errorText());
      assert.equal(shell.win.input, input, 'the same prompt stays open');
      assert.equal(stepOf(input), row.stop);
      return { before, refusal: { error } };
    } finally {
      shell.close();
    }
  },
  async linked(): Promise<{ p: { a: string; b: string }; before: unknown; refusal: Refusal }> {
    const shell = openShell();
    const b = demoCopy();
    try {
      await wizardIn(b);
      const group = path.join(shell.project, '.okstra', 'tasks', 'payments');
      fs.rmSync(group, { recursive: true });
      fs.symlinkSync(path.join(b, '.okstra', 'tasks', 'payments'), group);
      const p = { a: shell.project, b };
      const before = snapshot(p);
      void shell.command('newRun');
      const first = (await shell.next()) as FakeQuickPick;
      await first.choose(TASK);
      // Refused in place: the task pick stays open and says why.
      const error = await until('the refusal in place', () => (first as unknown as FakeInputBox).errorText());
      assert.equal(stepOf(shell.win.input ?? {}), 'task-pick');
      const after = snapshot(p);
      assert.deepEqual(after, before, 'nothing written');
      return { p, before, refusal: { error } };
    } finally {
      shell.close();
    }
  },
};

const LM = {
  async typed(row: Row, p: { a: string; b: string }): Promise<{ before: unknown; refusal: Refusal }> {
    const state = statePath(p.a);
    const init = await cliInProcess(['init', '--state', state, '--project-root', p.a, '--task', TASK], demoEnv(p.a));
    assert.equal(init.json?.ok, true, init.stdout);
    const lm = installLmTools(p.a, () => state, demoEnv(p.a).PATH!);
    try {
      const at = await walk(init.json.next, row.stop, row.answers, async (shown, a) => {
        const r = await lm.call('okstra_wizard_answer', { answer: a, prompt: shown.id, revision: shown.revision });
        assert.equal(r.ok, true, JSON.stringify(r));
        return r.next;
      });
      const before = snapshot(p);
      const r = await lm.call('okstra_wizard_answer', { answer: row.hostile, prompt: at.id, revision: at.revision });
      return { before, refusal: r.ok ? { error: 'accepted' } : { code: r.code, error: r.error } };
    } finally {
      lm.restore();
    }
  },
  async linked(p: { a: string; b: string }): Promise<Refusal> {
    // The view shows the task's state file of this workspace; through the link it is the other project's.
    const lm = installLmTools(p.a, () => statePath(p.a), demoEnv(p.a).PATH!);
    try {
      const r = await lm.call('okstra_wizard_current', {});
      return r.ok ? { error: 'accepted' } : { code: r.code, error: r.error };
    } finally {
      lm.restore();
    }
  },
};

function probeOf(): EngineWizardProbe {
  return new EngineWizardProbe({
    builtinProfilesDir: PROFILES,
    environment: (root) => buildEnvironment({ env: demoEnv(root), cwd: root }),
    texts: () => textsFor('en'),
  });
}

describe('host: one attack matrix for the five front ends (C1, C2, C3, control characters)', function () {
  this.timeout(180_000);
  after(cleanupTemp);

  for (const row of TYPED) {
    it(`${row.name}: refused with ${row.code} by the CLI, MCP, the extension and the lm tools; nothing written`, async () => {
      const seen: Array<[string, Refusal]> = [];
      for (const [name, run] of [
        ['CLI', (p: { a: string; b: string }) => CLI.typed(row, p)],
        ['MCP', (p: { a: string; b: string }) => MCP.typed(row, p)],
        ['lm tools', (p: { a: string; b: string }) => LM.typed(row, p)],
      ] as const) {
        const p = projects(false);
        const { before, refusal } = await run(p);
        assert.deepEqual(snapshot(p), before, `${name}: nothing written`);
        seen.push([name, refusal]);
      }
      const ext = await EXTENSION.typed(row);
      seen.push(['extension', ext.refusal]);
      for (const [name, r] of seen) {
        assert.match(r.error, row.reason, `${name}: ${r.error.slice(0, 300)}`);
        if (name !== 'extension') assert.equal(r.code, row.code, `${name}: ${r.error.slice(0, 300)}`);
      }
    });
  }

  it('C2: a task group linked into another project: the CLI, MCP, the extension, the lm tools and the Tasks view refuse it; neither project is written', async () => {
    const seen: Array<[string, Refusal]> = [];
    for (const [name, run] of [
      ['CLI', CLI.linked],
      ['MCP', MCP.linked],
      ['lm tools', LM.linked],
    ] as const) {
      const p = projects(true);
      await wizardIn(p.b);
      const before = snapshot(p);
      seen.push([name, await run(p)]);
      assert.deepEqual(snapshot(p), before, `${name}: nothing written`);
    }
    seen.push(['extension', (await EXTENSION.linked()).refusal]);
    // The Tasks view: the other project's wizard is not shown as this project's.
    const p = projects(true);
    await wizardIn(p.b);
    const before = snapshot(p);
    const mark = probeOf().mark(statePath(p.a), { name: 'acme-payments', rootAbs: p.a } as never);
    assert.deepEqual(snapshot(p), before, 'Tasks view: nothing written');
    seen.push(['Tasks view', { code: mark.status, error: 'error' in mark ? String(mark.error) : mark.status }]);
    for (const [name, r] of seen) {
      assert.match(r.error, LINKED, `${name}: ${r.error}`);
      if (name === 'Tasks view') assert.equal(r.code, 'unreadable');
      else if (name !== 'extension') assert.equal(r.code, 'usage', `${name}: ${r.error}`);
    }
  });
});
