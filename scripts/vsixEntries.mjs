// Lists the entries of a .vsix (a zip) from its central directory, without
// unpacking it: enough for `npm run package` to report the file list and sizes,
// and for the tests to check what the package holds; one entry's text is inflated
// with node:zlib (the packaged README). No zip64 (a vsix is small).
import fs from 'node:fs';
import zlib from 'node:zlib';
import { LAZY_REQUIRES } from './bundles.mjs';

const EOCD_SIG = 0x06054b50;
const CENTRAL_SIG = 0x02014b50;

/**
 * @param {string} file  path of the .vsix
 * @returns {{name: string, size: number, compressedSize: number, method: number, offset: number}[]} in archive order
 */
export function vsixEntries(file) {
  const buf = fs.readFileSync(file);
  // The end-of-central-directory record is in the last 22 + 65535 (comment) bytes.
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === EOCD_SIG) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error(`${file}: not a zip file (no end of central directory)`);
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  const entries = [];
  for (let n = 0; n < count; n++) {
    if (buf.readUInt32LE(at) !== CENTRAL_SIG) throw new Error(`${file}: corrupt central directory at entry ${n}`);
    const compressedSize = buf.readUInt32LE(at + 20);
    const size = buf.readUInt32LE(at + 24);
    const nameLen = buf.readUInt16LE(at + 28);
    const extraLen = buf.readUInt16LE(at + 30);
    const commentLen = buf.readUInt16LE(at + 32);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLen);
    entries.push({ name, size, compressedSize, method: buf.readUInt16LE(at + 10), offset: buf.readUInt32LE(at + 42) });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

const LOCAL_SIG = 0x04034b50;

/** The text (UTF-8) of the entry `name` of the .vsix, or null when it has none. Stored and deflated entries only. */
export function vsixEntryText(file, name) {
  const entry = vsixEntries(file).find((e) => e.name === name);
  if (!entry) return null;
  const buf = fs.readFileSync(file);
  const at = entry.offset;
  if (buf.readUInt32LE(at) !== LOCAL_SIG) throw new Error(`${file}: corrupt local header of ${name}`);
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  const data = buf.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return data.toString('utf8');
  if (entry.method === 8) return zlib.inflateRawSync(data).toString('utf8');
  throw new Error(`${file}: ${name} uses zip method ${entry.method}`);
}

/**
 * What a vsix of this extension must hold and must not hold. Returns the
 * problems, each naming the entry and the fix (empty when the package is fine).
 * @param {{name: string}[]} entries
 * @param {{main?: string, bin?: Record<string, string>, contributes?: {jsonValidation?: {url: string}[], yamlValidation?: {url: string}[]}}} manifest  package.json
 */
export function vsixProblems(entries, manifest) {
  const names = new Set(entries.map((e) => e.name));
  const problems = [];
  const required = ['extension.vsixmanifest', 'extension/package.json'];
  if (manifest.main) {
    const main = manifest.main.replace(/^\.\//, '');
    required.push(`extension/${main}`);
    // The shell and the CLI load their lazily loaded bundles from next to them (scripts/bundles.mjs).
    const dir = main.includes('/') ? main.slice(0, main.lastIndexOf('/') + 1) : '';
    for (const file of new Set(LAZY_REQUIRES.map((b) => b.file))) required.push(`extension/${dir}${file}`);
  }
  for (const bin of Object.values(manifest.bin ?? {})) required.push(`extension/${bin.replace(/^\.\//, '')}`);
  // The JSON Schemas VS Code validates config.yaml and state files with are read from the package.
  const validation = [...(manifest.contributes?.jsonValidation ?? []), ...(manifest.contributes?.yamlValidation ?? [])];
  for (const { url } of validation) if (url.startsWith('./')) required.push(`extension/${url.slice(2)}`);
  // dist/cli.js starts dist/cli-main.js, which installs dist/builtins.json (scripts/bundles.mjs).
  if (Object.keys(manifest.bin ?? {}).length > 0) required.push('extension/dist/cli-main.js', 'extension/dist/builtins.json');
  for (const r of required) if (!names.has(r)) problems.push(`missing ${r}: it must not be excluded by .vscodeignore`);
  // Sources, tests, tools, the demo and source maps are for contributors, not for users of the extension.
  const forbidden = [
    [/^extension\/src\//, 'src/**'],
    [/^extension\/test\//, 'test/**'],
    [/^extension\/out\//, 'out/**'],
    [/^extension\/demo\//, 'demo/**'],
    [/^extension\/scripts\//, 'scripts/**'],
    [/^extension\/bench\//, 'bench/**'],
    [/^extension\/node_modules\//, 'node_modules/**'],
    [/^extension\/\.tools\//, '.tools/**'],
    [/^extension\/test-results\//, 'test-results/**'],
    [/\.map$/, '**/*.map'],
    [/\.vsix$/, '**/*.vsix'],
    [/^extension\/tsconfig[^/]*\.json$/, 'tsconfig*.json'],
  ];
  for (const [re, pattern] of forbidden) {
    const hits = entries.filter((e) => re.test(e.name)).map((e) => e.name);
    if (hits.length) problems.push(`${hits.length} file(s) that belong in .vscodeignore as ${pattern}, e.g. ${hits[0]}`);
  }
  return problems;
}
