#!/usr/bin/env node
// `npm run test:reliability`: docs/safety.md R1–R5 measured by scripts that try hard to break the wizard
// (test/reliability/main.ts, run through tsx). Prints per target what it tried and found; exits non-zero
// when a target is missed. Options pass through: --only R1,R4  --seed <n> (replay)  --quick (smoke run).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'test', 'reliability', 'main.ts'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
