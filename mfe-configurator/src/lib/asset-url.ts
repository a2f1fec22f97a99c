// webpack's run-time public path of this remote (publicPath 'auto': where remoteEntry.js was loaded from).
declare const __webpack_public_path__: string;

/**
 * The absolute URL of a file this remote ships in its build (copied from public/). Inside the shell the
 * page's origin is the shell's, so a relative URL would point at the wrong server; webpack's public path
 * is this remote's own origin wherever its code runs. Outside webpack (unit tests) it falls back to the
 * page's origin.
 */
export function assetUrl(file: string): string {
  const publicPath =
    typeof __webpack_public_path__ === 'string' && __webpack_public_path__
      ? __webpack_public_path__
      : '/';
  return new URL(file.replace(/^\//, ''), new URL(publicPath, window.location.href)).href;
}
