// The prompt just answered (or left with Back), kept on screen until the next prompt shows over it. Showing a prompt
// over another swaps them in place; closing the first would hand the keyboard back to where it was before the
// prompts (a view, the editor) until the next one took it, and a key typed then went there. Closing it first also
// made the workbench hide the prompt and lay it out again for the next one, on every answer (P10).

/** What is kept of a QuickPick or an InputBox. */
interface Shown {
  busy: boolean;
  enabled: boolean;
  dispose(): void;
}

/** After this, an answered prompt still waiting for the next one shows that it is busy and takes no keys. */
const BUSY_AFTER_MS = 250;

/** The longest it stays on screen then: whoever showed it shows the next prompt or calls release() (a safety net). */
const CLOSE_AFTER_MS = 2000;

export class AnsweredPrompt {
  private kept: { input: Shown; timer: ReturnType<typeof setTimeout> } | undefined;

  /** Keeps `input` on screen until the next prompt shows (then release()); the one kept before closes. */
  keep(input: Shown): void {
    this.release();
    const timer = setTimeout(() => {
      input.busy = true;
      input.enabled = false;
      this.kept = { input, timer: setTimeout(() => this.release(), CLOSE_AFTER_MS) };
    }, BUSY_AFTER_MS);
    this.kept = { input, timer };
  }

  /** Closes the prompt kept, if any: the next prompt is on screen, or none follows. */
  release(): void {
    const kept = this.kept;
    if (!kept) return;
    this.kept = undefined;
    clearTimeout(kept.timer);
    kept.input.dispose();
  }
}
