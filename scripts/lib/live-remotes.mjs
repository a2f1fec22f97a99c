// Where each remote's manifest is, per page: the release registry's live release (or the caller's
// preview release) when it has one, the REMOTE_*_URL from the environment otherwise. README
// "Releasing a remote".

/** How long one answer of the registry serves every shopper's pages (a preview is never cached). */
export const LIVE_CACHE_MS = 3000;
/** A registry that does not answer in time is treated as empty: the env URLs keep the shop up. */
const REGISTRY_TIMEOUT_MS = 800;
const PREVIEW_COOKIE = 'shop_release_preview';

function previewCookie(cookieHeader = '') {
  for (const part of cookieHeader.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === PREVIEW_COOKIE) return `${PREVIEW_COOKIE}=${value.join('=')}`;
  }
  return undefined;
}

/**
 * @param {object} options
 * @param {string} options.apiUrl the API's origin (GET /api/releases/live)
 * @param {Record<string, string>} options.fallback remote name -> manifest URL from the environment
 * @param {() => number} [options.now]
 */
export function createLiveRemotes({ apiUrl, fallback, now = Date.now, log = console.warn }) {
  let cached = { at: -Infinity, remotes: {} };
  let reachable = true;

  async function read(cookie) {
    try {
      const response = await fetch(`${apiUrl}/api/releases/live`, {
        headers: cookie ? { cookie } : {},
        signal: AbortSignal.timeout(REGISTRY_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`status ${response.status}`);
      const body = await response.json();
      if (!reachable) log('shell: the release registry answers again');
      reachable = true;
      return body.remotes ?? {};
    } catch (error) {
      if (reachable) {
        log(`shell: release registry not readable (${error.message}); using REMOTE_*_URL`);
      }
      reachable = false;
      return {};
    }
  }

  /**
   * remotes: name -> manifest URL; releases: name -> what the page checks before mounting it (its
   * version, contracts range and shared versions). Remotes without a live release keep the env URL.
   */
  return async function liveRemotes(cookieHeader) {
    const preview = previewCookie(cookieHeader);
    let releases;
    if (preview) {
      releases = await read(preview);
    } else {
      if (now() - cached.at >= LIVE_CACHE_MS) {
        cached = { at: now(), remotes: await read() };
      }
      releases = cached.remotes;
    }
    const remotes = { ...fallback };
    const checks = {};
    for (const [name, release] of Object.entries(releases)) {
      if (!(name in fallback) || !release) continue;
      remotes[name] = new URL(release.entry, fallback[name]).href;
      checks[name] = {
        version: release.version,
        contractsRange: release.contractsRange,
        shared: release.shared,
        preview: release.preview,
      };
    }
    return { remotes, releases: checks };
  };
}
