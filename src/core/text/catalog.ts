// Text catalogues (wizard.md › Texts): labels, option templates, echo
// templates and confirmation lines, keyed like the seed's `_p` / `_msg`.
// Templates use Python str.format syntax ({name}, {{ and }} literal) and are
// rendered by formatTemplate. Option values, echoes of errors and notices are
// protocol and never come from here.

export interface StepTexts {
  /** A short name of the step for the tree view and Back (e.g. "Run type"); may use the label's fields. */
  title?: string;
  label: string;
  options: Record<string, string>;
  echo_template: string;
}

export interface TextCatalog {
  /** 'en' or 'ko'. */
  lang: string;
  steps: Record<string, StepTexts>;
  confirmation: Record<string, string>;
}

/**
 * Python str.format with named fields only: `{name}` is replaced, `{{`/`}}`
 * are literal braces, extra keys are ignored, a missing key throws.
 */
export function formatTemplate(template: string, values: Record<string, string>): string {
  let out = '';
  for (let i = 0; i < template.length; i++) {
    const ch = template[i];
    if (ch === '{') {
      if (template[i + 1] === '{') {
        out += '{';
        i++;
        continue;
      }
      const end = template.indexOf('}', i);
      if (end < 0) throw new Error(`unbalanced '{' in template: ${template}`);
      const name = template.slice(i + 1, end);
      if (!(name in values)) throw new Error(`template field '${name}' is missing: ${template}`);
      out += values[name];
      i = end;
    } else if (ch === '}') {
      if (template[i + 1] === '}') i++;
      out += '}';
    } else {
      out += ch;
    }
  }
  return out;
}
