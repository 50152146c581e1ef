// Two writers of one state file, as an agent meets them through the official SDK's client: another writer (a second
// server here, the CLI or the extension elsewhere) saves between the agent's read and its save. The loser's refusal
// carries as `current` the prompt the file is at now, with that file's revision, so an agent that answers `current`
// is never refused twice in a row (docs/mcp.md › Refusals).
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { cleanupTemp } from '../cli/cliHarness';
import { ToolErrorDocSchema } from '../../../src/mcp/schemas';
import { ServedProject } from '../../../src/mcp/servedProject';
import { demoCopy, demoEnv, inProcessMcp, mcpHostOf, walkAnswer, type McpSession } from './mcpHarness';

const TASK = 'checkout/saved-card-migration';
const PROFILES = path.resolve(__dirname, '..', '..', '..', 'profiles');

describe('MCP server: two writers race (SDK client)', function () {
  this.timeout(120_000);
  const sessions: McpSession[] = [];
  afterEach(async () => {
    for (const s of sessions.splice(0)) await s.close();
  });
  after(cleanupTemp);

  it('the loser of a race gets stale-state with the prompt the file is at now; answering it is never refused again', async () => {
    const project = demoCopy();
    /** What the other writer does just before the agent's next save (null: nothing). */
    let rival: (() => void) | null = null;
    const host = new ServedProject({
      projectRootAbs: project,
      builtinProfilesDir: PROFILES,
      env: demoEnv(project),
      cwd: project,
      beforeSave: () => {
        const run = rival;
        rival = null;
        run?.();
      },
    });
    const s = await inProcessMcp(host);
    sessions.push(s);
    const other = mcpHostOf(project);

    const init = await s.call('wizard_init', { task: TASK });
    assert.equal(init.isError, false, init.text);
    let prompt = init.doc.next;
    let races = 0;
    let refusedBefore = false;
    for (let i = 0; i < 80 && prompt.kind !== 'done'; i++) {
      const answer = walkAnswer(prompt);
      // Every other call is raced: the other writer answers the same prompt first.
      let theirs: any = null;
      if (!refusedBefore) {
        rival = () => {
          theirs = other.answer(TASK, answer, { prompt: prompt.id, revision: prompt.revision }).next;
        };
      }
      const r = await s.call('wizard_answer', { task: TASK, answer, prompt: prompt.id, revision: prompt.revision });
      if (r.isError) {
        assert.equal(refusedBefore, false, `refused twice in a row at ${prompt.id}: ${r.text}`);
        ToolErrorDocSchema.parse(r.doc);
        assert.equal(r.doc.code, 'stale-state', r.text);
        assert.ok(theirs, 'the other writer saved first');
        assert.equal(r.doc.current?.id, theirs.id, `current is the prompt the file is at now: ${r.text}`);
        assert.equal(r.doc.current?.revision, theirs.revision, 'with the revision of the file now');
        assert.doesNotMatch(r.doc.error, /reload/, 'no tool reloads: the text says to answer current');
        assert.match(r.doc.error, /`current`/);
        races++;
        refusedBefore = true;
        prompt = r.doc.current;
        continue;
      }
      refusedBefore = false;
      rival = null;
      prompt = r.doc.next;
    }
    assert.equal(prompt.kind, 'done', 'the wizard was finished by following current');
    assert.ok(races >= 6, `${races} races`);
    const now = await s.call('wizard_current', { task: TASK });
    assert.equal(now.doc.current.kind, 'done');
  });
});
