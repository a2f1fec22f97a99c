// Chooses the build's precompressed copy of a file (written by @shop/webpack-config's PrecompressPlugin)
// for what the browser accepts: brotli first, then gzip. Kept apart from static-server.mjs's headers.
import { existsSync, statSync } from 'node:fs';

/** Parses Accept-Encoding into the encodings the browser takes (q=0 means refused). */
function acceptedEncodings(header = '') {
  const accepted = new Set();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

/**
 * @param {string} filePath the file asked for
 * @param {string|undefined} acceptEncoding the request's Accept-Encoding
 * @returns {{ path: string, encoding: 'br'|'gzip', size: number } | undefined}
 */
export function precompressedVariant(filePath, acceptEncoding) {
  const accepted = acceptedEncodings(acceptEncoding);
  for (const [encoding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ]) {
    if (!accepted.has(encoding)) continue;
    const candidate = `${filePath}${suffix}`;
    // A copy older than its file is from an earlier build: never send it.
    if (!existsSync(candidate)) continue;
    const stat = statSync(candidate);
    if (stat.mtimeMs + 1 < statSync(filePath).mtimeMs) continue;
    return { path: candidate, encoding, size: stat.size };
  }
  return undefined;
}
