import { Router } from 'express';
import { outboxQuerySchema } from '@shop/contracts';
import type { AppDependencies } from '../../dependencies';
import { requireAdmin } from '../../platform/auth-guards';
import { parseQuery } from '../../platform/validate';
import { outboxPage } from './mail';

export function mailRoutes({ config }: AppDependencies): Router {
  const router = Router();
  // Reset and confirmation links are the recipient's alone once mail really leaves the shop; with no
  // MAIL_URL (development) the Outbox is where they are read (mail.ts, toOutboxMessage).
  const mailServer = config.mail.url !== null;

  router.get('/admin/outbox', requireAdmin, async (req, res) => {
    const query = parseQuery(outboxQuerySchema, req);
    res.json(await outboxPage(query, mailServer));
  });

  return router;
}
