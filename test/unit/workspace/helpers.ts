import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
export const FIXTURES = path.join(REPO_ROOT, 'test', 'fixtures');
export const PROFILES = path.join(REPO_ROOT, 'profiles');

const made: string[] = [];

export function tmpDir(prefix = 'okstra-ws-'): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(d);
  return d;
}

/** A private copy of test/fixtures/<name>. */
export function copyFixture(name: string): string {
  const dest = path.join(tmpDir(), name);
  fs.cpSync(path.join(FIXTURES, name), dest, { recursive: true });
  return dest;
}

export function write(root: string, rel: string, text: string): string {
  const abs = path.join(root, rel);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, text);
  return abs;
}

export function cleanup(): void {
  for (const d of made.splice(0)) fs.rmSync(d, { recursive: true, force: true });
}
