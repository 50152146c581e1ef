// A task's run history for a view (the Tasks view's run rows): each run its manifest lists, with its
// `runs/<run-id>/inputs.json` read without blocking (readRegularFileTextAsync) and checked as taskDetails.ts
// checks it for the wizard (parseRunInputs). A run whose inputs cannot be used is kept, with the problem in words.
// Read only: nothing here writes.

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { TaskManifest } from '../core/ports';
import { displayPath, readErrorText, relativeInside } from '../core/files';
import { readRegularFileTextAsync } from '../io/regularFile';
import { tasksDirOf } from './catalogue';
import { parseRunInputs } from './taskDetails';

/** One run of a task, as its manifest and its inputs.json say. */
export interface RunRecord {
  runId: string;
  /** The run type: the manifest's, else the inputs' `taskType` ('' when neither says). */
  taskType: string;
  status: string;
  outcome: string;
  /** The plan stage the run worked on (`stage`), '' when none. */
  stage: string;
  /** The stages a chained run went through (`chainStages`). */
  chainStages: string[];
  /** When it started, when the manifest says (`startedAt`), else ''. */
  startedAt: string;
  /** `runs/<run-id>`, absolute; null when the run id cannot name a folder. */
  dirAbs: string | null;
  /** The inputs file as messages name it (relative to the project), '' when there is none to read. */
  inputsPath: string;
  /** The parsed inputs.json object; null when it is missing or cannot be used (`problem` says why). */
  inputs: Record<string, unknown> | null;
  problem?: string;
  /** What kind of problem: no inputs file to read (`missing`), or one that cannot be used (`unreadable`). */
  problemKind?: 'missing' | 'unreadable';
}

/** A run id names one folder of `runs/`: no separator, not `.`/`..`, not hidden. */
function isFolderName(id: string): boolean {
  return id !== '' && !id.startsWith('.') && !/[/\\\0]/.test(id);
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/** The real path of `abs` when it lies outside the project's (a link out of it), else null (inside, or missing). */
async function realOutside(projectRootAbs: string, abs: string): Promise<string | null> {
  const real = await fs.promises.realpath(abs).catch(() => null);
  if (real === null) return null;
  const root = await fs.promises.realpath(projectRootAbs).catch(() => projectRootAbs);
  return relativeInside(root, real) === null ? real : null;
}

/** The runs of a task's manifest, in manifest order, each with its inputs read (a few reads at a time). */
export async function readTaskRuns(projectRootAbs: string, group: string, id: string, manifest: TaskManifest): Promise<RunRecord[]> {
  const taskDir = path.join(tasksDirOf(projectRootAbs), group, id);
  const runs = manifest.runs ?? [];
  return Promise.all(runs.map((run) => readRun(projectRootAbs, taskDir, run as Record<string, unknown> & { runId: string })));
}

async function readRun(projectRootAbs: string, taskDir: string, run: Record<string, unknown> & { runId: string }): Promise<RunRecord> {
  const runId = run.runId;
  const named = isFolderName(runId);
  const record: RunRecord = {
    runId,
    taskType: str(run.taskType),
    status: str(run.status),
    outcome: str(run.outcome),
    stage: str(run.stage),
    chainStages: Array.isArray(run.chainStages) ? run.chainStages.filter((s): s is string => typeof s === 'string') : [],
    startedAt: str(run.startedAt),
    dirAbs: named ? path.join(taskDir, 'runs', runId) : null,
    inputsPath: '',
    inputs: null,
  };
  const given = str(run.inputs);
  if (!given && !named) {
    record.problem = `the run id ${JSON.stringify(runId)} is not a folder name, and the manifest names no inputs file`;
    record.problemKind = 'missing';
    return record;
  }
  const inputsAbs = given ? path.resolve(taskDir, given) : path.join(record.dirAbs!, 'inputs.json');
  const shown = displayPath(projectRootAbs, inputsAbs);
  record.inputsPath = shown;
  if (relativeInside(projectRootAbs, inputsAbs) === null) {
    record.problem = `${given} lies outside the project: its inputs are not read`;
    record.problemKind = 'unreadable';
    return record;
  }
  const real = await realOutside(projectRootAbs, inputsAbs);
  if (real) {
    record.problem = `${shown} resolves outside the project (to ${real}): its inputs are not read`;
    record.problemKind = 'unreadable';
    return record;
  }
  try {
    const text = await readRegularFileTextAsync(fs, inputsAbs, () => shown);
    if (text === null) {
      record.problem = `${shown} is missing: the agents of this run are not known`;
      record.problemKind = 'missing';
      return record;
    }
    record.inputs = parseRunInputs(text, shown);
  } catch (e) {
    record.problem = readErrorText(e, shown);
    record.problemKind = 'unreadable';
    return record;
  }
  if (!record.taskType) record.taskType = str(record.inputs.taskType);
  if (!record.stage) record.stage = str(record.inputs.stage);
  if (record.chainStages.length === 0 && Array.isArray(record.inputs.chainStages))
    record.chainStages = record.inputs.chainStages.filter((s): s is string => typeof s === 'string');
  return record;
}
