// .vscode/launch.json and tasks.json (F5 in desktop VS Code, CONTRIBUTING.md): the launch's task exists, the watch
// task runs the watch build, and its problem matcher reads esbuild's errors and the watch build's begin/end lines.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT, tempDirs } from '../../helpers/tempDirs';

/** The files start with // comment lines (JSONC); the rest is JSON. */
function jsonc(rel: string): any {
  const text = fs.readFileSync(path.join(REPO_ROOT, rel), 'utf8');
  return JSON.parse(text.replace(/^\s*\/\/.*$/gm, ''));
}

describe('.vscode: F5 and the watch task', () => {
  const tasks = jsonc('.vscode/tasks.json').tasks as any[];
  const launch = jsonc('.vscode/launch.json').configurations as any[];
  const byLabel = new Map(tasks.map((t) => [t.label, t]));
  const watch = byLabel.get('watch');

  it('every launch runs a task that exists, and the tasks it depends on exist', () => {
    for (const c of launch) {
      assert.equal(c.type, 'extensionHost', c.name);
      assert.ok(c.args.includes('--extensionDevelopmentPath=${workspaceFolder}'), c.name);
      const task = byLabel.get(c.preLaunchTask);
      assert.ok(task, `${c.name}: no task ${c.preLaunchTask}`);
      for (const dep of task.dependsOn ?? []) assert.ok(byLabel.has(dep), `${c.preLaunchTask} depends on a missing task ${dep}`);
    }
  });

  it('the demo launch opens the sample project copy with its stand-ins on PATH', () => {
    const demo = launch.find((c) => c.preLaunchTask === 'dev');
    assert.ok(demo.args.includes('${workspaceFolder}/.tools/start/workspace/demo'));
    assert.match(demo.env.PATH, /^\$\{workspaceFolder\}\/\.tools\/start\/workspace\/demo\/\.demo-bin:/);
    assert.deepEqual(byLabel.get('sample project').args, ['scripts/sampleProject.mjs']);
  });

  it('the watch task is `npm run watch` in the background', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
    assert.equal(watch.type, 'npm');
    assert.equal(manifest.scripts[watch.script], 'node scripts/build.mjs --watch');
    assert.equal(watch.isBackground, true);
  });

  it("the problem matcher's begin and end patterns match what the watch build prints", () => {
    const build = fs.readFileSync(path.join(REPO_ROOT, 'scripts', 'build.mjs'), 'utf8');
    const begins = new RegExp(watch.problemMatcher.background.beginsPattern);
    const ends = new RegExp(watch.problemMatcher.background.endsPattern);
    assert.ok(build.includes("console.log('[watch] build started')"));
    assert.match('[watch] build started', begins);
    assert.ok(build.includes('console.log(`[watch] build finished ${when}'));
    assert.match('[watch] build finished 10:01:02 AM', ends);
    assert.match('[watch] build finished 10:01:02 AM with 2 errors', ends);
  });

  it("the problem matcher's pattern finds the file, line, column and message of an esbuild error", () => {
    const esbuild = require('esbuild') as typeof import('esbuild');
    const dirs = tempDirs('okstra-matcher-');
    const dir = dirs.make();
    try {
      fs.writeFileSync(path.join(dir, 'broken.ts'), 'export const x = 1;\nexport const y = ;\n');
      let text = '';
      try {
        esbuild.buildSync({ absWorkingDir: dir, entryPoints: ['broken.ts'], bundle: true, write: false, logLevel: 'silent' });
      } catch (e) {
        text = esbuild.formatMessagesSync((e as { errors: import('esbuild').Message[] }).errors, { kind: 'error', color: false }).join('');
      }
      const lines = text.split('\n');
      const [message, blank, location] = watch.problemMatcher.pattern.map((p: any) => new RegExp(p.regexp));
      const at = lines.findIndex((l) => message.test(l));
      assert.ok(at >= 0, text);
      assert.equal(message.exec(lines[at])![1], 'Unexpected ";"');
      assert.match(lines[at + 1], blank);
      const m = location.exec(lines[at + 2])!;
      assert.deepEqual([m[1], m[2], m[3]], ['broken.ts', '2', '17']);
    } finally {
      dirs.cleanup();
    }
  });
});
