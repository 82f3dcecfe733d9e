import { Client, Connection } from '@temporalio/client';
import { request, startTestApp, type TestApp } from '../support/test-app';

describe('health and readiness', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app?.stop());

  it('is live and ready when the database and Temporal answer', async () => {
    expect((await request(app, 'GET', '/healthz')).body).toEqual({ status: 'ok' });
    const ready = await request(app, 'GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', checks: { database: 'ok', temporal: 'ok' } });
  });

  it('is not ready, naming Temporal, when Temporal cannot be reached', async () => {
    const reachable = app.services.temporal;
    // Port 1 on loopback: nothing listens there, so every call fails fast.
    const connection = Connection.lazy({ address: '127.0.0.1:1', connectTimeout: 500 });
    app.services.temporal = new Client({ connection });
    try {
      const response = await request(app, 'GET', '/readyz');
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({
        status: 'unavailable',
        checks: { database: 'ok', temporal: 'unreachable' },
        waiting_for: ['temporal'],
        error: { code: 'unavailable', message: 'Unreachable: temporal' },
      });
    } finally {
      app.services.temporal = reachable;
      await connection.close();
    }
  });
});
