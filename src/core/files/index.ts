// What every layer that reads files shares, without touching the file system:
// file errors with positions (JSON, YAML, front matter, zod), the bounds
// checked before parsing, and how paths are shown in messages.
export * from './fileErrors';
export { safeParseChecked, withFastCheck } from './fastCheck';
export { relativeInside, displayPath } from './displayPath';
export { isPlainRecord, isRecordOf, isStringList } from './jsonShapes';
export { jsonNestingDepth, yamlNestingDepth, MAX_NESTING_DEPTH, MAX_JSON_CHARS, MAX_YAML_CHARS } from './textLimits';
export * from './fsErrors';
