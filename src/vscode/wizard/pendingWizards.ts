// Wizards whose task is not chosen yet: kept in workspace storage (docs/okstra-files.md › Roots), one per
// project root, until the host places them in their task's state file.

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

export class PendingWizards {
  constructor(private readonly storage: KeyValueStorage) {}

  all(): PendingRecord[] {
    return this.storage.get<PendingRecord[]>(PENDING_KEY, []);
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
