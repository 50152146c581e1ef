// The text catalogue for a language. The catalogues are product data compiled into the bundles; they are checked
// against their schema (./schema.ts) by test/unit/wizard/texts.test.ts, not at every start (docs/performance.md).
import type { TextCatalog } from './catalog';
import { en } from './en';
import { ko } from './ko';

/** `ko` for Korean (`ko`, `ko-KR`, …), English otherwise (docs/steps.md › Texts). */
export function textsFor(lang: string | undefined): TextCatalog {
  return (lang ?? '').toLowerCase().startsWith('ko') ? ko : en;
}
