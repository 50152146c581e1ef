// The built-in profiles and registry parsed at build time (docs/performance.md › Start-up): `profiles/*.md` and
// `profiles/registry.yaml` parsed by the product's own parser (src/core/roles/builtinData.ts) and written as JSON to
// dist/builtins.json, which the CLI and the MCP server install at start (src/host/prebuilt.ts), so that a one-shot
// command does not run the YAML parser over files it shipped with. A prebuilt value is used only for exactly the text
// it was parsed from, so a stale file costs time, never a wrong result.
//   node --import tsx scripts/builtinData.ts <out file>     (scripts/build.mjs: dist/builtins.json)
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parseBuiltins, type BuiltinSource } from '../src/core/roles/builtinData';

/** The files of `<root>/profiles` that the workspace reads as built-ins: `*.md` and `registry.yaml`. */
export function builtinSources(root: string): BuiltinSource[] {
  const dir = path.join(root, 'profiles');
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.md') || name === 'registry.yaml')
    .sort()
    .map((name) => ({ name, text: fs.readFileSync(path.join(dir, name), 'utf8') }));
}

/** The parsed data as JSON; throws when the data would not survive JSON unchanged. */
export function builtinDataJson(root: string): string {
  const data = parseBuiltins(builtinSources(root));
  const json = JSON.stringify(data);
  if (!isDeepStrictEqual(JSON.parse(json), data)) throw new Error('builtinData: the parsed profiles do not survive JSON unchanged');
  return json;
}

/** Writes the data to `outFile` (its folder is made when missing). */
export function writeBuiltinData(root: string, outFile: string): void {
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(outFile, `${builtinDataJson(root)}\n`);
}

if (require.main === module) {
  const out = process.argv[2];
  if (!out) {
    console.error('usage: node --import tsx scripts/builtinData.ts <out file>');
    process.exit(2);
  }
  writeBuiltinData(path.resolve(__dirname, '..'), path.resolve(out));
}
