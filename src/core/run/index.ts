// Run assembly without VS Code: which argv Run executes and how it is typed into a shell.
export { okstraCommandArgv, renderBundleArgv, argvFieldName, type OkstraCommandSetting } from './okstraCommand';
export { detectShell, quoteCommandLine, cannotQuoteMessage, type ShellKind } from './shellQuote';
