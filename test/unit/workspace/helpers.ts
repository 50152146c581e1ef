import * as fs from 'node:fs';
import * as path from 'node:path';
import { tempDirs } from '../../helpers/tempDirs';

export { REPO_ROOT, FIXTURES, PROFILES } from '../../helpers/tempDirs';

const dirs = tempDirs('okstra-ws-');

export const tmpDir = dirs.make;

/** A private copy of test/fixtures/<name>. */
export const copyFixture = dirs.copyFixture;

export function write(root: string, rel: string, text: string): string {
  const abs = path.join(root, rel);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, text);
  return abs;
}

export const cleanup = dirs.cleanup;
