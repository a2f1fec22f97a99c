// A federation runtime plugin built into the shell only: it puts the shell's federation runtime on the
// page for the remotes, which are built with `experiments.externalRuntime` and read it from
// `_FEDERATION_RUNTIME_CORE` (docs/design.md section 10), so the page runs one runtime.
//
// The plugin the enhanced package offers for this (`experiments.provideExternalRuntime`) provides the
// runtime's whole namespace, nearly twice the runtime the shell itself uses (docs/design.md section
// 10), and refuses a build that exposes modules (the shell exposes its store). This one provides only the names a
// remote's bundler runtime reads from it (`@module-federation/runtime`'s imports of runtime-core), so
// webpack tree-shakes the rest; provide-federation-runtime.test.mjs fails when an upgrade of
// @module-federation/runtime reads a name missing here.
import {
  CurrentGlobal,
  Global,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
} from '@module-federation/runtime-tools/runtime-core';

/** What a remote built with externalRuntime reads from the page's runtime. */
export const PROVIDED_RUNTIME = {
  CurrentGlobal,
  Module,
  ModuleFederation,
  assert,
  getGlobalFederationConstructor,
  getRemoteEntry,
  getRemoteInfo,
  helpers,
  loadScript,
  loadScriptNode,
  registerGlobalPlugins,
  satisfy,
  setGlobalFederationConstructor,
  setGlobalFederationInstance,
};

export default function provideFederationRuntime() {
  return {
    name: 'shop-provide-federation-runtime',
    beforeInit(args) {
      // The first provider wins: a remote's standalone page runs the shell's container entry, whose
      // runtime is this same build's.
      Global._FEDERATION_RUNTIME_CORE ??= PROVIDED_RUNTIME;
      return args;
    },
  };
}
