// The API's settings checked without starting it: `npm start` runs this before it builds the frontends
// or starts anything (scripts/lib/settings.mjs), so a bad variable stops it at once with the list the
// API would print, not minutes later. Exit 78 (EX_CONFIG) with the list on stderr, 0 when they will do.
import { ConfigError, loadConfig } from '../config';

try {
  loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(78);
}
