// Where each remote's manifest is, per page: the release registry's live release (or the caller's
// preview release) when it has one, the REMOTE_*_URL from the environment otherwise. README
// "Releasing a remote".

/** How long one answer of the registry serves every shopper's pages (a preview is never cached). */
export const LIVE_CACHE_MS = 3000;
/**
 * A registry that does not answer in time is read as unreachable: the pages keep its last answer (the
 * releases promoted, or rolled back to), and only a shell that never read it uses the env URLs.
 */
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
  /** The registry's last answer (null before the first): what the pages use while it is unreachable. */
  let lastRead = null;
  let reachable = true;
  /** Releases whose entry was refused (each logged once). */
  const refusedEntries = new Set();

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
        const using = lastRead ? 'keeping its last answer' : 'using REMOTE_*_URL';
        log(`shell: release registry not readable (${error.message}); ${using}`);
      }
      reachable = false;
      return null;
    }
  }

  /** The live releases (unless a preview's read is given), or the last answer while unreachable. */
  async function releasesFor(preview) {
    if (preview) return (await read(preview)) ?? lastRead ?? {};
    if (now() - cached.at >= LIVE_CACHE_MS) {
      const remotes = await read();
      if (remotes) lastRead = remotes;
      cached = { at: now(), remotes: remotes ?? lastRead ?? {} };
    }
    return cached.remotes;
  }

  /** A release's manifest URL, or null (logged) when its entry is not an http(s) address. */
  function entryUrl(name, release) {
    try {
      const url = new URL(release.entry, fallback[name]);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.href;
    } catch {
      // not a URL: refused below
    }
    const refused = `${name} ${release.version}`;
    if (!refusedEntries.has(refused)) {
      refusedEntries.add(refused);
      log(`shell: ${refused}'s entry is not an http(s) address; using REMOTE_*_URL`);
    }
    return null;
  }

  /**
   * remotes: name -> manifest URL; releases: name -> what the page checks before mounting it (its
   * version, contracts range and shared versions). Remotes without a live release keep the env URL.
   */
  return async function liveRemotes(cookieHeader) {
    const releases = await releasesFor(previewCookie(cookieHeader));
    const remotes = { ...fallback };
    const checks = {};
    for (const [name, release] of Object.entries(releases)) {
      if (!(name in fallback) || !release) continue;
      const entry = entryUrl(name, release);
      if (!entry) continue;
      remotes[name] = entry;
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
