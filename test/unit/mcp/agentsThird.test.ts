// What an agent with no memory of this project meets, third round (docs/mcp.md), through the official SDK's client on
// the server in this process: the teams after a rewind name only the step still to answer, a rewind to the prompt
// being asked says so, and the program a preview shows is an absolute path whatever PATH holds.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cleanupTemp } from '../cli/cliHarness';
import { ServedProject } from '../../../src/mcp/servedProject';
import { WIZARD_ERROR_CODES } from '../../../src/core/types';
import { demoCopy, demoEnv, inProcessMcp, mcpHostOf, walkAnswer, type McpSession } from './mcpHarness';

const TASK = 'checkout/saved-card-migration';
const PROFILES = path.resolve(__dirname, '..', '..', '..', 'profiles');

describe('MCP server, third round: what an agent is told (SDK client)', function () {
  this.timeout(120_000);
  const sessions: McpSession[] = [];
  const open = async (host: ServedProject) => {
    const s = await inProcessMcp(host);
    sessions.push(s);
    return s;
  };
  afterEach(async () => {
    for (const s of sessions.splice(0)) await s.close();
  });
  after(cleanupTemp);

  it('wizard_teams after a rewind to the run type names task-type only (the task is set)', async () => {
    const project = demoCopy();
    const s = await open(mcpHostOf(project));
    const init = await s.call('wizard_init', { task: TASK });
    const type = init.doc.next;
    assert.equal(type.id, 'task-type');
    const answered = await s.call('wizard_answer', { task: TASK, answer: walkAnswer(type), prompt: type.id, revision: type.revision });
    assert.equal(answered.isError, false, answered.text);
    const back = await s.call('wizard_rewind', { task: TASK, to: 'task-type' });
    assert.equal(back.isError, false, back.text);
    const teams = await s.call('wizard_teams', { task: TASK });
    assert.equal(teams.isError, true);
    assert.equal(teams.doc.code, 'no-prompt');
    assert.doesNotMatch(teams.doc.error, /task-pick/, teams.doc.error);
    assert.match(teams.doc.error, /answer task-type first/);
    assert.match(teams.doc.error, /'checkout\/saved-card-migration'/);
    assert.equal(teams.doc.current.id, 'task-type');
  });

  it('a rewind to the current, unanswered step says it is the prompt to answer now, not "unknown step"', async () => {
    const project = demoCopy();
    const s = await open(mcpHostOf(project));
    const init = await s.call('wizard_init', { task: TASK });
    const r = await s.call('wizard_rewind', { task: TASK, to: 'task-type' });
    assert.equal(r.isError, true);
    assert.equal(r.doc.code, 'refused-answer');
    assert.doesNotMatch(r.doc.error, /unknown step/, r.doc.error);
    assert.match(
      r.doc.error,
      /^'task-type' is not answered yet: it is the prompt to answer now \(`current`\); the steps you can go back to: 'task-pick'$/,
    );
    assert.deepEqual([r.doc.current.id, r.doc.current.revision], [init.doc.next.id, init.doc.next.revision]);
  });

  it('program.path in a preview is absolute when PATH holds a relative folder', async () => {
    const project = demoCopy();
    // The demo's folder of stand-ins, named relative to this process's working folder.
    const relativeBin = path.relative(process.cwd(), path.join(project, '.demo-bin'));
    assert.ok(!path.isAbsolute(relativeBin));
    const env = { ...demoEnv(project), PATH: `${relativeBin}${path.delimiter}${path.dirname(process.execPath)}` };
    const s = await open(new ServedProject({ projectRootAbs: project, builtinProfilesDir: PROFILES, env, cwd: project }));
    const init = await s.call('wizard_init', { task: TASK });
    let prompt = init.doc.next;
    for (let i = 0; i < 60 && prompt.id !== 'confirm'; i++) {
      const r = await s.call('wizard_answer', { task: TASK, answer: walkAnswer(prompt), prompt: prompt.id, revision: prompt.revision });
      assert.equal(r.isError, false, r.text);
      prompt = r.doc.next;
    }
    const preview = await s.call('wizard_preview', { task: TASK });
    assert.equal(preview.isError, false, preview.text);
    assert.ok(preview.doc.program.path, preview.text);
    assert.ok(path.isAbsolute(preview.doc.program.path), preview.doc.program.path);
    assert.equal(preview.doc.program.path, path.join(project, '.demo-bin', 'okstra'));
  });

  it('the clarification default (answer-now) says the answers must be written before the run, and preview says it again while the file is empty', async () => {
    const project = demoCopy();
    const task = 'checkout/idempotency-keys';
    const s = await open(mcpHostOf(project));
    const init = await s.call('wizard_init', { task });
    let prompt = init.doc.next;
    let told: string | undefined;
    for (let i = 0; i < 60 && prompt.id !== 'confirm'; i++) {
      const r = await s.call('wizard_answer', { task, answer: walkAnswer(prompt), prompt: prompt.id, revision: prompt.revision });
      assert.equal(r.isError, false, r.text);
      if (prompt.id === 'clarification-pick') {
        told = (r.doc.notices ?? []).find((n: string) => n.startsWith('write the answers to the clarification questions'));
        assert.ok(told, r.text);
        assert.match(told!, /in \.okstra\/tasks\/checkout\/idempotency-keys\/clarifications\/2026-11-27-1\.answers\.md before the run/);
      }
      prompt = r.doc.next;
    }
    assert.ok(told, 'clarification-pick was asked');
    // Another session (the person's, or the agent's next): the preview says it while the file has no answers.
    const other = await open(mcpHostOf(project));
    const preview = await other.call('wizard_preview', { task });
    assert.equal(preview.isError, false, preview.text);
    assert.ok((preview.doc.notices ?? []).includes(told), preview.text);
    // Answers written: nothing to say.
    const answers = path.join(project, '.okstra', 'tasks', 'checkout', 'idempotency-keys', 'clarifications', '2026-11-27-1.answers.md');
    fs.appendFileSync(answers, 'Keys live for 24 hours.\n');
    const third = await open(mcpHostOf(project));
    const after = await third.call('wizard_preview', { task });
    assert.ok(!(after.doc.notices ?? []).includes(told), after.text);
  });

  it('the tool list is lean: no schema URL, integer bounds or repeated titles; every refusal code is named with what to do', async () => {
    const s = await open(mcpHostOf(demoCopy()));
    const { tools } = await s.client.listTools();
    const listed = JSON.stringify(tools);
    // docs/mcp.md › What the tool list costs gives the figure; a change that adds to it says so there.
    assert.ok(Buffer.byteLength(listed) < 30_000, `${Buffer.byteLength(listed)} bytes`);
    assert.doesNotMatch(listed, /\$schema|9007199254740991/);
    for (const t of tools) assert.equal((t.annotations as any)?.title, undefined, t.name);
    const answer = tools.find((t) => t.name === 'wizard_answer')!.description!;
    for (const code of WIZARD_ERROR_CODES.filter((c) => c !== 'output-failed')) assert.match(answer, new RegExp(`\\b${code}\\b`), code);
    assert.match(answer, /stale-state \(another writer saved first; `current` is read again from the file\) — do not retry/);
    assert.match(answer, /"\(default\)"/);
    assert.match(answer, /`unavailable`/);
    for (const name of ['wizard_init', 'wizard_rewind', 'wizard_abort'])
      assert.match(tools.find((t) => t.name === name)!.description!, /stale-state answer `current`, after busy call again/, name);
  });
});
