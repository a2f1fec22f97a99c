import { Router } from 'express';
import {
  adminEnquiriesQuerySchema,
  contactEnquirySchema,
  updateEnquirySchema,
  type ContactEnquiryCreated,
} from '@shop/contracts';
import type { AppDependencies } from '../../dependencies';
import { currentUser, requireAdmin } from '../../platform/auth-guards';
import { idParamsSchema, parseBody, parseParams, parseQuery } from '../../platform/validate';
import { limitPerAddress } from '../../platform/address-limits';
import { enquiryPage, markEnquiryHandled, receiveEnquiry } from './contact';

export function contactRoutes({ config, logger }: AppDependencies): Router {
  const router = Router();

  const limit = limitPerAddress('contact', { isProduction: config.isProduction, logger });

  router.post('/contact', limit, async (req, res) => {
    const enquiry = parseBody(contactEnquirySchema, req);
    const stored = await receiveEnquiry(enquiry, {
      sessionId: req.get('x-session-id')?.trim() || null,
      logger,
      config,
    });
    const answer: ContactEnquiryCreated = { id: stored.id };
    res.status(201).json(answer);
  });

  router.get('/admin/enquiries', requireAdmin, async (req, res) => {
    const query = parseQuery(adminEnquiriesQuerySchema, req);
    res.json(await enquiryPage(query));
  });

  router.patch('/admin/enquiries/:id', requireAdmin, async (req, res) => {
    const { id } = parseParams(idParamsSchema, req);
    const { handled } = parseBody(updateEnquirySchema, req);
    res.json(await markEnquiryHandled(id, handled, currentUser(req).email));
  });

  return router;
}
