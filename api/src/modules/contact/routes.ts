import { Router } from 'express';
import { contactEnquirySchema, type ContactEnquiryCreated } from '@shop/contracts';
import type { AppDependencies } from '../../routes';
import { parseBody } from '../../platform/validate';
import { limitPerAddress } from '../accounts/address-limits';
import { receiveEnquiry } from './contact';

export function contactRoutes({ config, logger }: AppDependencies): Router {
  const router = Router();

  const limit = limitPerAddress('contact', { isProduction: config.isProduction, logger });

  router.post('/contact', limit, async (req, res) => {
    const enquiry = parseBody(contactEnquirySchema, req);
    const stored = await receiveEnquiry(enquiry, {
      sessionId: req.get('x-session-id')?.trim() || null,
      logger,
    });
    const answer: ContactEnquiryCreated = { id: stored.id };
    res.status(201).json(answer);
  });

  return router;
}
