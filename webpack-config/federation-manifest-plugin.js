// Writes mf-manifest.json next to a remote's remoteEntry.js: what the shell needs to fetch a page of
// the remote ahead without running anything (each exposed module's script files), and the shared
// libraries' versions the build provides (read by `npm run release` into the release's manifest).
// webpack's own container plugin writes no manifest; this is the part of one the shop uses.
const ContainerEntryModule = require('webpack/lib/container/ContainerEntryModule');

class FederationManifestPlugin {
  /**
   * @param {{ name: string, filename: string, shared: Record<string, { version?: string, singleton?: boolean, requiredVersion?: string | false, import?: false }> }} options
   */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    const { name, filename, shared } = this.options;
    compiler.hooks.thisCompilation.tap('FederationManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        {
          name: 'FederationManifestPlugin',
          // After the real content hashes are in the file names, before the precompressed copies.
          stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1,
        },
        () => {
          const container = [...compilation.modules].find((m) => m instanceof ContainerEntryModule);
          if (!container) return;
          const exposes = container.blocks.map((block) => {
            const exposed = block.dependencies[0].exposedName;
            const group = compilation.chunkGraph.getBlockChunkGroup(block);
            const js = [...(group?.chunks ?? [])]
              .flatMap((chunk) => [...chunk.files])
              .filter((file) => file.endsWith('.js'));
            return { path: exposed, assets: { js: [...new Set(js)] } };
          });
          const manifest = {
            name,
            remoteEntry: filename,
            shared: Object.entries(shared).map(([key, options]) => ({
              name: key,
              version: options.version,
              singleton: Boolean(options.singleton),
              requiredVersion: options.requiredVersion,
              provided: options.import !== false,
            })),
            exposes,
          };
          compilation.emitAsset(
            'mf-manifest.json',
            new sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`),
          );
        },
      );
    });
  }
}

module.exports = { FederationManifestPlugin };
