import { ConfigError, loadConfig } from '../../apps/api/src/config.ts';

/** The shop's configuration as a command reads it; a bad environment ends the command with its list. */
export function loadConfigOrExit(): ReturnType<typeof loadConfig> {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
