// The text catalogue for a language, validated once at first use.
import type { TextCatalog } from './catalog';
import { en } from './en';
import { ko } from './ko';
import { validateTextCatalog } from './schema';

const cache = new Map<string, TextCatalog>();

/** `ko` for Korean (`ko`, `ko-KR`, …), English otherwise (docs/steps.md › Texts). */
export function textsFor(lang: string | undefined): TextCatalog {
  const key = (lang ?? '').toLowerCase().startsWith('ko') ? 'ko' : 'en';
  let cat = cache.get(key);
  if (!cat) {
    cat = validateTextCatalog(key === 'ko' ? ko : en, `${key}.ts`);
    cache.set(key, cat);
  }
  return cat;
}

export { formatTemplate } from './catalog';
export type { TextCatalog, StepTexts } from './catalog';
