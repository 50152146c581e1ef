// The one dispatcher of the agent tools (src/host/runTool.ts), which the MCP server and the language-model tools
// both call: a name finds its tool (with the front end's prefix), the input is checked against the tool's schema,
// the front end's body of that tool runs.
import { strict as assert } from 'node:assert';
import { WizardError } from '../../../src/core/types';
import { InvalidToolArguments, runTool, toolKeyOf, type ToolBodies } from '../../../src/host/runTool';
import { WIZARD_TOOLS, type ToolKey } from '../../../src/host/tools';

/** Bodies that say which tool ran with what. */
function echoBodies(): ToolBodies<string, { key: ToolKey; input: unknown; call: string }> {
  const bodies: Record<string, unknown> = {};
  for (const key of Object.keys(WIZARD_TOOLS) as ToolKey[]) bodies[key] = (input: unknown, call: string) => ({ key, input, call });
  return bodies as ToolBodies<string, { key: ToolKey; input: unknown; call: string }>;
}

const ANSWER = { task: 'checkout/saved-card-migration', answer: 'run', prompt: 'confirm', revision: '0123456789abcdef' };

describe('host: runTool, the one dispatcher of the agent tools', () => {
  it('every tool is found by its MCP name and by its language-model name', () => {
    for (const [key, d] of Object.entries(WIZARD_TOOLS)) {
      assert.equal(toolKeyOf(d.name), key);
      assert.equal(toolKeyOf(`okstra_${d.name}`, 'okstra_'), key);
      assert.equal(toolKeyOf(`okstra_${d.name}`), null);
    }
  });

  it("runs the named tool's body with the checked input and the call", () => {
    const r = runTool(echoBodies(), 'wizard_answer', ANSWER, 'call-1');
    assert.deepEqual(r, { key: 'answer', input: ANSWER, call: 'call-1' });
    assert.equal(runTool(echoBodies(), 'okstra_wizard_list', undefined, 'c', { prefix: 'okstra_' }).key, 'list');
  });

  it('an unknown tool is a usage error naming the tools there are', () => {
    assert.throws(
      () => runTool(echoBodies(), 'wizard_nope', {}, ''),
      (e: unknown) =>
        e instanceof WizardError && e.code === 'usage' && /^unknown tool: 'wizard_nope'; the tools: wizard_tasks, /.test(e.message),
    );
  });

  it('input that does not match the schema is InvalidToolArguments naming each problem and the task given', () => {
    assert.throws(
      () => runTool(echoBodies(), 'wizard_answer', { ...ANSWER, revision: 'nope', answer: 3 }, ''),
      (e: unknown) =>
        e instanceof InvalidToolArguments &&
        e.code === 'usage' &&
        e.task === ANSWER.task &&
        e.message.startsWith('invalid arguments for wizard_answer: ') &&
        /answer: /.test(e.message) &&
        /revision: /.test(e.message),
    );
  });
});
