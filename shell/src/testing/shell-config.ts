// The shell's own test setup on top of the kit's (@shop/ui/testing): a known run-time config.
import { resetShop } from '@shop/ui/testing';
import { provideRuntimeConfig, type RuntimeConfig } from '../lib/runtime-config';

export const TEST_CONFIG: RuntimeConfig = {
  environment: 'test',
  remotes: {
    configurator: 'http://localhost:3001/mf-manifest.json',
    cart_checkout: 'http://localhost:3002/mf-manifest.json',
    account: 'http://localhost:3003/mf-manifest.json',
    admin: 'http://localhost:3004/mf-manifest.json',
  },
  contact: {
    name: 'Engraved Labels',
    phone: '+1 (555) 010-4477',
    email: 'orders@engravedlabels.example',
    hours: 'Monday to Friday, 8:00 AM to 5:00 PM',
  },
};

/** Puts the store, the query cache and the run-time config back to a fresh page's. */
export function resetShell(config: RuntimeConfig = TEST_CONFIG): void {
  resetShop();
  provideRuntimeConfig(config);
}
