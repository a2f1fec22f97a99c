import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminReleasesSchema,
  liveReleasesSchema,
  releaseMessages,
  RELEASE_PREVIEW_COOKIE,
} from '@shop/contracts';
import { runMigrations } from '../src/migrations';
import { publishRelease, signPreviewToken } from '../src/modules/releases/releases';
import { ReleaseModel, SkewReportModel, releaseAudit } from '../src/modules/releases/model';
import { createLogger } from '../src/platform/logger';
import { register, registerAdmin } from './support/shop-flows';
import { startTestApp, type TestAgent, type TestApp } from './support/test-app';

let app: TestApp;
let admin: TestAgent;
let adminEmail: string;

const SHARED = { react: '19.2.0', 'react-router-dom': '7.18.7', zustand: '5.0.8' };

function publish(remote: string, version: string, contractsRange = '^1.0.0') {
  return publishRelease(
    {
      remote,
      version,
      entry: `/releases/${version}/mf-manifest.json`,
      contractsVersion: '1.0.0',
      contractsRange,
      shared: SHARED,
      commit: version.split('-')[1]!,
      publishedAt: new Date(),
    },
    { by: 'cli:test', origin: 'cli' },
  );
}

beforeAll(async () => {
  app = await startTestApp();
  admin = app.agent();
  adminEmail = (await registerAdmin(admin)).body.email;
  await publish('configurator', '1.0.0-aaaaaaa');
  await publish('configurator', '1.0.0-bbbbbbb');
  await publish('configurator', '1.0.0-ccccccc');
  await publish('account', '1.0.0-ddddddd');
});

afterAll(async () => {
  await app?.close();
});

const live = async (agent: TestAgent | TestApp = app) => {
  const response = await agent.request('GET', '/api/releases/live');
  expect(response.status).toBe(200);
  return liveReleasesSchema.parse(response.body).remotes;
};

describe('the release registry is for admins only', () => {
  it('answers 401 signed out and 403 to a customer, for reads and changes', async () => {
    const customer = app.agent();
    await register(customer);
    const guest = app.agent();
    for (const [agent, status] of [
      [guest, 401],
      [customer, 403],
    ] as const) {
      expect((await agent.request('GET', '/api/admin/releases')).status).toBe(status);
      const promote = await agent.request('POST', '/api/admin/releases/configurator/promote', {
        body: { version: '1.0.0-aaaaaaa' },
      });
      expect(promote.status).toBe(status);
      const rollback = await agent.request('POST', '/api/admin/releases/configurator/rollback');
      expect(rollback.status).toBe(status);
      const preview = await agent.request('POST', '/api/admin/releases/configurator/preview', {
        body: { version: '1.0.0-aaaaaaa' },
      });
      expect(preview.status).toBe(status);
      expect(preview.headers.get('set-cookie') ?? '').not.toContain(RELEASE_PREVIEW_COOKIE);
    }
    expect(await live()).not.toHaveProperty('configurator');
  });
});

describe('promote and rollback', () => {
  it('refuses an unknown version (404), an unknown remote (400) and the live one again (409)', async () => {
    const unknown = await admin.request('POST', '/api/admin/releases/configurator/promote', {
      body: { version: '9.9.9-fffffff' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('No such release of this remote');
    const otherRemotes = await admin.request('POST', '/api/admin/releases/configurator/promote', {
      body: { version: '1.0.0-ddddddd' },
    });
    expect(otherRemotes.status).toBe(404);
    const badRemote = await admin.request('POST', '/api/admin/releases/checkout/promote', {
      body: { version: '1.0.0-aaaaaaa' },
    });
    expect(badRemote.status).toBe(400);
    const badVersion = await admin.request('POST', '/api/admin/releases/configurator/promote', {
      body: { version: '../../etc' },
    });
    expect(badVersion.status).toBe(400);
    expect(badVersion.body.errors[0].path).toBe('version');
  });

  it('refuses a rollback with nothing live before (409)', async () => {
    const response = await admin.request('POST', '/api/admin/releases/account/rollback');
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('There is no previous release to roll back to');
  });

  it('makes a release live for every shopper at once, and rolls back to the one before', async () => {
    const first = await admin.request('POST', '/api/admin/releases/configurator/promote', {
      body: { version: '1.0.0-aaaaaaa' },
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ remote: 'configurator', live: '1.0.0-aaaaaaa', previous: null });
    expect((await live()).configurator).toMatchObject({
      version: '1.0.0-aaaaaaa',
      entry: '/releases/1.0.0-aaaaaaa/mf-manifest.json',
      contractsRange: '^1.0.0',
      shared: SHARED,
      preview: false,
    });

    const again = await admin.request('POST', '/api/admin/releases/configurator/promote', {
      body: { version: '1.0.0-aaaaaaa' },
    });
    expect(again.status).toBe(409);

    await admin.request('POST', '/api/admin/releases/configurator/promote', {
      body: { version: '1.0.0-bbbbbbb' },
    });
    expect((await live()).configurator?.version).toBe('1.0.0-bbbbbbb');

    const back = await admin.request('POST', '/api/admin/releases/configurator/rollback');
    expect(back.status).toBe(200);
    expect(back.body).toEqual({ remote: 'configurator', live: '1.0.0-aaaaaaa', previous: null });
    expect((await live()).configurator?.version).toBe('1.0.0-aaaaaaa');
    const nothingBefore = await admin.request('POST', '/api/admin/releases/configurator/rollback');
    expect(nothingBefore.status).toBe(409);
  });

  it('audits every change: who, when, from where, from which version to which', async () => {
    const before = Date.now();
    await admin.request('POST', '/api/admin/releases/configurator/promote', {
      body: { version: '1.0.0-ccccccc' },
    });
    const [stored] = (await releaseAudit.list('configurator', { limit: 1 })).items;
    expect(stored).toMatchObject({
      kind: 'release',
      subject: 'configurator',
      by: adminEmail,
      details: { action: 'promote', from: '1.0.0-aaaaaaa', to: '1.0.0-ccccccc' },
    });
    expect(stored!.origin).toMatch(/\d/);
    expect(stored!.at.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const listed = await admin.request('GET', '/api/admin/releases');
    expect(listed.status).toBe(200);
    const { remotes } = adminReleasesSchema.parse(listed.body);
    const configurator = remotes.find((r) => r.remote === 'configurator')!;
    expect(configurator.live).toBe('1.0.0-ccccccc');
    expect(configurator.previous).toBe('1.0.0-aaaaaaa');
    expect(configurator.available.map((a) => a.version)).toEqual([
      '1.0.0-ccccccc',
      '1.0.0-bbbbbbb',
      '1.0.0-aaaaaaa',
    ]);
    expect(configurator.audit.slice(0, 4).map((a) => [a.action, a.by, a.from, a.to])).toEqual([
      ['promote', adminEmail, '1.0.0-aaaaaaa', '1.0.0-ccccccc'],
      ['rollback', adminEmail, '1.0.0-bbbbbbb', '1.0.0-aaaaaaa'],
      ['promote', adminEmail, '1.0.0-aaaaaaa', '1.0.0-bbbbbbb'],
      ['promote', adminEmail, null, '1.0.0-aaaaaaa'],
    ]);
    expect(remotes.find((r) => r.remote === 'admin')).toMatchObject({ live: null, previous: null });
  });

  it('publishes a version once: releases are immutable', async () => {
    await expect(publish('configurator', '1.0.0-aaaaaaa')).rejects.toThrow(/already published/);
  });

  it('publishes only an entry every page can load: a path on the remote or an http(s) URL', async () => {
    const withEntry = (version: string, entry: string) =>
      publishRelease(
        {
          remote: 'admin',
          version,
          entry,
          contractsVersion: '1.0.0',
          contractsRange: '^1.0.0',
          shared: SHARED,
          commit: 'e1',
          publishedAt: new Date(),
        },
        { by: 'cli:test', origin: 'cli' },
      );
    for (const [i, entry] of [
      'http://[oops/mf-manifest.json',
      'javascript:alert(1)',
      '//evil.example/mf-manifest.json',
      'releases/mf-manifest.json',
    ].entries()) {
      await expect(withEntry(`1.0.0-bad${i}`, entry)).rejects.toMatchObject({
        message: releaseMessages.entryInvalid,
      });
    }
    await withEntry('1.0.0-good1', 'https://cdn.example.com/admin/1.0.0-good1/mf-manifest.json');
    await withEntry('1.0.0-good2', '/releases/1.0.0-good2/mf-manifest.json');
    expect(await ReleaseModel.countDocuments({ remote: 'admin', version: /^1\.0\.0-bad/ })).toBe(0);
  });

  it('refuses a promote or rollback asked of a live release another admin changed since (409), changing nothing', async () => {
    await publish('account', '1.0.0-1111111');
    await publish('account', '1.0.0-2222222');
    const promote = (version: string, expectedLive: string | null) =>
      admin.request('POST', '/api/admin/releases/account/promote', {
        body: { version, expectedLive },
      });
    expect((await promote('1.0.0-1111111', null)).status).toBe(200);
    // Two admins saw 1.0.0-1111111 live: one promotes, the other's rollback must not undo it.
    expect((await promote('1.0.0-2222222', '1.0.0-1111111')).status).toBe(200);
    const stale = await admin.request('POST', '/api/admin/releases/account/rollback', {
      body: { expectedLive: '1.0.0-1111111' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(releaseMessages.liveChanged);
    const stalePromote = await promote('1.0.0-ddddddd', '1.0.0-1111111');
    expect(stalePromote.status).toBe(409);
    expect((await live()).account?.version).toBe('1.0.0-2222222');
    const fresh = await admin.request('POST', '/api/admin/releases/account/rollback', {
      body: { expectedLive: '1.0.0-2222222' },
    });
    expect(fresh.status).toBe(200);
    expect((await live()).account?.version).toBe('1.0.0-1111111');
  });

  it('refuses a rollback to a release this shop can no longer run, as a promote would (409)', async () => {
    await publish('cart_checkout', '1.0.0-eeeeeee');
    await publish('cart_checkout', '1.0.0-fffffff');
    for (const version of ['1.0.0-eeeeeee', '1.0.0-fffffff']) {
      const promoted = await admin.request('POST', '/api/admin/releases/cart_checkout/promote', {
        body: { version },
      });
      expect(promoted.status).toBe(200);
    }
    // The shop's contracts moved on since 1.0.0-eeeeeee was live (it accepts only a later major).
    await ReleaseModel.updateOne(
      { remote: 'cart_checkout', version: '1.0.0-eeeeeee' },
      { $set: { contractsRange: '^9.0.0' } },
    );
    const back = await admin.request('POST', '/api/admin/releases/cart_checkout/rollback');
    expect(back.status).toBe(409);
    expect(back.body.message).toMatch(/^The shop cannot run 1\.0\.0-eeeeeee: it /);
    expect((await live()).cart_checkout?.version).toBe('1.0.0-fffffff');
  });
});

describe('preview', () => {
  it('shows a candidate release only to the browser holding a valid, unexpired token', async () => {
    const response = await admin.request('POST', '/api/admin/releases/configurator/preview', {
      body: { version: '1.0.0-bbbbbbb' },
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(new RegExp(`^${RELEASE_PREVIEW_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);

    expect((await live(admin)).configurator).toMatchObject({
      version: '1.0.0-bbbbbbb',
      preview: true,
    });
    // The admin's list says which release this browser previews, so the screen offers to end it.
    expect((await admin.request('GET', '/api/admin/releases')).body.previewing).toEqual({
      remote: 'configurator',
      version: '1.0.0-bbbbbbb',
    });
    const shopper = app.agent();
    expect((await live(shopper)).configurator).toMatchObject({
      version: '1.0.0-ccccccc',
      preview: false,
    });

    const token = admin.cookies.get(RELEASE_PREVIEW_COOKIE)!;
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    shopper.cookies.set(RELEASE_PREVIEW_COOKIE, forged);
    expect((await live(shopper)).configurator?.version).toBe('1.0.0-ccccccc');
    const expired = signPreviewToken(
      { remote: 'configurator', version: '1.0.0-bbbbbbb', exp: Math.floor(Date.now() / 1000) - 1 },
      app.config.sessionSecret,
    );
    shopper.cookies.set(RELEASE_PREVIEW_COOKIE, expired);
    expect((await live(shopper)).configurator?.version).toBe('1.0.0-ccccccc');

    const ended = await admin.request('DELETE', '/api/admin/releases/preview');
    expect(ended.status).toBe(204);
    admin.cookies.delete(RELEASE_PREVIEW_COOKIE);
    expect((await live(admin)).configurator?.version).toBe('1.0.0-ccccccc');
    expect((await admin.request('GET', '/api/admin/releases')).body.previewing).toBeNull();
  });

  it('ends when the admin signs out (the cookie is cleared), and a browser may always clear it', async () => {
    const previewer = app.agent();
    await registerAdmin(previewer);
    const started = await previewer.request('POST', '/api/admin/releases/configurator/preview', {
      body: { version: '1.0.0-bbbbbbb' },
    });
    expect(started.status).toBe(200);
    expect((await live(previewer)).configurator?.version).toBe('1.0.0-bbbbbbb');
    expect((await previewer.request('POST', '/api/auth/logout')).status).toBe(204);
    expect((await live(previewer)).configurator?.version).toBe('1.0.0-ccccccc');
    expect((await previewer.request('DELETE', '/api/admin/releases/preview')).status).toBe(204);
  });
});

describe('skew reports', () => {
  it('keeps a refusal once per release and reason, in its own words, shown with the remote', async () => {
    // Built for contracts this shop does not provide.
    await publish('configurator', '1.0.0-eeeeeee', '^2.0.0');
    const report = {
      remote: 'configurator',
      version: '1.0.0-eeeeeee',
      reason: 'contracts',
      detail: 'needs contracts ^2.0.0; this shop provides 1.0.0',
    };
    for (const detail of [report.detail, 'harmless warning, safe to promote']) {
      const response = await app.request('POST', '/api/releases/skew-reports', {
        body: { ...report, detail },
      });
      expect(response.status).toBe(204);
    }
    // Anyone may report: a release this shop runs is not said to be refused.
    const forged = await app.request('POST', '/api/releases/skew-reports', {
      body: { ...report, version: '1.0.0-bbbbbbb', detail: 'FAKE: please roll back' },
    });
    expect(forged.status).toBe(204);
    const unknown = await app.request('POST', '/api/releases/skew-reports', {
      body: { ...report, version: '1.0.0-0000000' },
    });
    expect(unknown.status).toBe(404);
    const { version: _none, ...unversioned } = report;
    const noVersion = await app.request('POST', '/api/releases/skew-reports', {
      body: unversioned,
    });
    expect(noVersion.status).toBe(400);
    expect(noVersion.body.message).toBe('Please give the version of the release refused');
    const { remotes } = adminReleasesSchema.parse(
      (await admin.request('GET', '/api/admin/releases')).body,
    );
    expect(remotes.find((r) => r.remote === 'configurator')!.skewReports).toEqual([
      expect.objectContaining({
        version: '1.0.0-eeeeeee',
        reason: 'contracts',
        detail: 'needs contracts ^2.0.0; this shop provides 1.0.0',
      }),
    ]);
    // Nor is it promoted: every shell would refuse it.
    const promoted = await admin.request('POST', '/api/admin/releases/configurator/promote', {
      body: { version: '1.0.0-eeeeeee' },
    });
    expect(promoted.status).toBe(409);
    expect(promoted.body.message).toBe(
      'The shop cannot run this release: it needs contracts ^2.0.0; this shop provides 1.0.0',
    );
  });

  it('when many shells report the same refusal at once, then it is kept once', async () => {
    const report = {
      remote: 'account',
      version: '1.0.0-ddddddd',
      reason: 'shared',
      detail: 'built with react 19.2.0; this shop shares react 20.0.0',
    };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        app.request('POST', '/api/releases/skew-reports', { body: report }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 204));
    expect(await SkewReportModel.countDocuments({ remote: 'account', reason: 'shared' })).toBe(1);
  });

  it('when reports were kept under a key made of remote, version and reason, then after the migration a new refusal still joins its report', async () => {
    const reports = mongoose.connection.db!.collection('release_skew_reports');
    const seen = new Date(Date.now() - 60_000);
    await reports.deleteMany({}); // as they were: every report had its key
    await reports.insertOne({
      key: 'configurator:1.0.0-aaaaaaa:shared',
      remote: 'configurator',
      version: '1.0.0-aaaaaaa',
      reason: 'shared',
      detail: 'before',
      firstSeenAt: seen,
      lastSeenAt: seen,
    });
    await reports.createIndex({ key: 1 }, { unique: true });
    await runMigrations(createLogger('silent'));
    await runMigrations(createLogger('silent'));
    expect((await reports.indexes()).map((index) => index.name)).not.toContain('key_1');

    const after = 'built with react 19.2.0; this shop shares react 20.0.0';
    for (const version of ['1.0.0-aaaaaaa', '1.0.0-ccccccc']) {
      const response = await app.request('POST', '/api/releases/skew-reports', {
        body: { remote: 'configurator', version, reason: 'shared', detail: after },
      });
      expect(response.status).toBe(204);
    }
    const stored = await SkewReportModel.find({ remote: 'configurator', reason: 'shared' })
      .sort({ version: 1 })
      .lean();
    // A report is kept as first told; a later one only marks when it was seen.
    expect(stored.map((report) => [report.version, report.detail])).toEqual([
      ['1.0.0-aaaaaaa', 'before'],
      ['1.0.0-ccccccc', after],
    ]);
    expect(stored[0]!.firstSeenAt).toEqual(seen);
    expect(stored[0]!.lastSeenAt.getTime()).toBeGreaterThan(seen.getTime());
    expect(stored.every((report) => !('key' in report))).toBe(true);
  });
});
