// Random worlds for the role properties (fast-check): up to four providers and six models (some serving only some
// roles), disabled providers, missing CLIs, a terminal backend, a host and entry mode, up to three static roles
// r0…r2 (counts, recommendation, distinct providers) and maybe a dynamic role `dy`. Used by
// test/unit/roles/feasibility.property.test.ts and test/unit/wizard/teams.property.test.ts.
import fc from 'fast-check';

export interface World {
  providers: string[];
  models: Array<{ ref: string; roles?: string[] }>;
  disabled: string[];
  missing: string[];
  backend: 'tmux' | 'none';
  host: 'claude-code' | 'vscode';
  mode: 'spawn-process' | 'current-session';
  roles: Array<{ role: string; min: number; max: number; recommended: number; distinct: 'model' | 'provider' }>;
  dynamic: boolean;
}

const PROVIDERS = ['claude', 'codex', 'grok', 'kimi'];
const ROLE_NAMES = ['r0', 'r1', 'r2'];

export const worldArb: fc.Arbitrary<World> = fc
  .record({
    nProviders: fc.integer({ min: 1, max: 4 }),
    rawModels: fc.array(fc.record({ p: fc.nat(3), restrict: fc.boolean(), roleMask: fc.nat(15) }), { minLength: 1, maxLength: 6 }),
    disabledMask: fc.nat(15),
    missingMask: fc.nat(15),
    backend: fc.constantFrom('tmux' as const, 'none' as const),
    host: fc.constantFrom('claude-code' as const, 'vscode' as const),
    current: fc.boolean(),
    rawRoles: fc.array(fc.record({ min: fc.nat(2), span: fc.nat(2), rec: fc.nat(2), provider: fc.boolean() }), {
      minLength: 1,
      maxLength: 3,
    }),
    dynamic: fc.boolean(),
  })
  .map((r) => {
    const providers = PROVIDERS.slice(0, r.nProviders);
    const allRoles = ['leader', ...ROLE_NAMES.slice(0, r.rawRoles.length), 'dy'];
    const models = r.rawModels.map((m, i) => {
      const ref = `${providers[m.p % providers.length]}/m${i}`;
      return m.restrict ? { ref, roles: allRoles.filter((_, k) => (m.roleMask >> k) & 1 || k === allRoles.length - 1) } : { ref };
    });
    const roles = r.rawRoles.map((x, i) => {
      const max = Math.max(1, x.min + x.span);
      const min = Math.min(x.min, max);
      return {
        role: ROLE_NAMES[i]!,
        min,
        max,
        recommended: min === 0 ? 0 : Math.min(max, min + x.rec),
        distinct: x.provider ? ('provider' as const) : ('model' as const),
      };
    });
    return {
      providers,
      models,
      disabled: providers.filter((_, k) => (r.disabledMask >> k) & 1 && k > 0),
      missing: providers.filter((_, k) => (r.missingMask >> k) & 1 && k > 0),
      backend: r.backend,
      host: r.host,
      mode: r.host === 'vscode' || !r.current ? ('spawn-process' as const) : ('current-session' as const),
      roles,
      dynamic: r.dynamic,
    };
  });
