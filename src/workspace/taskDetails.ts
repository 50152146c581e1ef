// Everything the steps read about one task: brief, directions, plan,
// clarifications and previous runs. Read on demand (one task per operation).

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { PreviousRunInputs, QuestionsFile, TaskDetails, TaskManifest } from '../core/ports';
import { FileError } from '../core/types';
import { describeValue, displayPath, parseJsonFile, parseYamlText, readErrorText, readFrontMatter, relativeInside, stripBom, validateJson, validateYaml } from '../core/files';
import { parsePlan } from './plan';
import { briefFrontMatterSchema, questionsSchema, runInputsSchema } from './schemas';

function readIfFile(abs: string): string | null {
  try {
    return fs.readFileSync(abs, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
    throw e;
  }
}

function isFileAbs(abs: string): boolean {
  try {
    return fs.statSync(abs, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}

function listNames(dirAbs: string, suffix: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dirAbs);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.endsWith(suffix) && n.length > suffix.length && !n.startsWith('.'))
    .filter((n) => isFileAbs(path.join(dirAbs, n)))
    .sort(naturalCompare);
}

/** Name order that puts `run-2` before `run-10`. */
export function naturalCompare(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true, sensitivity: 'variant' }) || (a < b ? -1 : a > b ? 1 : 0);
}

export function readTaskDetails(projectRootAbs: string, group: string, id: string, manifest: TaskManifest): TaskDetails {
  const dirAbs = path.join(projectRootAbs, '.okstra', 'tasks', group, id);
  const rel = (abs: string) => displayPath(projectRootAbs, abs);

  // brief.md
  const briefAbs = path.join(dirAbs, 'brief.md');
  const brief: TaskDetails['brief'] = { path: rel(briefAbs), exists: false, frontMatter: null };
  try {
    const text = readIfFile(briefAbs);
    if (text !== null) {
      brief.exists = true;
      brief.frontMatter = readFrontMatter(briefFrontMatterSchema, text, brief.path).data;
    }
  } catch (e) {
    brief.error = readErrorText(e, brief.path);
  }

  // directions/*.md
  const directionsDir = path.join(dirAbs, 'directions');
  const directions = listNames(directionsDir, '.md').map((n) => rel(path.join(directionsDir, n)));

  // plan/approved-plan.md
  const planAbs = path.join(dirAbs, 'plan', 'approved-plan.md');
  let plan: TaskDetails['plan'] = null;
  try {
    const text = readIfFile(planAbs);
    if (text !== null) plan = parsePlan(text, rel(planAbs));
  } catch (e) {
    plan = { path: rel(planAbs), error: readErrorText(e, rel(planAbs)) };
  }

  // clarifications/<run-id>.questions.yaml
  const clarDir = path.join(dirAbs, 'clarifications');
  const questions: QuestionsFile[] = listNames(clarDir, '.questions.yaml').map((name) => {
    const runId = name.slice(0, -'.questions.yaml'.length);
    const fileAbs = path.join(clarDir, name);
    const answersAbs = path.join(clarDir, `${runId}.answers.md`);
    const q: QuestionsFile = {
      runId,
      path: rel(fileAbs),
      questions: [],
      answersPath: rel(answersAbs),
      answersExists: isFileAbs(answersAbs),
    };
    try {
      q.questions = parseQuestions(fs.readFileSync(fileAbs, 'utf8'), q.path);
    } catch (e) {
      q.error = readErrorText(e, q.path);
    }
    return q;
  });

  // runs/<run-id>/inputs.json, as listed by the manifest
  const previousRuns: PreviousRunInputs[] = [];
  for (const run of manifest.runs ?? []) {
    if (!run.inputs) continue;
    const inputsAbs = path.resolve(dirAbs, run.inputs);
    if (relativeInside(projectRootAbs, inputsAbs) === null || !isFileAbs(inputsAbs)) continue;
    const shown = rel(inputsAbs);
    const entry: PreviousRunInputs = { runId: run.runId, taskType: run.taskType ?? '', inputsPath: shown, inputs: {} };
    try {
      entry.inputs = parseRunInputs(fs.readFileSync(inputsAbs, 'utf8'), shown);
      if (!entry.taskType && typeof entry.inputs.taskType === 'string') entry.taskType = entry.inputs.taskType;
    } catch (e) {
      entry.error = readErrorText(e, shown);
    }
    previousRuns.push(entry);
  }

  return { key: `${group}/${id}`, group, id, dir: rel(dirAbs), manifest, brief, directions, plan, questions, previousRuns };
}

/** `<run-id>.questions.yaml`: a list of `{id, question}`. */
export function parseQuestions(text: string, shownPath: string): Array<{ id: string; question: string }> {
  const { value, src } = parseYamlText(stripBom(text), shownPath);
  if (!Array.isArray(value)) {
    throw new FileError({ path: shownPath, line: 1, column: 1, problem: `questions must be a list of {id, question}, got ${describeValue(value)}` });
  }
  return validateYaml(questionsSchema, value, src).map((q) => ({ id: q.id, question: q.question }));
}

/** `runs/<run-id>/inputs.json`: an object; the known keys are type-checked, the rest kept. */
export function parseRunInputs(text: string, shownPath: string): Record<string, unknown> {
  const data = parseJsonFile(text, shownPath);
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new FileError({ path: shownPath, problem: `inputs must be a JSON object, got ${describeValue(data)}` });
  }
  validateJson(runInputsSchema, data, text, shownPath);
  // The raw object is returned (not zod's output) so that key order and nulls survive for the conversion.
  return data as Record<string, unknown>;
}
