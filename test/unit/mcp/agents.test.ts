// `okstra-wizard mcp` as an agent uses it without the docs, driven by the official SDK's client over stdio against
// the built server: it finds a task, starts and finishes a wizard, goes back, previews the command line, is told
// what its environment lacks, and cancels a call. Each test names what it keeps (docs/mcp.md).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { LoggingMessageNotificationSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { buildCli, cleanupTemp, sha256, snapshotTree, tempDir } from '../cli/cliHarness';
import { InitOutput, ListOutput, TasksOutput } from '../../../src/host/documentSchemas';
import { ToolErrorDocSchema } from '../../../src/mcp/schemas';
import { OutcomeDocSchema, PromptSchema, SubmitDocSchema, TreeDocSchema } from '../../../src/host/documentSchemas';
import { demoCopy, demoEnv, startServer, walkAnswer, type McpSession, type ServerOptions } from './mcpHarness';

const TASK = 'checkout/saved-card-migration';

function stateOf(project: string, task = TASK): string {
  const [group, id] = task.split('/');
  return path.join(project, '.okstra', 'tasks', group!, `${id}.wizard.json`);
}

/** A machine without any provider CLI and without a terminal backend: only node on PATH. */
function bareEnv(): Record<string, string> {
  return { PATH: path.dirname(process.execPath), HOME: os.tmpdir() };
}

/** The demo's machine without one of its stand-in CLIs. */
function envWithout(project: string, cli: string): Record<string, string> {
  const bin = tempDir('okstra-bin-');
  for (const name of fs.readdirSync(path.join(project, '.demo-bin'))) {
    if (name !== cli) fs.copyFileSync(path.join(project, '.demo-bin', name), path.join(bin, name));
    if (name !== cli) fs.chmodSync(path.join(bin, name), 0o755);
  }
  return { ...demoEnv(project), PATH: `${bin}${path.delimiter}${path.dirname(process.execPath)}` };
}

describe('MCP server, second round: what an agent finishes a wizard with on its own (SDK client over stdio)', function () {
  this.timeout(180_000);
  const sessions: McpSession[] = [];
  const open = async (project: string, options: ServerOptions = {}) => {
    const s = await startServer(project, options);
    sessions.push(s);
    return s;
  };
  afterEach(async () => {
    for (const s of sessions.splice(0)) await s.close();
  });
  after(cleanupTemp);

  /** Answers from `first` until `until` (or done) with the demo walk's answers; returns every result. */
  async function walk(s: McpSession, first: any, until?: (p: any) => boolean, task = TASK): Promise<{ last: any; results: any[] }> {
    let prompt = first;
    const results: any[] = [];
    for (let i = 0; i < 60 && prompt.kind !== 'done' && !until?.(prompt); i++) {
      const r = await s.call('wizard_answer', { task, answer: walkAnswer(prompt), prompt: prompt.id, revision: prompt.revision });
      assert.equal(r.isError, false, `${prompt.id}: ${r.text}`);
      results.push(r.doc);
      prompt = r.doc.next;
    }
    return { last: prompt, results };
  }

  it('discovery: wizard_tasks lists the tasks with phase, next phase and wizard; wizard_list the wizards in progress; an unknown task gets the known ones', async () => {
    const project = demoCopy();
    const s = await open(project);
    const before = await s.call('wizard_tasks', {});
    assert.equal(before.isError, false, before.text);
    TasksOutput.parse(before.doc);
    const keys = before.doc.tasks.map((t: any) => t.key);
    assert.equal(before.doc.total, 9);
    assert.ok(keys.includes(TASK), keys.join(', '));
    const saved = before.doc.tasks.find((t: any) => t.key === TASK);
    assert.equal(saved.title, 'Migrate saved cards to network tokens');
    assert.equal(typeof saved.phase, 'string');
    assert.deepEqual(Object.keys(saved.next), ['phase', 'status']);
    assert.equal(saved.wizard, null);
    // The demo's legacy wizard is listed with its task.
    assert.equal(before.doc.tasks.find((t: any) => t.key === 'payments/refund-timeout').wizard.status, 'unfinished');

    const group = await s.call('wizard_tasks', { group: 'ledger', limit: 2 });
    assert.deepEqual([group.doc.total, group.doc.tasks.length], [3, 2]);
    assert.ok(group.doc.tasks.every((t: any) => t.key.startsWith('ledger/')));
    const query = await s.call('wizard_tasks', { query: 'NETWORK TOKENS' });
    assert.deepEqual(
      query.doc.tasks.map((t: any) => t.key),
      [TASK],
    );

    const init = await s.call('wizard_init', { task: TASK });
    const after = await s.call('wizard_tasks', { query: 'saved-card' });
    assert.equal(after.doc.tasks[0].wizard.status, 'unfinished');
    assert.equal(after.doc.tasks[0].wizard.state, path.join('.okstra', 'tasks', 'checkout', 'saved-card-migration.wizard.json'));
    const list = await s.call('wizard_list', {});
    assert.equal(list.isError, false, list.text);
    ListOutput.parse(list.doc);
    const mine = list.doc.wizards.find((w: any) => w.task === TASK);
    assert.equal(mine.step, init.doc.next.id, 'the prompt it stops at');
    assert.equal(mine.n, init.doc.next.progress.answered + 1);
    assert.equal(list.doc.wizards[0].task, TASK, 'newest first');

    for (const tool of ['wizard_init', 'wizard_current']) {
      const unknown = await s.call(tool, { task: 'checkout/saved-cards' });
      assert.equal(unknown.isError, true);
      ToolErrorDocSchema.parse(unknown.doc);
      assert.equal(unknown.doc.code, 'usage');
      assert.match(
        unknown.doc.error,
        /^unknown task: 'checkout\/saved-cards'; the known tasks: 'checkout\/idempotency-keys', 'checkout\/saved-card-migration', /,
      );
    }
  });

  it('item 1 (verified): a rewind to task-pick and another task moves the wizard; the new task has it, the old one none', async () => {
    const project = demoCopy();
    const s = await open(project);
    const init = await s.call('wizard_init', { task: TASK });
    const rewound = await s.call('wizard_rewind', {
      task: TASK,
      to: 'task-pick',
      prompt: init.doc.next.id,
      revision: init.doc.next.revision,
    });
    assert.equal(rewound.isError, false, rewound.text);
    assert.equal(rewound.doc.next.id, 'task-pick');
    const other = 'ledger/fx-rate-cache';
    const moved = await s.call('wizard_answer', { task: TASK, answer: other, prompt: 'task-pick', revision: rewound.doc.next.revision });
    assert.equal(moved.isError, false, moved.text);
    assert.ok(
      moved.doc.notices.some((n: string) => n.includes('moved with its task')),
      moved.text,
    );
    assert.equal(fs.existsSync(stateOf(project)), false);
    assert.equal(fs.existsSync(stateOf(project, other)), true);
    const cur = await s.call('wizard_current', { task: other });
    assert.equal(cur.isError, false, cur.text);
    assert.deepEqual([cur.doc.current.id, cur.doc.current.revision], [moved.doc.next.id, moved.doc.next.revision]);
    const gone = await s.call('wizard_current', { task: TASK });
    assert.equal(gone.doc.code, 'usage');
    assert.match(gone.doc.error, /has no wizard/);
  });

  it('items 5 and 7 (verified): bad arguments and a second wizard_init are refusals with code and current (its revision)', async () => {
    const project = demoCopy();
    const s = await open(project);
    const init = await s.call('wizard_init', { task: TASK });
    const shown = init.doc.next;
    const bad = [
      { task: TASK, answer: 'x', prompt: shown.id },
      { task: TASK, answer: 3, prompt: shown.id, revision: shown.revision },
      { task: '../etc', answer: 'x', prompt: shown.id, revision: shown.revision },
    ];
    for (const args of bad) {
      const r = await s.call('wizard_answer', args);
      assert.equal(r.isError, true, r.text);
      ToolErrorDocSchema.parse(r.doc);
      assert.equal(r.doc.code, 'usage');
      assert.match(r.doc.error, /^invalid arguments for wizard_answer: /);
      if (args.task === TASK) assert.deepEqual([r.doc.current.id, r.doc.current.revision], [shown.id, shown.revision]);
      else assert.equal(r.doc.current, null);
    }
    const again = await s.call('wizard_init', { task: TASK, hostRuntime: 'codex' });
    assert.equal(again.isError, true);
    assert.equal(again.doc.code, 'usage');
    assert.deepEqual([again.doc.current.id, again.doc.current.revision], [shown.id, shown.revision]);
    const enumRefused = await s.call('wizard_init', { task: TASK, hostRuntime: 'cursor', startOver: true });
    assert.equal(enumRefused.doc.code, 'usage');
    assert.match(enumRefused.doc.error, /hostRuntime/);
  });

  it('line handling (verified): every line gets an answer over the real pipe, and the server goes on', async () => {
    const project = demoCopy();
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [buildCli(), 'mcp', '--project-root', project],
      env: demoEnv(project),
      cwd: project,
      stderr: 'pipe',
    });
    const got: JSONRPCMessage[] = [];
    transport.onmessage = (m) => got.push(m);
    const unread: string[] = [];
    transport.onerror = (e) => unread.push(String(e));
    await transport.start();
    try {
      // The SDK's transport writes only JSON-RPC: the raw lines go to the same pipe.
      const stdin = (transport as unknown as { _process: { stdin: NodeJS.WritableStream } })._process.stdin;
      stdin.write('{not json\n');
      stdin.write('{"jsonrpc":"2.0","id":7}\n');
      stdin.write(`{"jsonrpc":"2.0","id":8,"method":"ping","params":{"x":"${'y'.repeat(5 * 1024 * 1024)}"}}\n`);
      await transport.send({ jsonrpc: '2.0', id: 9, method: 'ping' });
      const deadline = Date.now() + 30_000;
      while (!got.some((m) => 'id' in m && m.id === 9) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      const errors = got
        .filter((m): m is JSONRPCMessage & { error: { code: number } } => 'error' in m)
        .map((m) => ['id' in m ? m.id : 'none', m.error.code]);
      // The SDK's client reads each of them (an error response without an id where the line had none).
      assert.deepEqual(errors, [
        ['none', -32700],
        [7, -32600],
        ['none', -32600],
      ]);
      assert.deepEqual(unread, [], 'no response the SDK could not read');
      assert.ok(
        got.some((m) => 'id' in m && m.id === 9 && 'result' in m),
        'the ping after them is answered',
      );
    } finally {
      await transport.close();
    }
  });

  it('item 2: with no provider CLI on PATH the notices name the environment and the `env` entry, and no reason names a role never asked', async () => {
    const project = demoCopy();
    const s = await open(project, { env: bareEnv() });
    const init = await s.call('wizard_init', { task: TASK });
    assert.equal(init.isError, false, init.text);
    const report = init.doc.notices.find((n: string) => n.startsWith('no model can start a new session here'));
    assert.ok(report, init.text);
    assert.match(report, /provider CLIs 'claude', 'codex', .* were not found on PATH/);
    assert.match(report, new RegExp(`PATH is '${path.dirname(process.execPath).replace(/[/\\]/g, '.')}'`));
    assert.match(report, /OKSTRA_TERMINAL_BACKEND is not set/);
    assert.match(report, /add an `env` entry to the server's configuration in the MCP host, e\.g\. "env": \{"PATH": /);
    const { last } = await walk(s, init.doc.next, (p) => p.options.length > 0 && p.options.every((o: any) => o.disabled));
    assert.equal(last.id, 'role-count:analyser', 'the first prompt nothing can be chosen at');
    for (const o of last.options) {
      assert.match(o.description, /^no model can start a new session here: /, o.description);
      assert.doesNotMatch(o.description, /dynamic role|researcher/);
      assert.doesNotMatch(o.label, /\(recommended\)|\(default\)/, 'item 11: a disabled option is never labelled the default');
    }
    const cur = await s.call('wizard_current', { task: TASK });
    assert.ok(
      cur.doc.notices.some((n: string) => n === report),
      'wizard_current carries the report at the dead end',
    );
    const refused = await s.call('wizard_answer', { task: TASK, answer: '1', prompt: last.id, revision: last.revision });
    assert.equal(refused.doc.code, 'refused-answer');
    assert.match(refused.doc.error, /no model can start a new session here/);
  });

  it('item 3: wizard_preview at confirm gives the argv the outcome gives; before it, not-complete; the confirmation says it starts nothing', async () => {
    const project = demoCopy();
    const s = await open(project);
    const init = await s.call('wizard_init', { task: TASK });
    const early = await s.call('wizard_preview', { task: TASK });
    assert.equal(early.isError, true);
    assert.equal(early.doc.code, 'not-complete');
    assert.match(early.doc.error, /^the command line is previewed at the confirm prompt; the wizard is at 'task-type' \(2 of \d+\)$/);
    assert.equal(early.doc.current.id, init.doc.next.id);
    const { last: confirm } = await walk(s, init.doc.next, (p) => p.id === 'confirm');
    assert.equal(confirm.id, 'confirm');
    assert.match(confirm.label, /starts nothing/);
    assert.match(confirm.options.find((o: any) => o.value === 'run').label, /starts nothing/);
    const sha = sha256(stateOf(project));
    const preview = await s.call('wizard_preview', { task: TASK });
    assert.equal(preview.isError, false, preview.text);
    OutcomeDocSchema.parse(preview.doc);
    assert.equal(sha256(stateOf(project)), sha, 'a preview writes nothing');
    const run = await s.call('wizard_answer', { task: TASK, answer: 'run', prompt: 'confirm', revision: confirm.revision });
    assert.equal(run.doc.next.ended, 'confirmed');
    const outcome = await s.call('wizard_outcome', { task: TASK });
    assert.equal(JSON.stringify(preview.doc.renderArgv), JSON.stringify(outcome.doc.renderArgv));
    assert.equal(preview.doc.confirmationText, outcome.doc.confirmationText);
  });

  it('item 6: hostRuntime and entryMode are enums; the default follows the client, else claude-code', async () => {
    const project = demoCopy();
    const s = await open(project, { clientName: 'codex-mcp-client' });
    const { tools } = await s.client.listTools();
    const init = tools.find((t) => t.name === 'wizard_init')!;
    const props = init.inputSchema.properties as Record<string, { enum?: string[] }>;
    assert.deepEqual(props.hostRuntime!.enum, ['antigravity', 'claude-code', 'codex', 'vscode']);
    assert.deepEqual(props.entryMode!.enum, ['current-session', 'spawn-process']);
    const r = await s.call('wizard_init', { task: TASK });
    InitOutput.parse(r.doc);
    assert.deepEqual([r.doc.hostRuntime, r.doc.entryMode], ['codex', 'spawn-process']);
    assert.equal(JSON.parse(fs.readFileSync(stateOf(project), 'utf8')).host_runtime, 'codex');
    const named = await s.call('wizard_init', { task: 'ledger/fx-rate-cache', hostRuntime: 'vscode' });
    assert.equal(named.doc.hostRuntime, 'vscode', 'an explicit hostRuntime wins');

    const other = await open(demoCopy(), { clientName: 'some-agent' });
    const plain = await other.call('wizard_init', { task: TASK });
    assert.equal(plain.doc.hostRuntime, 'claude-code');
  });

  it('item 8: rewind to confirm asks it again once answered, and is refused with the ids accepted before; an empty count says the range', async () => {
    const project = demoCopy();
    const s = await open(project);
    const init = await s.call('wizard_init', { task: TASK });
    const { last: count } = await walk(s, init.doc.next, (p) => p.id.startsWith('role-count:'));
    const empty = await s.call('wizard_answer', { task: TASK, answer: '', prompt: count.id, revision: count.revision });
    assert.equal(empty.doc.code, 'refused-answer');
    assert.match(empty.doc.error, /^role 'analyser' count must be an integer in 1\.\.3, not an empty answer$/);
    const early = await s.call('wizard_rewind', { task: TASK, to: 'confirm' });
    assert.equal(early.doc.code, 'refused-answer');
    assert.match(early.doc.error, /^'confirm' is not answered yet: .*; the steps you can go back to: 'task-pick', 'task-type', /);
    const bogus = await s.call('wizard_rewind', { task: TASK, to: 'bogus' });
    assert.match(bogus.doc.error, /^unknown step: 'bogus'; the steps you can go back to: 'task-pick', /);
    const { last: done } = await walk(s, count);
    assert.equal(done.kind, 'done');
    const again = await s.call('wizard_rewind', { task: TASK, to: 'confirm', prompt: done.id, revision: done.revision });
    assert.equal(again.isError, false, again.text);
    assert.equal(again.doc.next.id, 'confirm');
  });

  it('item 9: wizard_tree carries the revision its current prompt is answered with; aborted and confirmed done are told apart', async () => {
    const project = demoCopy();
    const s = await open(project);
    const init = await s.call('wizard_init', { task: TASK });
    const tree = await s.call('wizard_tree', { task: TASK });
    TreeDocSchema.parse(tree.doc);
    assert.deepEqual([tree.doc.current, tree.doc.revision], [init.doc.next.id, init.doc.next.revision]);
    const byTree = await s.call('wizard_answer', {
      task: TASK,
      answer: walkAnswer(init.doc.next),
      prompt: tree.doc.current,
      revision: tree.doc.revision,
    });
    assert.equal(byTree.isError, false, byTree.text);
    const stale = await s.call('wizard_rewind', { task: TASK, to: 'task-type', prompt: tree.doc.current, revision: tree.doc.revision });
    assert.equal(stale.doc.code, 'wrong-prompt', 'the tree of before binds no rewind now');
    const aborted = await s.call('wizard_abort', { task: TASK, prompt: byTree.doc.next.id, revision: byTree.doc.next.revision });
    PromptSchema.parse(aborted.doc.next);
    assert.deepEqual([aborted.doc.next.kind, aborted.doc.next.ended], ['done', 'aborted']);
    const cur = await s.call('wizard_current', { task: TASK });
    assert.equal(cur.doc.current.ended, 'aborted');
  });

  it('item 10: a notice is reported once per wizard in a session; wizard_current and wizard_tree carry every notice in force', async () => {
    const project = demoCopy();
    const s = await open(project, { env: envWithout(project, 'codex') });
    const init = await s.call('wizard_init', { task: TASK });
    const { results } = await walk(s, init.doc.next);
    const seen = new Map<string, number>();
    for (const doc of [init.doc, ...results]) for (const n of doc.notices ?? []) seen.set(n, (seen.get(n) ?? 0) + 1);
    const codex = [...seen.keys()].find((n) => n.includes("'codex/gpt-5.1-codex'") && n.includes('cannot start here'));
    assert.ok(codex, [...seen.keys()].join('\n'));
    for (const [n, times] of seen) assert.equal(times, 1, `reported ${times} times: ${n}`);
    const cur = await s.call('wizard_current', { task: TASK });
    const tree = await s.call('wizard_tree', { task: TASK });
    assert.equal(cur.isError, false, cur.text);
    assert.ok(tree.doc.notices === undefined || Array.isArray(tree.doc.notices));
    // A new wizard of the task starts afresh.
    const restarted = await s.call('wizard_init', { task: TASK, startOver: true });
    const again = await walk(s, restarted.doc.next);
    assert.ok(
      [restarted.doc, ...again.results].some((d) => (d.notices ?? []).includes(codex)),
      'reported again for the new wizard',
    );
  });

  it('items 11 and 12: descriptions carry the rules; annotations are honest; the tool list does not claim to change', async () => {
    const project = demoCopy();
    const s = await open(project);
    assert.equal(s.client.getServerCapabilities()?.tools?.listChanged, false);
    const { tools } = await s.client.listTools();
    const by = new Map(tools.map((t) => [t.name, t]));
    const answer = by.get('wizard_answer')!;
    assert.match(answer.description!, /multi_pick \(values joined by ","/);
    assert.match(answer.description!, /do not retry the same answer/);
    assert.match(by.get('wizard_current')!.description!, /#N/);
    const hints = (name: string) => by.get(name)!.annotations!;
    for (const name of ['wizard_tasks', 'wizard_list', 'wizard_current', 'wizard_tree', 'wizard_preview', 'wizard_outcome']) {
      assert.deepEqual([hints(name).readOnlyHint, hints(name).destructiveHint, hints(name).idempotentHint], [true, false, true], name);
    }
    for (const name of ['wizard_rewind', 'wizard_init', 'wizard_abort', 'wizard_answer'])
      assert.equal(hints(name).destructiveHint, true, name);
    for (const name of ['wizard_answer', 'wizard_rewind', 'wizard_abort']) assert.equal(hints(name).idempotentHint, true, name);
    assert.equal(hints('wizard_init').idempotentHint, false, 'startOver starts again every time');
    for (const t of tools) assert.equal(t.annotations!.openWorldHint, false, t.name);
  });

  it('item 13: a cancellation that reaches the server before the save stops it (nothing written, a log says so); one after the save is told what was saved', async () => {
    const project = demoCopy();
    const s = await open(project);
    const logs: any[] = [];
    s.client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      logs.push(n.params.data);
    });
    const init = await s.call('wizard_init', { task: TASK });
    const shown = init.doc.next;
    const before = snapshotTree(path.join(project, '.okstra'));

    // The answer and its cancellation in one write, as a client sends them together.
    const stdin = (s.transport as unknown as { _process: { stdin: NodeJS.WritableStream & { cork(): void; uncork(): void } } })._process
      .stdin;
    const controller = new AbortController();
    stdin.cork();
    const call = s.client.callTool(
      { name: 'wizard_answer', arguments: { task: TASK, answer: walkAnswer(shown), prompt: shown.id, revision: shown.revision } },
      undefined,
      { signal: controller.signal },
    );
    controller.abort('the user stopped it');
    stdin.uncork();
    await assert.rejects(call);
    const deadline = Date.now() + 20_000;
    while (logs.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    assert.equal(logs.length, 1, JSON.stringify(logs));
    assert.deepEqual([logs[0].tool, logs[0].task, logs[0].written], ['wizard_answer', TASK, false]);
    assert.deepEqual(snapshotTree(path.join(project, '.okstra')), before, 'nothing was written');
    const cur = await s.call('wizard_current', { task: TASK });
    assert.deepEqual([cur.doc.current.id, cur.doc.current.revision], [shown.id, shown.revision]);

    // A cancellation of a call whose answer was saved (it arrives after the result): the log carries the result.
    const sent: JSONRPCMessage[] = [];
    const send = s.transport.send.bind(s.transport);
    s.transport.send = (m: JSONRPCMessage) => {
      sent.push(m);
      return send(m);
    };
    const saved = await s.call('wizard_answer', { task: TASK, answer: walkAnswer(shown), prompt: shown.id, revision: shown.revision });
    assert.equal(saved.isError, false, saved.text);
    const request = sent.find((m) => 'method' in m && m.method === 'tools/call') as { id: number };
    await s.client.notification({ method: 'notifications/cancelled', params: { requestId: request.id, reason: 'too late' } });
    while (logs.length === 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    assert.equal(logs.length, 2, JSON.stringify(logs));
    assert.deepEqual([logs[1].requestId, logs[1].written], [request.id, true]);
    SubmitDocSchema.parse(logs[1].result);
    assert.deepEqual(logs[1].result.next, saved.doc.next);
  });
});
