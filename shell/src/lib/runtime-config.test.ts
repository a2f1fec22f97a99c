import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from './runtime-config';

const valid = {
  environment: 'test',
  remotes: {
    configurator: 'http://localhost:3001/mf-manifest.json',
    cart_checkout: 'http://localhost:3002/mf-manifest.json',
    account: 'http://localhost:3003/mf-manifest.json',
    admin: 'http://localhost:3004/mf-manifest.json',
  },
  releases: {
    account: {
      version: '1.2.0',
      contractsRange: '^1.0.0',
      shared: { react: '19.2.0' },
      preview: false,
    },
  },
  contact: {
    name: 'Engraved Labels',
    phone: '+1 (555) 010-4477',
    email: 'orders@example.com',
    hours: 'Mon to Fri',
    address: '12 Harbor Road, Portland, ME 04101',
  },
};

describe('the runtime config the shell reads at start', () => {
  it('takes the config the shell server writes', () => {
    expect(parseRuntimeConfig(valid)).toEqual(valid);
    const { releases: _releases, ...withoutReleases } = valid;
    expect(parseRuntimeConfig(withoutReleases)).toEqual(withoutReleases);
  });

  it('refuses a config with a missing remote, a wrong environment or no contact, naming the field', () => {
    const { admin: _admin, ...threeRemotes } = valid.remotes;
    expect(() => parseRuntimeConfig({ ...valid, remotes: threeRemotes })).toThrow(/remotes\.admin/);
    expect(() => parseRuntimeConfig({ ...valid, environment: 'staging' })).toThrow(/environment/);
    expect(() => parseRuntimeConfig({ ...valid, contact: undefined })).toThrow(/contact/);
    expect(() =>
      parseRuntimeConfig({ ...valid, contact: { ...valid.contact, name: ['Acme'] } }),
    ).toThrow(/contact\.name/);
    expect(() =>
      parseRuntimeConfig({ ...valid, contact: { ...valid.contact, address: 12 } }),
    ).toThrow(/contact\.address/);
    expect(() =>
      parseRuntimeConfig({ ...valid, releases: { shop: valid.releases.account } }),
    ).toThrow(/releases\.shop/);
    expect(() => parseRuntimeConfig('<html>')).toThrow(/not an object/);
  });
});
