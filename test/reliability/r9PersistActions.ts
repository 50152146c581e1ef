// R9 over persist-action values (docs/safety.md): every hostile string as the value a persist action writes into
// .okstra/config.yaml (the PR template saved for the project), applied through the host's one path
// (src/host/run.ts applyPersistAction → the store's Document-model setConfigKey). Afterwards the file must parse,
// `prTemplate` must read back as exactly the value (or the action was refused and nothing written), and no other
// key — `okstraCommand` above all — may have appeared or changed.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { applyPersistAction } from '../../src/host';
import { hostileStrings } from './hostile';
import { newReport, shown, tempDir, type TargetReport } from './lib';

export function runR9PersistActions(opts: { seed: number; limit: number }): TargetReport {
  const report = newReport(
    'R9',
    'persist actions from hostile values',
    'config.yaml keeps its keys; the value reads back or is refused',
    opts.seed,
  );
  const root = tempDir('okstra-r9p-');
  const values = hostileStrings(path.join(root, 'CANARY')).slice(0, opts.limit);
  const file = path.join(root, '.okstra', 'config.yaml');
  const base = '# settings\nprojectId: p\nmodelDefaults:\n  analyser: [claude/opus-4.5]\n';
  let written = 0;
  let refused = 0;
  for (const value of values) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, base);
    try {
      applyPersistAction(root, { action: 'set-config', file: '.okstra/config.yaml', key: 'prTemplate', value });
    } catch {
      refused++;
      if (fs.readFileSync(file, 'utf8') !== base) report.failures.push(`refused but written: ${shown(value)}`);
      continue;
    }
    written++;
    const data = parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    if (data.prTemplate !== value) report.failures.push(`reads back differently: ${shown(value)}`);
    const keys = Object.keys(data).sort().join(',');
    if (keys !== 'modelDefaults,prTemplate,projectId') report.failures.push(`keys ${keys} after ${shown(value)}`);
  }
  report.tried.push(`${values.length} hostile values as a persist action's value`);
  report.found.push(`${written} written and read back exactly, ${refused} refused with nothing written`);
  return report;
}
