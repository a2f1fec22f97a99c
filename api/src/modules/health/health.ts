import { pingDatabase } from '../../platform/db';

interface HealthReport {
  status: 'ok' | 'degraded';
  database: 'up' | 'down';
}

/** The API is healthy when its database answers; the API itself holds no other state. */
export async function checkHealth(): Promise<HealthReport> {
  const databaseUp = await pingDatabase();
  return databaseUp ? { status: 'ok', database: 'up' } : { status: 'degraded', database: 'down' };
}
