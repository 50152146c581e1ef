// Text catalogues (docs/steps.md › Texts): labels, option templates, echo
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
  /**
   * Words the extension shows beside the protocol (text/schema.ts › UI_TEXT_KEYS): readable answers, the
   * default marker, list separators, count ranges, the rewind question and readable refusals by error code.
   */
  ui: Record<string, string>;
}

/**
 * Python str.format with named fields only: `{name}` is replaced, `{{`/`}}`
 * are literal braces, extra keys are ignored, a missing key throws.
 */
export function formatTemplate(template: string, values: Record<string, string>): string {
  let parts = compiled.get(template);
  if (!parts) {
    parts = compileTemplate(template);
    if (compiled.size >= 512) compiled.clear();
    compiled.set(template, parts);
  }
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') out += part;
    else if (part.field !== undefined) {
      if (!(part.field in values)) throw new Error(`template field '${part.field}' is missing: ${template}`);
      out += values[part.field];
    } else throw new Error(`unbalanced '{' in template: ${template}`);
  }
  return out;
}

/** A template split once into literals and fields (a role-model prompt renders hundreds of labels from one). */
type TemplatePart = string | { field: string } | { field?: undefined; unbalanced: true };
const compiled = new Map<string, TemplatePart[]>();

function compileTemplate(template: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let lit = '';
  for (let i = 0; i < template.length; i++) {
    const ch = template[i];
    if (ch === '{') {
      if (template[i + 1] === '{') {
        lit += '{';
        i++;
        continue;
      }
      if (lit) parts.push(lit);
      lit = '';
      const end = template.indexOf('}', i);
      // Thrown when rendering reaches it, as the one-pass formatter did.
      if (end < 0) {
        parts.push({ unbalanced: true });
        return parts;
      }
      parts.push({ field: template.slice(i + 1, end) });
      i = end;
    } else if (ch === '}') {
      if (template[i + 1] === '}') i++;
      lit += '}';
    } else {
      lit += ch;
    }
  }
  if (lit) parts.push(lit);
  return parts;
}
