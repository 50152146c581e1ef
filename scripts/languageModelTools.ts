// Writes package.json's `contributes.languageModelTools` from the agent tools' one definition (src/host/tools.ts,
// through src/host/languageModelTools.ts): names, descriptions, input schemas, icons; displayName and
// userDescription stay `%lm.<key>.*%` keys of package.nls*.json. Run by every `node scripts/build.mjs`;
// test/unit/docs/languageModelTools.test.ts fails when the committed package.json differs.
//   node --import tsx scripts/languageModelTools.ts           write package.json
//   node --import tsx scripts/languageModelTools.ts --check   exit 1 when package.json is out of date
import * as fs from 'node:fs';
import * as path from 'node:path';
import { languageModelToolsContribution } from '../src/host/languageModelTools';

const PACKAGE_JSON = path.resolve(__dirname, '..', 'package.json');

/** package.json's text with the generated tools (key order and the rest of the file kept). */
export function packageJsonWithTools(text: string): string {
  const pkg = JSON.parse(text) as { contributes: Record<string, unknown> };
  pkg.contributes.languageModelTools = languageModelToolsContribution();
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

if (require.main === module) {
  const text = fs.readFileSync(PACKAGE_JSON, 'utf8');
  const next = packageJsonWithTools(text);
  if (process.argv.includes('--check')) {
    if (next !== text) {
      console.error('package.json: contributes.languageModelTools is out of date; run node scripts/build.mjs');
      process.exit(1);
    }
  } else if (next !== text) fs.writeFileSync(PACKAGE_JSON, next);
}
