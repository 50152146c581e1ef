// Where a pick shows its notice and a refusal that is not a row of its own (a multi-pick's): on VS Code 1.108 or
// later the QuickPick's prompt, under the filter box, which typing does not hide (the filter text stays); before,
// the placeholder, with the notice before the question and the filter text cleared for a refusal (typing hid it).

/** The QuickPick as this needs it; `prompt` is VS Code 1.108's (not in the engines' API). */
interface PickText {
  placeholder: string | undefined;
  value: string;
}

export class PickMessage {
  private refusedNow = false;

  constructor(
    private readonly qp: PickText,
    /** The prompt's question. */
    private readonly question: string,
    private readonly notice: string | undefined,
    /** The QuickPick prompt is there (host/apiLevel.ts). */
    private readonly promptApi: boolean,
  ) {
    this.put(notice, true);
  }

  /** Shows a refusal in place of the notice (the prompt) or of the question (the placeholder). */
  refuse(message: string): void {
    this.refusedNow = true;
    if (this.promptApi) (this.qp as PickText & { prompt?: string }).prompt = message;
    else {
      // A filter text would hide the placeholder: the refusal is what the person must read now.
      if (this.qp.value !== '') this.qp.value = '';
      this.qp.placeholder = message;
    }
  }

  /** The question (and the notice) again, once the person ticks an entry or types after a refusal. */
  rest(): void {
    if (!this.refusedNow) return;
    this.refusedNow = false;
    this.put(this.notice, false);
  }

  /** Says `note` where the notice goes, for a while (what the prompt waits for); a refusal shown now stays. */
  say(note: string): void {
    if (this.refusedNow) return;
    this.put(this.notice ? `${note} · ${this.notice}` : note, false);
    this.saying = true;
  }

  /** The notice again, after say(). */
  unsay(): void {
    if (!this.saying) return;
    this.saying = false;
    if (!this.refusedNow) this.put(this.notice, false);
  }
  private saying = false;

  private put(notice: string | undefined, first: boolean): void {
    if (this.promptApi) {
      (this.qp as PickText & { prompt?: string }).prompt = notice;
      if (first) this.qp.placeholder = this.question;
    } else this.qp.placeholder = notice ? `${notice} · ${this.question}` : this.question;
  }
}
