// R3 legacy file (docs/safety.md): the demo's v1 state file stays byte-identical
// (sha256) through a long random walk of answers, rewinds, Back and plain
// saves — through the engine and the store as the extension drives them, and
// through the CLI — and every write goes to its companion.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runCli } from '../../src/cli/main';
import * as engine from '../../src/core/wizard/engine';
import { parseState } from '../../src/core/wizard/stateCodec';
import { loadStateFile, saveStateFile } from '../../src/store';
import { demoCopy, demoEnv, engineContext, newReport, pick, randomAnswer, rng, sha256File, type TargetReport } from './lib';

export interface R3Options {
  seed: number;
  actions: number;
}

export async function runR3(opts: R3Options): Promise<TargetReport> {
  const report = newReport(
    'R3',
    'legacy file',
    'a v1 state file stays byte-identical (sha256) through any number of steps and edits; all writes go to its companion',
    opts.seed,
  );
  const started = Date.now();
  const random = rng(opts.seed);
  const project = demoCopy('r3');
  const env = demoEnv(project);
  const rel = '.okstra/tasks/payments/refund-timeout.wizard.json';
  const v1 = path.join(project, rel);
  const dir = path.dirname(v1);
  const sha0 = sha256File(v1);
  const ctx = engineContext(project, env);

  const counts = { submit: 0, refused: 0, rewind: 0, back: 0, resave: 0, cli: 0, saves: 0 };
  const targets = new Set<string>();
  let checks = 0;
  for (let i = 0; i < opts.actions; i++) {
    const tag = `seed ${opts.seed} action ${i}`;
    const roll = random();
    try {
      if (roll < 0.12) {
        // The CLI (in-process: the code of dist/cli.js) on the same file.
        counts.cli++;
        const cur = JSON.parse((await runCli({ argv: ['step', '--state', rel], env, cwd: project })).stdout);
        const p = cur.ok ? cur.current : null;
        const argv =
          p && p.kind !== 'done'
            ? ['step', '--state', rel, '--answer', randomAnswer(p, random, i)]
            : ['rewind', '--state', rel, '--to', 'task-type'];
        const out = await runCli({ argv, env, cwd: project });
        if (out.exitCode !== 0) report.failures.push(`${tag}: CLI ${argv.join(' ')} exit ${out.exitCode}: ${out.stdout.slice(0, 200)}`);
        else if (JSON.parse(out.stdout).ok) counts.saves++;
      } else {
        const handle = loadStateFile(v1, { shownPath: rel });
        const prepared = engine.prepare(ctx, parseState(handle.payload), { foundInDir: dir });
        const state = prepared.state;
        const cur = engine.current(ctx, state, prepared.notices);
        let result: engine.StepResult | null = null;
        if (roll < 0.62 && cur.prompt && cur.prompt.kind !== 'done') {
          counts.submit++;
          result = engine.submit(ctx, state, randomAnswer(cur.prompt, random, i), prepared.notices);
        } else if (roll < 0.8) {
          const tree = engine.tree(ctx, state, prepared.notices);
          const editable = tree.rows.filter((r) => r.editable).map((r) => r.id);
          counts.rewind++;
          result = editable.length ? engine.rewind(ctx, state, pick(random, editable), prepared.notices) : null;
        } else if (roll < 0.9 && engine.backTarget(state) !== null) {
          counts.back++;
          result = engine.back(ctx, state, prepared.notices);
        } else {
          // A plain save of the loaded state (the conversion and reconcile, written as a submit would).
          counts.resave++;
          const next = saveStateFile(handle, state);
          targets.add(next.target);
          counts.saves++;
        }
        if (result && result.ok) {
          const next = saveStateFile(handle, result.state);
          targets.add(next.target);
          counts.saves++;
        } else if (result) counts.refused++;
      }
    } catch (e) {
      report.failures.push(`${tag}: ${(e as Error).name}: ${(e as Error).message}`);
    }
    checks++;
    if (sha256File(v1) !== sha0) {
      report.failures.push(`${tag}: the v1 file changed (sha256 ${sha256File(v1)} ≠ ${sha0})`);
      break;
    }
  }
  const companions = fs.readdirSync(dir).filter((n) => n.startsWith(`${path.basename(v1)}.v2.`));
  for (const t of targets) if (t === v1) report.failures.push('a save targeted the v1 file itself');
  const stray = fs.readdirSync(dir).filter((n) => n.includes('.tmp-') || n.endsWith('.lock'));
  if (stray.length) report.failures.push(`left behind: ${stray.join(', ')}`);
  report.tried.push(
    `${opts.actions} random actions on the demo's v1 state: ${counts.submit} answers, ${counts.rewind} rewinds, ${counts.back} Back, ${counts.resave} plain saves (engine + store), ${counts.cli} CLI commands; ${counts.saves} saves, ${counts.refused} refused answers`,
  );
  report.found.push(
    `sha256 of the v1 file checked after every action (${checks} times): ${report.failures.some((f) => f.includes('v1 file changed')) ? 'CHANGED' : `unchanged (${sha0.slice(0, 16)}…)`}`,
  );
  report.found.push(
    `saves went to: ${[...targets].map((t) => path.basename(t).replace(/[0-9a-f]{64}/, '<sha256>')).join(', ') || '(none)'}; companions beside it: ${companions.length}`,
  );
  report.seconds = (Date.now() - started) / 1000;
  return report;
}
