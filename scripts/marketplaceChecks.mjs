// What the two marketplaces need from this package, checked offline by `npm run package`:
// - Open VSX (code-server, VSCodium, Gitpod): `ovsx publish` cannot run without the registry, so its rules are
//   checked here: the CLI's own (a publisher, a name, and a LICENSE file or a `license` field, else it stops to
//   ask), and the registry's metadata validation (name pattern, version characters, field lengths, URLs,
//   galleryBanner.theme, markdown, qna).
// - A listing on either marketplace: a PNG icon of 128×128 in the package, README and CHANGELOG in it, a
//   repository URL (vsce refuses to publish without one), no `*` activation, engines.vscode, the walkthrough's
//   pictures in the package.
// Returns { problems, warnings }: problems fail the packaging, warnings are printed.
import fs from 'node:fs';
import path from 'node:path';

/** Open VSX: `[\w\-\+\$~]+` for namespace and name, at most 255 characters. */
const NAME = /^[\w\-+$~]+$/;
const RESERVED_VERSIONS = new Set(['latest', 'pre-release', 'reviews']);
/** The characters Open VSX takes in a version besides letters and digits. */
const VERSION_CHARS = /^[\p{L}\p{N}$+\-,.:;_]+$/u;
/** Control, format, unassigned, private-use and separator characters (Open VSX's checkCharacters). */
const BAD_CHARS = /[\p{Cc}\p{Cf}\p{Cn}\p{Co}\u2028\u2029]/u;

function isUrl(value) {
  const v = value.startsWith('git+') ? value.slice(4) : value;
  try {
    return new URL(v).host !== '';
  } catch {
    return false;
  }
}

function urlOf(field) {
  return typeof field === 'string' ? field : field?.url;
}

/** Width and height of a PNG file, or null when it is not one. */
export function pngSize(bytes) {
  const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 24 || sig.some((b, i) => bytes[i] !== b) || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * @param {Record<string, any>} manifest  package.json
 * @param {{name: string}[]} entries      the vsix's entries (scripts/vsixEntries.mjs)
 * @param {string} root                   the repository root (the icon's bytes are read from there)
 */
export function marketplaceProblems(manifest, entries, root) {
  const problems = [];
  const warnings = [];
  const names = new Set(entries.map((e) => e.name));
  const has = (rel) => names.has(`extension/${rel.replace(/^\.\//, '')}`);
  // vsce stores README.md and CHANGELOG.md as readme.md and changelog.md.
  const hasAnyCase = (rel) => entries.some((e) => e.name.toLowerCase() === `extension/${rel.toLowerCase()}`);

  // ovsx's own checks before it uploads.
  for (const field of ['publisher', 'name', 'version']) {
    if (typeof manifest[field] !== 'string' || manifest[field] === '') problems.push(`package.json: missing required field '${field}'`);
  }
  const licenseFile = ['LICENSE', 'LICENSE.md', 'LICENSE.txt'].some((f) => fs.existsSync(path.join(root, f)));
  if (!licenseFile && !manifest.license)
    problems.push('no LICENSE file and no `license` in package.json: ovsx stops to ask, and Open VSX takes licensed extensions only');
  if (!entries.some((e) => /^extension\/LICENSE(\.md|\.txt)?$/i.test(e.name))) problems.push('the package has no LICENSE file');

  // Open VSX's metadata validation.
  for (const [field, value] of [
    ['publisher', manifest.publisher],
    ['name', manifest.name],
  ]) {
    if (typeof value === 'string' && (!NAME.test(value) || value.length > 255))
      problems.push(`package.json ${field} '${value}': Open VSX takes letters, digits and _ - + $ ~ only (at most 255)`);
  }
  const version = String(manifest.version ?? '');
  if (RESERVED_VERSIONS.has(version)) problems.push(`version '${version}' is reserved on Open VSX`);
  if (version && !VERSION_CHARS.test(version)) problems.push(`version '${version}' has a character Open VSX refuses`);
  const texts = [
    ['displayName', manifest.displayName, 255],
    ['description', manifest.description, 2048],
    ['license', manifest.license, 255],
    ['galleryBanner.color', manifest.galleryBanner?.color, 16],
    ...(manifest.categories ?? []).map((c) => ['categories', c, 255]),
    ...(manifest.keywords ?? []).map((k) => ['keywords', k, 255]),
  ];
  for (const [field, value, limit] of texts) {
    if (value === undefined) continue;
    if (typeof value !== 'string') problems.push(`package.json ${field} must be a string`);
    else if (BAD_CHARS.test(value)) problems.push(`package.json ${field} has a control or unassigned character`);
    else if (value.length > limit) problems.push(`package.json ${field} is longer than ${limit} characters`);
  }
  for (const field of ['homepage', 'repository', 'bugs']) {
    const url = urlOf(manifest[field]);
    if (url !== undefined && !isUrl(url)) problems.push(`package.json ${field} is not a URL: ${url}`);
  }
  if (manifest.galleryBanner?.theme !== undefined && !['dark', 'light'].includes(manifest.galleryBanner.theme))
    problems.push('galleryBanner.theme must be dark or light');
  if (manifest.markdown !== undefined && !['github', 'standard'].includes(manifest.markdown))
    problems.push('markdown must be github or standard');
  if (manifest.qna !== undefined && manifest.qna !== false && manifest.qna !== 'marketplace' && !isUrl(String(manifest.qna)))
    problems.push('qna must be marketplace, false or a URL');

  // What a listing needs on either marketplace.
  if (!manifest.icon) problems.push('package.json has no icon (a 128×128 PNG)');
  else {
    const iconPath = path.join(root, manifest.icon);
    const size = fs.existsSync(iconPath) ? pngSize(fs.readFileSync(iconPath)) : null;
    if (!size) problems.push(`${manifest.icon} is not a PNG file (the marketplaces take no SVG icon)`);
    else if (size.width !== 128 || size.height !== 128) problems.push(`${manifest.icon} is ${size.width}×${size.height}, not 128×128`);
    if (!has(manifest.icon)) problems.push(`the package does not hold the icon ${manifest.icon}`);
  }
  if (!hasAnyCase('README.md')) problems.push('the package has no README.md (the listing page)');
  if (!hasAnyCase('CHANGELOG.md')) problems.push("the package has no CHANGELOG.md (the listing's Changelog tab)");
  if (!manifest.engines?.vscode) problems.push('package.json has no engines.vscode');
  if ((manifest.activationEvents ?? []).includes('*'))
    problems.push('activationEvents has `*`: the extension would start in every window; name what it needs');
  if (!Array.isArray(manifest.extensionKind) || manifest.extensionKind.length === 0)
    warnings.push('no extensionKind: VS Code guesses where the extension runs in a remote window');
  for (const w of manifest.contributes?.walkthroughs ?? []) {
    for (const step of w.steps ?? []) {
      const img = step.media?.image;
      if (typeof img === 'string' && !has(img)) problems.push(`walkthrough step ${step.id}: the package does not hold ${img}`);
    }
  }
  if (!urlOf(manifest.repository))
    warnings.push(
      'no `repository` in package.json: set it before publishing (vsce publish refuses without one; Open VSX links it from the listing)',
    );
  return { problems, warnings };
}
