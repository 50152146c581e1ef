// Run assembly without VS Code: which argv Run executes and how it is typed into a shell.
export { okstraCommandArgv, renderBundleArgv, argvFieldName, type OkstraCommandSetting } from './okstraCommand';
export {
  SUPPORTED_SHELLS,
  detectShell,
  quoteCommandLine,
  quoteWord,
  cannotQuoteMessage,
  unsupportedShellMessage,
  type ShellKind,
  type ShellDetection,
  type QuoteResult,
} from './shellQuote';
