// Wizards whose task is not chosen yet: kept in workspace storage (docs/okstra-files.md › Roots), one per
// project root, until the host places them in their task's state file. What storage holds is not trusted (another
// version's shape, an edited store): what is not a record is dropped, with a notice, and the rest is kept.

const PENDING_KEY = 'okstra.pendingWizards';

interface PendingRecord {
  rootAbs: string;
  folderName: string;
  payload: Record<string, unknown>;
  savedAt: number;
}

/** Workspace storage (vscode.Memento's shape). */
export interface KeyValueStorage {
  get<T>(key: string, fallback: T): T;
  update(key: string, value: unknown): Thenable<void> | Promise<void>;
}

const isMapping = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function isRecord(v: unknown): v is PendingRecord {
  return (
    isMapping(v) &&
    typeof v.rootAbs === 'string' &&
    typeof v.folderName === 'string' &&
    isMapping(v.payload) &&
    typeof v.savedAt === 'number' &&
    Number.isFinite(v.savedAt)
  );
}

export class PendingWizards {
  private told = false;

  /** `notice` hears, once, that records were dropped (said in words, for the log). */
  constructor(
    private readonly storage: KeyValueStorage,
    private readonly notice: (text: string) => void = () => undefined,
  ) {}

  all(): PendingRecord[] {
    const value: unknown = this.storage.get<unknown>(PENDING_KEY, []);
    const list: unknown[] = Array.isArray(value) ? value : [value];
    const records = list.filter(isRecord);
    const dropped = list.length - records.length;
    if (dropped > 0 && !this.told) {
      this.told = true;
      this.notice(
        `${dropped} unfinished ${dropped === 1 ? 'wizard' : 'wizards'} in workspace storage (${PENDING_KEY}) could not be read ` +
          '(another version of the extension, or an edited store) and were dropped',
      );
    }
    return records;
  }

  async save(rootAbs: string, folderName: string, payload: Record<string, unknown>): Promise<void> {
    const others = this.all().filter((p) => p.rootAbs !== rootAbs);
    await this.storage.update(PENDING_KEY, [...others, { rootAbs, folderName, payload, savedAt: Date.now() }]);
  }

  async drop(rootAbs: string): Promise<void> {
    await this.storage.update(
      PENDING_KEY,
      this.all().filter((p) => p.rootAbs !== rootAbs),
    );
  }
}
