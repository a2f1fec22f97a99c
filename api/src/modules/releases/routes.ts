import { Router, type Request } from 'express';
import {
  RELEASE_PREVIEW_COOKIE,
  previewReleaseSchema,
  promoteReleaseSchema,
  remoteParamsSchema,
  rollbackReleaseSchema,
  skewReportSchema,
} from '@shop/contracts';
import type { AppDependencies } from '../../dependencies';
import { currentUser, requireAdmin } from '../../platform/auth-guards';
import { parseBody, parseParams } from '../../platform/validate';
import { limitPerAddress } from '../../platform/address-limits';
import {
  PREVIEW_LIFETIME_SECONDS,
  adminReleases,
  liveReleases,
  promoteRelease,
  reportSkew,
  rollbackRelease,
  startPreview,
  verifyPreviewToken,
  type Actor,
} from './releases';

function cookie(req: Request, name: string): string | undefined {
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

function actor(req: Request): Actor {
  return { by: currentUser(req).email, origin: req.ip ?? 'unknown' };
}

/**
 * The release registry (README "Releasing a remote"). Admin calls change or read it, each change
 * audited; /releases/live is what the shell's server reads at each page (public: the page loads those
 * files anyway), with the caller's preview cookie taken into account.
 */
export function releaseRoutes({ config, logger }: AppDependencies): Router {
  const router = Router();
  const previewCookie = (maxAge: number) =>
    ({
      httpOnly: true,
      sameSite: 'strict',
      secure: config.isProduction,
      path: '/',
      maxAge: maxAge * 1000,
    }) as const;

  router.get('/releases/live', async (req, res) => {
    const preview = verifyPreviewToken(cookie(req, RELEASE_PREVIEW_COOKIE), config.sessionSecret);
    res.json(await liveReleases(preview));
  });

  const limit = limitPerAddress('skewReport', { isProduction: config.isProduction, logger });
  router.post('/releases/skew-reports', limit, async (req, res) => {
    const report = parseBody(skewReportSchema, req);
    await reportSkew(report);
    logger.warn(report, 'A shell refused a release (version skew)');
    res.status(204).end();
  });

  router.get('/admin/releases', requireAdmin, async (req, res) => {
    const preview = verifyPreviewToken(cookie(req, RELEASE_PREVIEW_COOKIE), config.sessionSecret);
    res.json(await adminReleases(preview));
  });

  router.post('/admin/releases/:remote/promote', requireAdmin, async (req, res) => {
    const { remote } = parseParams(remoteParamsSchema, req);
    const { version, expectedLive } = parseBody(promoteReleaseSchema, req);
    const result = await promoteRelease(remote, version, actor(req), expectedLive);
    logger.info({ remote, ...result, by: currentUser(req).email }, 'Release promoted');
    res.json({ remote, ...result });
  });

  router.post('/admin/releases/:remote/rollback', requireAdmin, async (req, res) => {
    const { remote } = parseParams(remoteParamsSchema, req);
    const { expectedLive } = parseBody(rollbackReleaseSchema, req);
    const result = await rollbackRelease(remote, actor(req), expectedLive);
    logger.info({ remote, ...result, by: currentUser(req).email }, 'Release rolled back');
    res.json({ remote, ...result });
  });

  router.post('/admin/releases/:remote/preview', requireAdmin, async (req, res) => {
    const { remote } = parseParams(remoteParamsSchema, req);
    const { version } = parseBody(previewReleaseSchema, req);
    const token = await startPreview(remote, version, actor(req), config.sessionSecret);
    res.cookie(RELEASE_PREVIEW_COOKIE, token, previewCookie(PREVIEW_LIFETIME_SECONDS));
    res.json({ remote, version, expiresInSeconds: PREVIEW_LIFETIME_SECONDS });
  });

  // Ending one's own preview needs no rights: it only clears this browser's cookie.
  router.delete('/admin/releases/preview', (_req, res) => {
    res.clearCookie(RELEASE_PREVIEW_COOKIE, previewCookie(0));
    res.status(204).end();
  });

  return router;
}
