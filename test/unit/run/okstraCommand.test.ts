import { strict as assert } from 'node:assert';
import { argvFieldName, okstraCommandArgv, renderBundleArgv } from '../../../src/core/run';

describe('core/run okstra command', () => {
  it('the setting wins over the project config', () => {
    assert.deepEqual(okstraCommandArgv('/opt/okstra/bin/okstra', { okstraCommand: ['uvx', 'okstra'] }), ['/opt/okstra/bin/okstra']);
    assert.deepEqual(okstraCommandArgv(['python3', '-m', 'okstra'], { okstraCommand: 'x' }), ['python3', '-m', 'okstra']);
  });
  it('an empty setting falls back to config, then to okstra', () => {
    assert.deepEqual(okstraCommandArgv('', { okstraCommand: ['uvx', 'okstra'] }), ['uvx', 'okstra']);
    assert.deepEqual(okstraCommandArgv([], null), ['okstra']);
    assert.deepEqual(okstraCommandArgv(undefined, {}), ['okstra']);
  });
  it('a string with spaces stays one program word', () => {
    assert.deepEqual(okstraCommandArgv('/Applications/My Tools/okstra', null), ['/Applications/My Tools/okstra']);
  });
  it('render-bundle follows the command words, then renderArgv verbatim', () => {
    assert.deepEqual(renderBundleArgv(['uvx', 'okstra'], ['--lead-runtime', 'claude-code', '--directive', '']), [
      'uvx',
      'okstra',
      'render-bundle',
      '--lead-runtime',
      'claude-code',
      '--directive',
      '',
    ]);
  });
  it('names the field of a word for refusals', () => {
    const argv = ['uvx', 'okstra', 'render-bundle', '--lead-runtime', 'claude-code', '--role-model', 'analyser=x'];
    assert.equal(argvFieldName(argv, 1, 2), 'okstra.command');
    assert.equal(argvFieldName(argv, 4, 2), 'lead-runtime');
    assert.equal(argvFieldName(argv, 6, 2), 'role-model');
    assert.equal(argvFieldName(argv, 2, 2), 'argument 2');
  });
});
