// Everything the steps read about one task: brief, directions, plan,
// clarifications and previous runs. Read on demand (one task per operation).

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { PreviousRunInputs, QuestionsFile, TaskDetails, TaskManifest } from '../core/ports';
import { FileError } from '../core/types';
import {
  describeValue,
  displayPath,
  fsErrorProblem,
  kindOf,
  parseJsonFile,
  parseYamlText,
  readErrorText,
  readFrontMatter,
  relativeInside,
  stripBom,
  validateJson,
  validateYaml,
} from '../core/files';
import { readRegularFileText } from '../io/regularFile';
import { parsePlan } from './plan';
import { briefFrontMatterSchema, questionsSchema, runInputsSchema } from './schemas';

/**
 * The text of a file of the task, or null when there is none. Never blocks:
 * a FIFO, device, socket or directory is a FileError `not a regular file
 * (…)`, and so is a file whose real path (links resolved) lies outside the
 * project; any other failure is a FileError naming the file.
 */
function readTaskFile(projectRootAbs: string, abs: string, shownPath: string): string | null {
  const outside = outsideReason(projectRootAbs, abs);
  if (outside) throw new FileError({ path: shownPath, problem: outside });
  return readRegularFileText(fs, abs, shownPath);
}

/** Why `abs` cannot be used although it exists: its real path is outside the project; null when it is fine or missing. */
function outsideReason(projectRootAbs: string, abs: string): string | null {
  let real: string;
  try {
    real = fs.realpathSync(abs);
  } catch {
    return null; // missing, or a link loop: the reader names that problem
  }
  let root = projectRootAbs;
  try {
    root = fs.realpathSync(projectRootAbs);
  } catch {
    /* the root as given */
  }
  return relativeInside(root, real) === null ? `resolves outside the project (to ${real})` : null;
}

interface Listing {
  /** Regular files inside the project, by name. */
  names: string[];
  /** Entries that exist but cannot be used, and the folder itself when it cannot be listed. */
  unavailable: Array<{ abs: string; reason: string }>;
}

/** `<dir>/*<suffix>`, in natural order; a folder that is missing lists nothing, one that cannot be read says why. */
function listFiles(projectRootAbs: string, dirAbs: string, suffix: string): Listing {
  const out: Listing = { names: [], unavailable: [] };
  let names: string[];
  try {
    names = fs.readdirSync(dirAbs);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR')
      out.unavailable.push({ abs: dirAbs, reason: `cannot list the folder: ${fsErrorProblem(e)}` });
    return out;
  }
  for (const n of names.filter((x) => x.endsWith(suffix) && x.length > suffix.length && !x.startsWith('.')).sort(naturalCompare)) {
    const abs = path.join(dirAbs, n);
    let st: fs.Stats | undefined;
    try {
      st = fs.statSync(abs, { throwIfNoEntry: false });
    } catch (e) {
      out.unavailable.push({ abs, reason: fsErrorProblem(e) });
      continue;
    }
    if (!st) continue; // a dangling link: nothing there
    if (!st.isFile()) {
      out.unavailable.push({ abs, reason: `not a regular file (${kindOf(st)})` });
      continue;
    }
    const outside = outsideReason(projectRootAbs, abs);
    if (outside) out.unavailable.push({ abs, reason: outside });
    else out.names.push(n);
  }
  return out;
}

function isFileAbs(abs: string): boolean {
  try {
    return fs.statSync(abs, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}

/** Name order that puts `run-2` before `run-10`. */
function naturalCompare(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true, sensitivity: 'variant' }) || (a < b ? -1 : a > b ? 1 : 0);
}

export function readTaskDetails(projectRootAbs: string, group: string, id: string, manifest: TaskManifest): TaskDetails {
  const dirAbs = path.join(projectRootAbs, '.okstra', 'tasks', group, id);
  const rel = (abs: string) => displayPath(projectRootAbs, abs);

  // brief.md
  const briefAbs = path.join(dirAbs, 'brief.md');
  const brief: TaskDetails['brief'] = { path: rel(briefAbs), exists: false, frontMatter: null };
  try {
    const text = readTaskFile(projectRootAbs, briefAbs, brief.path);
    if (text !== null) {
      brief.exists = true;
      brief.frontMatter = readFrontMatter(briefFrontMatterSchema, text, brief.path).data;
    }
  } catch (e) {
    brief.exists = brief.exists || fs.existsSync(briefAbs);
    brief.error = readErrorText(e, brief.path);
  }

  // directions/*.md
  const directionsDir = path.join(dirAbs, 'directions');
  const directionList = listFiles(projectRootAbs, directionsDir, '.md');
  const directions = directionList.names.map((n) => rel(path.join(directionsDir, n)));
  const unavailableDirections = directionList.unavailable.map((u) => ({ path: rel(u.abs), reason: u.reason }));

  // plan/approved-plan.md
  const planAbs = path.join(dirAbs, 'plan', 'approved-plan.md');
  let plan: TaskDetails['plan'] = null;
  try {
    const text = readTaskFile(projectRootAbs, planAbs, rel(planAbs));
    if (text !== null) plan = parsePlan(text, rel(planAbs));
  } catch (e) {
    plan = { path: rel(planAbs), error: readErrorText(e, rel(planAbs)) };
  }

  // clarifications/<run-id>.questions.yaml (and whether its answers file has an answer yet)
  const clarDir = path.join(dirAbs, 'clarifications');
  const questionList = listFiles(projectRootAbs, clarDir, '.questions.yaml');
  const questionEntries = [...questionList.names.map((name) => ({ name, reason: null as string | null }))];
  for (const u of questionList.unavailable) {
    // An unusable questions file is listed with its reason (as a malformed one is); so is an unreadable folder.
    const name = path.basename(u.abs);
    questionEntries.push({ name: u.abs === clarDir ? `(folder).questions.yaml` : name, reason: `${rel(u.abs)}: ${u.reason}` });
  }
  const questions: QuestionsFile[] = questionEntries.map(({ name, reason }) => {
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
    if (reason !== null) {
      q.error = reason;
      return q;
    }
    try {
      q.questions = parseQuestions(readTaskFile(projectRootAbs, fileAbs, q.path) ?? '', q.path);
    } catch (e) {
      q.error = readErrorText(e, q.path);
    }
    if (q.answersExists) {
      try {
        q.answersWritten = answersWritten(readTaskFile(projectRootAbs, answersAbs, q.answersPath) ?? '');
      } catch {
        // Unreadable: not known (the run reports it).
      }
    } else q.answersWritten = false;
    return q;
  });

  // runs/<run-id>/inputs.json, as listed by the manifest
  const previousRuns: PreviousRunInputs[] = [];
  for (const run of manifest.runs ?? []) {
    if (!run.inputs) continue;
    const inputsAbs = path.resolve(dirAbs, run.inputs);
    if (relativeInside(projectRootAbs, inputsAbs) === null || !fs.existsSync(inputsAbs)) continue;
    const shown = rel(inputsAbs);
    const entry: PreviousRunInputs = { runId: run.runId, taskType: run.taskType ?? '', inputsPath: shown, inputs: {} };
    try {
      const text = readTaskFile(projectRootAbs, inputsAbs, shown);
      if (text === null) continue;
      entry.inputs = parseRunInputs(text, shown);
      if (!entry.taskType && typeof entry.inputs.taskType === 'string') entry.taskType = entry.inputs.taskType;
    } catch (e) {
      entry.error = readErrorText(e, shown);
    }
    previousRuns.push(entry);
  }

  const details: TaskDetails = {
    key: `${group}/${id}`,
    group,
    id,
    dir: rel(dirAbs),
    manifest,
    brief,
    directions,
    plan,
    questions,
    previousRuns,
  };
  if (unavailableDirections.length) details.unavailableDirections = unavailableDirections;
  return details;
}

/** `<run-id>.questions.yaml`: a list of `{id, question}`. */
export function parseQuestions(text: string, shownPath: string): Array<{ id: string; question: string }> {
  const { value, src } = parseYamlText(stripBom(text), shownPath);
  if (!Array.isArray(value)) {
    throw new FileError({
      path: shownPath,
      line: 1,
      column: 1,
      problem: `questions must be a list of {id, question}, got ${describeValue(value)}`,
    });
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

/** Whether an answers file holds text other than its `## <id>: <question>` headings (the template the wizard writes). */
function answersWritten(text: string): boolean {
  return text.split(/\r?\n/).some((line) => line.trim() !== '' && !/^##\s/.test(line));
}
