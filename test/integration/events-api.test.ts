import { expect } from 'chai';
import { api, startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';
import { readEvents } from '../helpers/event-stream.js';

const serviceToken = 'events-test-service-token-0123456789abcdef';

describe('The event stream, GET /api/events', function () {
  let server: TestGatehouse;
  const asService = (method: string, urlPath: string, body?: unknown) => api(server.baseUrl, method, urlPath, { token: serviceToken, body });

  before(async function () {
    server = await startTestGatehouse((config) => {
      config.token = serviceToken;
    });
  });

  after(async function () {
    await server?.stop();
  });

  it('streams a restart scheduled and cancelled to the service token within a second', async function () {
    const reader = readEvents(server.baseUrl, serviceToken);
    try {
      await reader.opened;
      const asked = Date.now();
      expect((await asService('POST', '/api/admin/restart', { delay: 600, reason: 'maintenance' })).status).to.equal(200);
      const scheduled = await reader.next((event) => event.type === 'restart.scheduled');
      expect(scheduled.at - asked).to.be.below(1000);
      expect((await asService('DELETE', '/api/admin/restart')).status).to.equal(200);
      await reader.next((event) => event.type === 'restart.cancelled');
    } finally {
      reader.close();
    }
  });
});
