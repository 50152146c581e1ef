// A minimal event emitter shaped like vscode.EventEmitter (event(listener) → Disposable), so that the
// modules behind the window seam do not need the `vscode` module at run time.

import type { Disposable, Event } from './window';

export class Emitter<T> implements Disposable {
  private listeners: Array<(value: T) => void> = [];

  readonly event: Event<T> = (listener) => {
    this.listeners.push(listener);
    return {
      dispose: () => {
        this.listeners = this.listeners.filter((l) => l !== listener);
      },
    };
  };

  fire(value: T): void {
    for (const l of [...this.listeners]) l(value);
  }

  dispose(): void {
    this.listeners = [];
  }
}
