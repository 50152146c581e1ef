// What `npm run package` (scripts/package.ts) asks of vsce and checks of the .vsix it writes: vsce's arguments for a
// local or a marketplace package, the marketplace link check of the README's pictures, what the package must and
// must not hold, and what a listing on the VS Code Marketplace or Open VSX needs that vsce does not check itself
// (vsce validates the name, publisher, version and engines, and refuses SVG icons and non-https README pictures).
//
// The README's pictures are relative links (docs/images/*.png), and docs/images/ is not in the package. The Extensions
// view, the VS Code Marketplace and Open VSX show the README from the package, so each picture there must be an
// absolute URL of the repository's copy: vsce rewrites the relative links from package.json's `repository` (GitHub
// and GitLab) or from the base URLs it is given. Nothing here makes up a URL: without one, a marketplace package is
// refused, and a local package keeps its relative links and says so.
import fs from 'node:fs';
import path from 'node:path';
import { LAZY_REQUIRES } from './bundles.mjs';

/** package.json, as far as packaging reads it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- package.json is read as JSON; each check tests the fields it reads
export type Manifest = Record<string, any>;

/** Where `npm run package` installs @vscode/vsce (not a devDependency: see scripts/package.ts). */
export const VSCE_VERSION = '3.9.2';
export const vsceDir = (root: string): string => path.join(root, '.tools', 'vsce');

/**
 * The files of a .vsix with their bytes, names in lower case, read with vsce's own zip reader (yauzl) from the vsce
 * that `npm run package` installed into .tools/vsce.
 */
export async function vsixFiles(root: string, vsix: string): Promise<Map<string, Buffer>> {
  const zip = require(path.join(vsceDir(root), 'node_modules', '@vscode', 'vsce', 'out', 'zip.js')) as {
    readZip(file: string, filter: (name: string) => boolean): Promise<Map<string, Buffer>>;
  };
  return zip.readZip(vsix, () => true);
}

/** A Markdown or HTML image in Markdown text: `![alt](url "title")`, `<img src="url">`. */
const MD_IMAGE = /!\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const HTML_IMAGE = /<img\s[^>]*?src\s*=\s*["']([^"']+)["']/gi;

/** Every image URL of a Markdown text, in order. */
export function imageLinks(markdown: string): string[] {
  return [...markdown.matchAll(MD_IMAGE), ...markdown.matchAll(HTML_IMAGE)]
    .sort((a, b) => (a.index ?? 0) - (b.index ?? 0))
    .map((m) => m[1]);
}

const isAbsoluteUrl = (url: string): boolean => /^[a-z][\w+.-]*:/i.test(url);

/** The repository URL of package.json (`"repository": "…"` or `{"url": "…"}`), or null. */
export function repositoryUrl(manifest: Manifest): string | null {
  const r = manifest.repository;
  const url = typeof r === 'string' ? r : r?.url;
  return typeof url === 'string' && url.trim() !== '' ? url : null;
}

/** What vsce is asked to do. */
export function vscePackageArgs({
  manifest,
  marketplace,
  baseUrl,
  baseImagesUrl,
  out,
}: {
  manifest: Manifest;
  marketplace: boolean;
  baseUrl?: string;
  baseImagesUrl?: string;
  out: string;
}): { ok: true; args: string[]; notes: string[] } | { ok: false; error: string } {
  const args = ['package', '--no-dependencies', '--out', out];
  const notes: string[] = [];
  const repo = repositoryUrl(manifest);
  for (const [flag, url] of [
    ['--base-url', baseUrl],
    ['--base-images-url', baseImagesUrl],
  ] as const) {
    if (url === undefined) continue;
    let parsed: URL;
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
    const slash = (u: string): string => (u.endsWith('/') ? u : `${u}/`);
    args.push('--baseContentUrl', slash(baseUrl), '--baseImagesUrl', slash(baseImagesUrl ?? baseUrl));
    if (!repo) args.push('--allow-missing-repository');
    notes.push(`a marketplace package: the README's relative links are rewritten onto ${slash(baseImagesUrl ?? baseUrl)}`);
  } else notes.push(`a marketplace package: the README's relative links are rewritten onto ${repo} (vsce reads package.json "repository")`);
  return { ok: true, args, notes };
}

/**
 * The marketplace link check: what is wrong with the pictures of a README. A relative link to a file the repository
 * lacks (`exists(path)`), any picture that is not https, and, in a package for a marketplace (`absolute`), any picture
 * that is not an absolute https URL (it would be broken there).
 */
export function readmeImageProblems(
  markdown: string,
  { exists, absolute }: { exists: (file: string) => boolean; absolute: boolean },
): string[] {
  const problems: string[] = [];
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

/**
 * What the package of this extension must hold and must not hold, from its file names (any case). Returns the
 * problems, each naming the file and the fix (empty when the package is fine).
 */
export function contentProblems(files: readonly string[], manifest: Manifest): string[] {
  const names = new Set(files.map((f) => f.toLowerCase()));
  const problems: string[] = [];
  const required: string[] = ['extension.vsixmanifest', 'extension/package.json'];
  if (manifest.main) {
    const main = manifest.main.replace(/^\.\//, '');
    required.push(`extension/${main}`);
    // The shell and the CLI load their lazily loaded bundles from next to them (scripts/bundles.mjs).
    const dir = main.includes('/') ? main.slice(0, main.lastIndexOf('/') + 1) : '';
    for (const file of new Set(LAZY_REQUIRES.map((b) => b.file))) required.push(`extension/${dir}${file}`);
    // Run starts okstra through the run wrapper, next to the shell (src/vscode/run/runExecution.ts).
    required.push(`extension/${dir}run-wrapper.js`);
  }
  for (const bin of Object.values(manifest.bin ?? {}) as string[]) required.push(`extension/${bin.replace(/^\.\//, '')}`);
  // The JSON Schemas VS Code validates config.yaml and state files with are read from the package.
  const validation = [...(manifest.contributes?.jsonValidation ?? []), ...(manifest.contributes?.yamlValidation ?? [])];
  for (const { url } of validation as Array<{ url: string }>) if (url.startsWith('./')) required.push(`extension/${url.slice(2)}`);
  // dist/cli.js starts dist/cli-main.js, which installs dist/builtins.json (scripts/bundles.mjs).
  if (Object.keys(manifest.bin ?? {}).length > 0) required.push('extension/dist/cli-main.js', 'extension/dist/builtins.json');
  for (const r of required) if (!names.has(r.toLowerCase())) problems.push(`missing ${r}: it must not be excluded by .vscodeignore`);
  // Sources, tests, tools, the demo and source maps are for contributors, not for users of the extension.
  const forbidden: Array<[RegExp, string]> = [
    [/^extension\/src\//, 'src/**'],
    [/^extension\/test\//, 'test/**'],
    [/^extension\/out\//, 'out/**'],
    [/^extension\/demo\//, 'demo/**'],
    [/^extension\/scripts\//, 'scripts/**'],
    [/^extension\/bench\//, 'bench/**'],
    [/^extension\/node_modules\//, 'node_modules/**'],
    [/^extension\/\.tools\//, '.tools/**'],
    [/^extension\/test-results\//, 'test-results/**'],
    [/\.map$/, '**/*.map'],
    [/\.vsix$/, '**/*.vsix'],
    [/^extension\/tsconfig[^/]*\.json$/, 'tsconfig*.json'],
    [/\.m?ts$/, '**/*.ts, **/*.mts (sources and type stubs)'],
    [/^extension\/[^/]*\.mjs$/, '*.mjs (configuration of the tools)'],
  ];
  for (const [re, pattern] of forbidden) {
    const hits = files.filter((f) => re.test(f));
    if (hits.length) problems.push(`${hits.length} file(s) that belong in .vscodeignore as ${pattern}, e.g. ${hits[0]}`);
  }
  return problems;
}

/** Width and height of a PNG file, or null when it is not one. */
export function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 24 || sig.some((b, i) => bytes[i] !== b) || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * What a listing on either marketplace needs of the package that vsce does not check: a 128×128 PNG icon in the
 * package, README, CHANGELOG and LICENSE in it, no `*` activation, the walkthrough's pictures in it; and a repository
 * URL (a warning: vsce publish refuses without one). `files` are the package's names (any case); the icon's bytes are
 * read from `root`. Problems fail the packaging, warnings are printed.
 */
export function listingProblems(manifest: Manifest, files: readonly string[], root: string): { problems: string[]; warnings: string[] } {
  const problems: string[] = [];
  const warnings: string[] = [];
  const names = new Set(files.map((f) => f.toLowerCase()));
  const has = (rel: string): boolean => names.has(`extension/${rel.replace(/^\.\//, '')}`.toLowerCase());
  if (!manifest.icon) problems.push('package.json has no icon (a 128×128 PNG)');
  else {
    const iconPath = path.join(root, manifest.icon);
    const size = fs.existsSync(iconPath) ? pngSize(fs.readFileSync(iconPath)) : null;
    if (!size) problems.push(`${manifest.icon} is not a PNG file (the marketplaces take no SVG icon)`);
    else if (size.width !== 128 || size.height !== 128) problems.push(`${manifest.icon} is ${size.width}×${size.height}, not 128×128`);
    if (!has(manifest.icon)) problems.push(`the package does not hold the icon ${manifest.icon}`);
  }
  // vsce stores README.md and CHANGELOG.md as readme.md and changelog.md, and LICENSE as LICENSE.txt.
  if (!has('readme.md')) problems.push('the package has no README.md (the listing page)');
  if (!has('changelog.md')) problems.push("the package has no CHANGELOG.md (the listing's Changelog tab)");
  if (![...names].some((n) => /^extension\/license(\.md|\.txt)?$/.test(n)))
    problems.push('the package has no LICENSE file (Open VSX takes licensed extensions only)');
  if ((manifest.activationEvents ?? []).includes('*'))
    problems.push('activationEvents has `*`: the extension would start in every window; name what it needs');
  for (const w of manifest.contributes?.walkthroughs ?? []) {
    for (const step of w.steps ?? []) {
      const img = step.media?.image;
      if (typeof img === 'string' && !has(img)) problems.push(`walkthrough step ${step.id}: the package does not hold ${img}`);
    }
  }
  if (!repositoryUrl(manifest))
    warnings.push(
      'no `repository` in package.json: set it before publishing (vsce publish refuses without one; Open VSX links it from the listing)',
    );
  return { problems, warnings };
}
