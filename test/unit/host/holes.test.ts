// The holes a second attack pass found between the front ends (C1–C12, and the task switch), each closed in
// the host or below it, each shown here through the front end that had it (C4 is in
// test/unit/cli/outcomeRecheck.test.ts, C6/C8/C9 through a real process in test/unit/mcp/transport.test.ts).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PassThrough } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { defaultState } from '../../../src/core/wizard/stateSchema';
import { stampOfPaths } from '../../../src/io/pathStamp';
import { LineTransport } from '../../../src/mcp/lineTransport';
import { createWizardServer } from '../../../src/mcp/server';
import { ToolFailure, ServedProject } from '../../../src/mcp/servedProject';
import { createStateFile, writeFileAtomic } from '../../../src/store';
import { cleanupTemp, cli, cliInProcess, copyFixture, fullMachine, statePathIn, tempDir } from '../cli/cliHarness';
import { parse as parseYaml } from 'yaml';
import { demoCopy, demoEnv, walkAnswer } from '../mcp/mcpHarness';

const PROFILES = path.resolve(__dirname, '..', '..', '..', 'profiles');

function mcpHost(project: string): ServedProject {
  return new ServedProject({ projectRootAbs: project, builtinProfilesDir: PROFILES, env: demoEnv(project), cwd: project });
}

function refusal(f: () => unknown): ToolFailure['doc'] {
  try {
    f();
  } catch (err) {
    if (err instanceof ToolFailure) return err.doc;
    throw err;
  }
  assert.fail('expected a refusal');
}

describe('host: the holes between the front ends stay closed', function () {
  this.timeout(120_000);
  after(cleanupTemp);

  /** The CLI (in process) from `init --task` to the prompt `stop`, with `answers` by step id, else the defaults. */
  async function walkTo(root: string, task: string, name: string, stop: string, answers: Record<string, string>, env: NodeJS.ProcessEnv) {
    const state = statePathIn(root, task.split('/')[0]!, name);
    const init = await cliInProcess(['init', '--state', state, '--project-root', root, '--task', task], env);
    assert.equal(init.json?.ok, true, init.stdout);
    let prompt = init.json.next;
    for (let i = 0; prompt.step !== stop; i++) {
      assert.ok(i < 60 && prompt.kind !== 'done', `never reached ${stop}`);
      const enabled = (prompt.options ?? []).filter((o: { disabled?: boolean }) => !o.disabled);
      const answer =
        answers[prompt.step] ??
        (prompt.kind === 'text' ? (prompt.default ?? '') : (enabled.find((o: any) => o.default) ?? enabled[0]).value);
      const r = await cliInProcess(['step', '--state', state, '--answer', answer], env);
      assert.equal(r.json?.ok, true, `${prompt.step} = ${answer}: ${r.stdout}`);
      prompt = r.json.next;
    }
    return { state, prompt };
  }

  it("C1: a project file named ' t.md\\nokstraCommand: [sh, -c, touch PWNED]' typed as the PR template is refused; config.yaml keeps its keys", async () => {
    const { env } = fullMachine();
    const root = copyFixture('okstra-project');
    const name = ' t.md\nokstraCommand: [sh, -c, touch PWNED]';
    fs.writeFileSync(path.join(root, name), '# PR\n');
    const config = path.join(root, '.okstra', 'config.yaml');
    const configBefore = fs.readFileSync(config);
    const { state, prompt } = await walkTo(root, 'platform/release-2026-12', 'c1', 'pr-template', { 'pr-template-pick': 'path' }, env);
    const stateBefore = fs.readFileSync(state);
    for (const typed of [name, path.join(root, name)]) {
      const r = await cliInProcess(['step', '--state', state, '--answer', typed, '--prompt', prompt.id], env);
      assert.equal(r.json?.ok, false, r.stdout);
      assert.equal(r.json.code, 'refused-answer');
      assert.match(r.json.error, /^pr-template: path .* contains the control character U\+000A$/);
    }
    assert.deepEqual(fs.readFileSync(state), stateBefore, 'the state file is unchanged');
    assert.deepEqual(fs.readFileSync(config), configBefore, 'config.yaml is unchanged');
    assert.equal('okstraCommand' in (parseYaml(configBefore.toString('utf8')) ?? {}), false);
    assert.equal(fs.existsSync(path.join(root, 'PWNED')), false);
  });

  it('C1: a state file edited to that PR template with scope project: outcome refuses it, no persist action is offered', async () => {
    const { env } = fullMachine();
    const root = copyFixture('okstra-project');
    const name = ' t.md\nokstraCommand: [sh, -c, touch PWNED]';
    fs.writeFileSync(path.join(root, name), '# PR\n');
    const { state } = await walkTo(root, 'platform/release-2026-12', 'c1-edited', 'confirm', { 'pr-template-pick': 'none' }, env);
    assert.equal((await cliInProcess(['step', '--state', state, '--answer', 'run'], env)).json?.ok, true);
    const doc = JSON.parse(fs.readFileSync(state, 'utf8'));
    fs.writeFileSync(state, JSON.stringify({ ...doc, pr_template_path: name, pr_template_scope: 'project' }, null, 2));
    const r = await cliInProcess(['outcome', '--state', state], env);
    assert.equal(r.json?.ok, false, r.stdout);
    assert.equal(r.json.code, 'not-runnable');
    assert.match(
      r.json.error,
      /^--pr-template-path .* contains the control character U\+000A: it comes from state field 'pr_template_path'; edit step 'pr-template-pick'$/,
    );
    assert.equal(r.json.persistActions, undefined);
  });

  it('C1: the outcome names the program Run would start (CLI: the configured okstraCommand, resolved; not found: null)', async () => {
    const { env } = fullMachine();
    const root = copyFixture('okstra-project');
    const { state } = await walkTo(root, 'payments/refund-timeout', 'program', 'confirm', { 'reuse-previous': 'fresh' }, env);
    assert.equal((await cliInProcess(['step', '--state', state, '--answer', 'run'], env)).json?.ok, true);
    const bare = await cliInProcess(['outcome', '--state', state], env);
    assert.deepEqual(bare.json.program, { command: ['okstra'], path: null }, 'okstra is not on this PATH');
    const wrapper = path.join(root, 'tools', 'okstra-wrapper');
    fs.mkdirSync(path.dirname(wrapper));
    fs.writeFileSync(wrapper, '#!/bin/sh\n');
    fs.chmodSync(wrapper, 0o755);
    fs.appendFileSync(path.join(root, '.okstra', 'config.yaml'), 'okstraCommand: [tools/okstra-wrapper, --quiet]\n');
    const r = await cliInProcess(['outcome', '--state', state], env);
    assert.equal(r.json?.ok, true, r.stdout);
    assert.deepEqual(r.json.program, { command: ['tools/okstra-wrapper', '--quiet'], path: wrapper });
    assert.equal(Object.keys(r.json).at(-1), 'program');
  });

  it("C1: the MCP outcome names the program on the server's PATH", () => {
    const project = demoCopy();
    const host = mcpHost(project);
    const task = 'payments/refund-queue';
    let next = host.init({ task }).next;
    for (let i = 0; next && next.kind !== 'done'; i++) {
      assert.ok(i < 60);
      next = host.answer(task, walkAnswer(next), { prompt: next.id, revision: next.revision }).next;
    }
    const o = host.outcome(task) as unknown as { program: unknown };
    assert.deepEqual(o.program, { command: ['okstra'], path: path.join(project, '.demo-bin', 'okstra') });
  });

  it('C11: a typed absolute path through the real path of a symlinked project root, or via <root>/../<root>/…, is accepted', async () => {
    const { env } = fullMachine();
    const real = copyFixture('okstra-project');
    const link = path.join(tempDir('okstra-link-'), 'project');
    fs.symlinkSync(real, link);
    const typed = [path.join(real, 'docs', 'search.md'), path.join(link, '..', 'project', 'docs', 'search.md')];
    for (const [n, brief] of typed.entries()) {
      const { state, prompt } = await walkTo(link, 'payments/refund-timeout', `c11-${n}`, 'brief-path', { brief: 'path' }, env);
      const r = await cliInProcess(['step', '--state', state, '--answer', brief, '--prompt', prompt.id], env);
      assert.equal(r.json?.ok, true, `${brief}: ${r.stdout}`);
      assert.equal(JSON.parse(fs.readFileSync(state, 'utf8')).brief_path, 'docs/search.md');
    }
  });

  it("C12: a state file's path outside the project is refused as outside, not as 'not a file any more'", async () => {
    const { env } = fullMachine();
    const root = copyFixture('okstra-project');
    const { state } = await walkTo(root, 'payments/refund-timeout', 'c12', 'confirm', { 'reuse-previous': 'fresh' }, env);
    assert.equal((await cliInProcess(['step', '--state', state, '--answer', 'run'], env)).json?.ok, true);
    const doc = JSON.parse(fs.readFileSync(state, 'utf8'));
    fs.writeFileSync(state, JSON.stringify({ ...doc, brief_path: '/etc/passwd' }, null, 2));
    const r = await cliInProcess(['outcome', '--state', state], env);
    assert.equal(r.json?.code, 'not-runnable', r.stdout);
    assert.match(r.json.error, /'\/etc\/passwd' \(state field 'brief_path'\) resolves outside the project/);
    assert.doesNotMatch(r.json.error, /not a file/);
  });

  it('C2: a task group folder linked into another project is refused; nothing is written there', () => {
    const a = demoCopy();
    const b = demoCopy();
    const group = path.join(a, '.okstra', 'tasks', 'payments');
    fs.rmSync(group, { recursive: true });
    fs.symlinkSync(path.join(b, '.okstra', 'tasks', 'payments'), group);
    const before = fs.readdirSync(path.join(b, '.okstra', 'tasks', 'payments')).sort();
    const doc = refusal(() => mcpHost(a).init({ task: 'payments/refund-queue' }));
    assert.equal(doc.code, 'usage');
    assert.match(doc.error, /outside the project once links are resolved/);
    assert.deepEqual(fs.readdirSync(path.join(b, '.okstra', 'tasks', 'payments')).sort(), before);
  });

  it('C2c: a task folder linked into another project is refused like a linked group (init, open, probe); nothing is written', async () => {
    const a = demoCopy();
    const b = demoCopy();
    const task = path.join(a, '.okstra', 'tasks', 'payments', 'refund-queue');
    fs.rmSync(task, { recursive: true });
    fs.symlinkSync(path.join(b, '.okstra', 'tasks', 'payments', 'refund-queue'), task);
    const group = path.join(a, '.okstra', 'tasks', 'payments');
    const before = [fs.readdirSync(group).sort(), fs.readdirSync(path.join(b, '.okstra', 'tasks', 'payments')).sort()];
    const doc = refusal(() => mcpHost(a).init({ task: 'payments/refund-queue' }));
    assert.equal(doc.code, 'usage');
    assert.match(doc.error, /refund-queue: lies outside the project once links are resolved/);
    const state = path.join(group, 'refund-queue.wizard.json');
    const r = await cliInProcess(['init', '--state', state, '--project-root', a, '--task', 'payments/refund-queue'], demoEnv(a));
    assert.equal(r.json?.code, 'usage', r.stdout);
    assert.deepEqual([fs.readdirSync(group).sort(), fs.readdirSync(path.join(b, '.okstra', 'tasks', 'payments')).sort()], before);
    // A state file already beside the linked task folder (made before the link): opening and probing it are refused too.
    createStateFile(state, {
      ...defaultState(),
      project_root: a,
      workspace_root: path.join(a, '.okstra'),
      task_group: 'payments',
      task_id: 'refund-queue',
    });
    const current = await cliInProcess(['step', '--state', state], demoEnv(a));
    assert.equal(current.json?.code, 'usage', current.stdout);
    assert.match(current.json.error, /outside the project once links are resolved/);
  });

  it("C3: a state over the reader's limit is refused before saving, naming the limit", () => {
    const dir = tempDir('okstra-big-');
    const file = path.join(dir, 'x.wizard.json');
    const state = { ...defaultState(), project_root: dir, workspace_root: path.join(dir, '.okstra'), directive: 'x'.repeat(1_100_000) };
    assert.throws(
      () => createStateFile(file, state, { shownPath: 'x.wizard.json' }),
      (e: Error & { code?: string }) => {
        assert.equal(e.code, 'refused-answer');
        assert.match(e.message, /over the limit of 1048576 characters \(1 MiB\)/);
        return true;
      },
    );
    assert.equal(fs.existsSync(file), false);
  });

  it('C5: init --state on a path that cannot be stat-ed is bad usage (exit 2), never exit 70', async () => {
    const project = demoCopy();
    const plain = path.join(project, 'plain.txt');
    fs.writeFileSync(plain, 'x');
    const loop = path.join(project, 'loop');
    fs.symlinkSync(loop, loop);
    for (const state of [path.join(project, `${'n'.repeat(300)}.json`), path.join(plain, 'x.json'), path.join(loop, 'x.json')]) {
      const r = await cli(['init', '--state', state, '--project-root', project], { env: demoEnv(project) });
      assert.equal(r.code, 2, `${state}: ${r.stdout}${r.stderr}`);
      assert.equal(r.json.code, 'usage');
    }
  });

  it('C6, C9: the MCP transport answers every line: -32700, -32600, oversized lines, a BOM', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const t = new LineTransport(stdin, stdout, 1024);
    const got: unknown[] = [];
    t.onmessage = (m) => got.push(m);
    const closed = new Promise<void>((resolve) => (t.onclose = resolve));
    await t.start();
    let out = '';
    stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    stdin.write('{not json\n');
    stdin.write('{"jsonrpc":"2.0","id":7}\n');
    stdin.write('{"jsonrpc":"2.0","id":1,"method":"ping"}{"jsonrpc":"2.0","id":2,"method":"ping"}\n');
    stdin.write('[1,2]\n');
    stdin.write(`{"x":"${'y'.repeat(3000)}"}\n`);
    stdin.write('\uFEFF{"jsonrpc":"2.0","id":3,"method":"ping"}\n');
    stdin.end();
    // The transport closes once every line before the end of input was answered or passed on.
    await closed;
    const replies = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id?: unknown; error: { code: number } });
    // No id where the line had none: MCP's error response has `id` optional (the SDK's client refuses null).
    assert.deepEqual(
      replies.map((r) => ['id' in r ? r.id : 'none', r.error.code]),
      [
        ['none', -32700],
        [7, -32600],
        ['none', -32700],
        ['none', -32600],
        ['none', -32600],
      ],
    );
    assert.deepEqual(got, [{ jsonrpc: '2.0', id: 3, method: 'ping' }]);
  });

  it('C7: a PATH entry that stat() refuses (ENOTDIR, ELOOP) is stamped, not thrown', () => {
    const dir = tempDir('okstra-path-');
    const file = path.join(dir, 'file');
    fs.writeFileSync(file, 'x');
    const loop = path.join(dir, 'loop');
    fs.symlinkSync(loop, loop);
    assert.doesNotThrow(() => stampOfPaths([path.join(file, 'bin'), loop, dir]));
  });

  it('C8: bad tool arguments are the JSON refusal with code and current (with its revision)', async () => {
    const project = demoCopy();
    const host = mcpHost(project);
    const server = createWizardServer(host, '0.0.0');
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    const client = new Client({ name: 't', version: '0' });
    await client.connect(b);
    const init = (await client.callTool({ name: 'wizard_init', arguments: { task: 'payments/refund-queue' } })) as any;
    assert.equal(init.isError, undefined, JSON.stringify(init));
    const bad = [
      { task: 'payments/refund-queue', answer: 'x', prompt: 'p' },
      { task: 'payments/refund-queue', answer: 3, prompt: 'p', revision: '0123456789abcdef' },
      { task: '../etc', answer: 'x', prompt: 'p', revision: '0123456789abcdef' },
    ];
    for (const args of bad) {
      const r = (await client.callTool({ name: 'wizard_answer', arguments: args })) as any;
      assert.equal(r.isError, true);
      const doc = JSON.parse(r.content[0].text);
      assert.equal(doc.code, 'usage', r.content[0].text);
      assert.match(doc.error, /^invalid arguments for wizard_answer: /);
      if (args.task === 'payments/refund-queue') assert.match(doc.current.revision, /^[0-9a-f]{16}$/);
      else assert.equal(doc.current, null);
    }
    await client.close();
  });

  it('wizard_init over an unfinished wizard refuses with its current prompt and revision', () => {
    const project = demoCopy();
    const host = mcpHost(project);
    host.init({ task: 'payments/refund-queue' });
    const doc = refusal(() => host.init({ task: 'payments/refund-queue' }));
    assert.equal(doc.code, 'usage');
    assert.match(String(doc.current?.revision), /^[0-9a-f]{16}$/);
  });

  it('rewinding to task-pick and picking another task moves the wizard to that task (MCP)', () => {
    const project = demoCopy();
    const host = mcpHost(project);
    const first = host.init({ task: 'payments/refund-queue' });
    const back = host.rewind('payments/refund-queue', 'task-pick', { prompt: first.next!.id, revision: first.next!.revision });
    const moved = host.answer('payments/refund-queue', 'payments/partial-refunds', {
      prompt: back.next!.id,
      revision: back.next!.revision,
    });
    assert.equal(moved.ok, true);
    const tasks = path.join(project, '.okstra', 'tasks', 'payments');
    assert.equal(fs.existsSync(path.join(tasks, 'refund-queue.wizard.json')), false);
    assert.equal(fs.existsSync(path.join(tasks, 'partial-refunds.wizard.json')), true);
    assert.equal(host.current('payments/partial-refunds').ok, true);
  });

  it('C10: a save on a file system without modes (fchmod ENOSYS) still saves', () => {
    const dir = tempDir('okstra-fat-');
    const file = path.join(dir, 'c.yaml');
    fs.writeFileSync(file, 'a: 1\n');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const nodeFs = require('node:fs') as { fchmodSync: typeof fs.fchmodSync };
    const real = nodeFs.fchmodSync;
    nodeFs.fchmodSync = () => {
      throw Object.assign(new Error('ENOSYS: function not implemented, fchmod'), { code: 'ENOSYS' });
    };
    try {
      writeFileAtomic(file, 'a: 2\n');
    } finally {
      nodeFs.fchmodSync = real;
    }
    assert.equal(fs.readFileSync(file, 'utf8'), 'a: 2\n');
  });
});
