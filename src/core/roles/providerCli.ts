// The environment variable that names a provider's CLI (docs/roles.md › The environment): read by the workspace
// layer's environment, set by the extension for its integrated terminals.

/** `OKSTRA_<PROVIDER>_CLI`: the id upper-cased, every character outside [A-Z0-9] replaced by `_`. */
export function providerCliEnvVar(providerId: string): string {
  return `OKSTRA_${providerId.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_CLI`;
}
