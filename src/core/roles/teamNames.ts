// The names of teams and the values team-pick answers with (docs/profiles.md › Teams), apart from the team logic
// (teams.ts) so that the schema of config.yaml (src/workspace/schemas.ts) can name them without loading the engine.

/** The answer "Choose agents one by one" of team-pick; never a team's name. */
export const ONE_BY_ONE = 'one-by-one';
/** The value of the option that stands for a past run's agents: `run:<run id>`. */
export const RUN_TEAM_PREFIX = 'run:';
/** A team's name: letters, digits, `.`, `_`, `-`, starting with a letter or digit, at most 64 (never `:`, so never `run:…`). */
export const TEAM_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
