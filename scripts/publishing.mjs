// How `npm run package` (scripts/package.mjs) packs for a marketplace or for a local install, and what it checks of
// the README's pictures, as plain functions (test/unit/foundation/publishing.test.ts).
//
// The README's pictures are relative links (docs/images/*.png), and docs/images/ is not in the package. The Extensions
// view, the VS Code Marketplace and Open VSX show the README from the package, so each picture there must be an
// absolute URL of the repository's copy: vsce rewrites the relative links from package.json's `repository` (GitHub
// and GitLab) or from the base URLs it is given. Nothing here makes up a URL: without one, a marketplace package is
// refused, and a local package keeps its relative links and says so.

/** A Markdown or HTML image in Markdown text: `![alt](url "title")`, `<img src="url">`. */
const MD_IMAGE = /!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const HTML_IMAGE = /<img\s[^>]*?src\s*=\s*["']([^"']+)["']/gi;

/** Every image URL of a Markdown text, in order. */
export function imageLinks(markdown) {
  return [...markdown.matchAll(MD_IMAGE), ...markdown.matchAll(HTML_IMAGE)].sort((a, b) => a.index - b.index).map((m) => m[1]);
}

const isAbsoluteUrl = (url) => /^[a-z][\w+.-]*:/i.test(url);

/** The repository URL of package.json (`"repository": "…"` or `{"url": "…"}`), or null. */
export function repositoryUrl(manifest) {
  const r = manifest.repository;
  const url = typeof r === 'string' ? r : r?.url;
  return typeof url === 'string' && url.trim() !== '' ? url : null;
}

/**
 * What vsce is asked to do.
 * @param {{ manifest: Record<string, any>, marketplace: boolean, baseUrl?: string, baseImagesUrl?: string, out: string }} o
 * @returns {{ ok: true, args: string[], notes: string[] } | { ok: false, error: string }}
 */
export function vscePackageArgs({ manifest, marketplace, baseUrl, baseImagesUrl, out }) {
  const args = ['package', '--no-dependencies', '--out', out];
  const notes = [];
  const repo = repositoryUrl(manifest);
  for (const [flag, url] of [
    ['--base-url', baseUrl],
    ['--base-images-url', baseImagesUrl],
  ]) {
    if (url === undefined) continue;
    let parsed;
    try {
      parsed = new URL(url);
    } catch {
      return { ok: false, error: `${flag} must be an absolute URL, got ${JSON.stringify(url)}` };
    }
    if (parsed.protocol !== 'https:')
      return { ok: false, error: `${flag} must be an https URL (the marketplaces load no other pictures), got ${url}` };
  }
  if (baseImagesUrl !== undefined && baseUrl === undefined) return { ok: false, error: '--base-images-url needs --base-url' };
  if (!marketplace) {
    if (baseUrl !== undefined) return { ok: false, error: '--base-url is for a marketplace package: add --marketplace' };
    // A package to install by hand: the README keeps its relative links, which only a copy of the repository resolves.
    args.push('--no-rewrite-relative-links');
    if (!repo) args.push('--allow-missing-repository');
    notes.push(
      "a local package: the README's pictures are links relative to the repository, so the Extensions view of an installed .vsix shows none; " +
        'for the VS Code Marketplace and Open VSX build it with `npm run package -- --marketplace` (package.json "repository", or --base-url)',
    );
    return { ok: true, args, notes };
  }
  if (baseUrl === undefined && !repo) {
    return {
      ok: false,
      error:
        'a marketplace package needs the URL its README pictures are loaded from: set package.json "repository" to the project\'s public repository, ' +
        "or pass --base-url <URL of the repository's files> (and --base-images-url when pictures are served elsewhere); " +
        'without one the pictures would be broken on the VS Code Marketplace and Open VSX. Nothing was built.',
    };
  }
  if (baseUrl !== undefined) {
    const slash = (u) => (u.endsWith('/') ? u : `${u}/`);
    args.push('--baseContentUrl', slash(baseUrl), '--baseImagesUrl', slash(baseImagesUrl ?? baseUrl));
    if (!repo) args.push('--allow-missing-repository');
    notes.push(`a marketplace package: the README's relative links are rewritten onto ${slash(baseImagesUrl ?? baseUrl)}`);
  } else notes.push(`a marketplace package: the README's relative links are rewritten onto ${repo} (vsce reads package.json "repository")`);
  return { ok: true, args, notes };
}

/**
 * What is wrong with the pictures of a README: a relative link to a file the repository lacks (`exists(path)`), and,
 * in a package for a marketplace (`absolute`), any picture that is not an absolute https URL (it would be broken there).
 */
export function readmeImageProblems(markdown, { exists, absolute }) {
  const problems = [];
  for (const url of imageLinks(markdown)) {
    if (isAbsoluteUrl(url)) {
      if (!/^https:/i.test(url)) problems.push(`README picture ${url}: not an https URL (the marketplaces load only https pictures)`);
      continue;
    }
    const file = decodeURI(url.split(/[?#]/)[0]).replace(/^\.\//, '');
    if (!exists(file)) problems.push(`README picture ${url}: no such file in the repository`);
    else if (absolute) problems.push(`README picture ${url}: still a relative link, which the marketplaces cannot load`);
  }
  return problems;
}
