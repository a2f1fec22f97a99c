import { Router } from 'express';
import { checkHealth } from './health';

export function healthRoutes(): Router {
  const router = Router();

  router.get('/health', async (_req, res) => {
    const report = await checkHealth();
    if (report.status === 'ok') {
      res.json(report);
    } else {
      // 503 keeps load balancers away; the message keeps the body in the API's error format.
      res.status(503).json({ message: 'The database is unavailable', ...report });
    }
  });

  return router;
}
