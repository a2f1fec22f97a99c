// What a remote's webpack.config.js exports: its own options (name, title, exposes, extra plugins) and
// the mode webpack's CLI gives it, so the five apps' configs state only what differs between them.
const { createRemoteConfig } = require('./index');

/**
 * @param {{ appDir: string, name: string, title: string, exposes: Record<string, string>,
 *   plugins?: unknown[] }} options
 */
function remoteApp({ plugins = [], ...options }) {
  return (_env, argv) => {
    const config = createRemoteConfig({ ...options, mode: argv.mode ?? 'production' });
    return { ...config, plugins: [...config.plugins, ...plugins] };
  };
}

module.exports = { remoteApp };
