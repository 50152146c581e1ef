// The answers file of clarification-pick's "Answer now": the wizard creates it with one `## <id>: <question>`
// heading per question and waits until the person has written answers there. Run and the prompt loop both ask
// whether that has happened.

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { WindowWizard } from '../wizard/windowWizard';

/** The answers file of "Answer now" when it still holds no answer, only its headings, else null. */
export function emptyAnswersFile(session: WindowWizard): string | null {
  const rel = session.wizard.state.clarification_response_path;
  if (!rel || !session.wizard.state.answered.includes('clarification-pick')) return null;
  try {
    const text = fs.readFileSync(path.resolve(session.projectRootAbs, rel), 'utf8');
    return text.split('\n').every((line) => line.trim() === '' || line.trimStart().startsWith('#')) ? rel : null;
  } catch {
    return null; // a missing file is the engine's refusal (outcome re-checks files)
  }
}
