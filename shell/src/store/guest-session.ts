const STORAGE_KEY = 'guest-session-id';

function randomPart(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(36).padStart(2, '0'))
    .join('')
    .slice(0, 24);
}

/** Whether this page created the guest session id (no earlier visit left one it could read). */
let startedHere = false;

/** The guest session id: created once as guest-{timestamp}-{random}, then read from localStorage. */
export function getGuestSessionId(): string {
  let id: string | null = null;
  try {
    id = localStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage can be blocked (private mode); fall back to a per-page id below.
  }
  if (id && /^guest-\d+-[a-z0-9]+$/.test(id)) return id;
  id = `guest-${Date.now()}-${randomPart()}`;
  startedHere = true;
  try {
    localStorage.setItem(STORAGE_KEY, id);
  } catch {
    // Without storage the id lives as long as the page.
  }
  return id;
}

/**
 * True when the guest session id was created by this page: the server has no cart under it yet, so a
 * guest's cart is known to be empty without asking.
 */
export function guestSessionStartedHere(): boolean {
  return startedHere;
}
