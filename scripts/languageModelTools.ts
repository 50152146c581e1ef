// Writes the generated parts of the manifest: package.json's `contributes.languageModelTools` from the agent tools'
// one definition (src/host/tools.ts, through src/host/languageModelTools.ts): names, descriptions, input schemas,
// icons; their display names and user descriptions into package.nls.json and package.nls.ko.json (`lm.<key>.*`, from
// each definition's texts); and the settings from theirs (scripts/settingsManifest.ts: `contributes.configuration`,
// the restricted settings, `config.*`). Run by every `node scripts/build.mjs`; test/unit/docs/languageModelTools.test.ts
// and settingsManifest.test.ts fail when a committed file differs.
//   node --import tsx scripts/languageModelTools.ts           write package.json and package.nls*.json
//   node --import tsx scripts/languageModelTools.ts --check   exit 1 when one is out of date
import * as fs from 'node:fs';
import * as path from 'node:path';
import { languageModelToolsContribution, languageModelToolTexts } from '../src/host/languageModelTools';
import { nlsWithSettings, packageJsonWithSettings } from './settingsManifest';

const ROOT = path.resolve(__dirname, '..');

/** package.json's text with the generated tools (key order and the rest of the file kept). */
export function packageJsonWithTools(text: string): string {
  const pkg = JSON.parse(text) as { contributes: Record<string, unknown> };
  pkg.contributes.languageModelTools = languageModelToolsContribution();
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/** A package.nls file's text with the tools' entries generated (where the first of them was; the rest kept). */
export function nlsWithTools(text: string, language: 'en' | 'ko'): string {
  const entries = Object.entries(JSON.parse(text) as Record<string, string>);
  const at = entries.findIndex(([k]) => k.startsWith('lm.'));
  const kept = entries.filter(([k]) => !k.startsWith('lm.'));
  kept.splice(at < 0 ? kept.length : at, 0, ...Object.entries(languageModelToolTexts(language)));
  return `${JSON.stringify(Object.fromEntries(kept), null, 2)}\n`;
}

/** Each generated file and what it should hold. */
const FILES: Array<{ file: string; generate(text: string): string }> = [
  { file: 'package.json', generate: (t) => packageJsonWithTools(packageJsonWithSettings(t)) },
  { file: 'package.nls.json', generate: (t) => nlsWithTools(nlsWithSettings(t, 'en'), 'en') },
  { file: 'package.nls.ko.json', generate: (t) => nlsWithTools(nlsWithSettings(t, 'ko'), 'ko') },
];

if (require.main === module) {
  let stale = false;
  for (const { file, generate } of FILES) {
    const abs = path.join(ROOT, file);
    const text = fs.readFileSync(abs, 'utf8');
    const next = generate(text);
    if (next === text) continue;
    if (process.argv.includes('--check')) {
      console.error(`${file}: its generated entries (the language-model tools, the settings) are out of date; run node scripts/build.mjs`);
      stale = true;
    } else fs.writeFileSync(abs, next);
  }
  if (stale) process.exit(1);
}
