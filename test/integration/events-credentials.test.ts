/**
 * A stream of events lives no longer than what opened it: when the portal
 * session behind it ends, or the key behind it is revoked, the stream says
 * `closing` and ends at once, not at the next periodic check of every
 * stream's credentials.
 */
import { expect } from 'chai';
import { registeredUser } from '../helpers/accounts.js';
import { readEvents, type TestEventReader } from '../helpers/event-stream.js';
import { api, startTestGatehouse, type TestGatehouse } from '../helpers/gatehouse.js';
import { browserLogin, samePage } from '../helpers/sessions.js';

const serviceToken = 'events-credentials-service-token-0123456789';
/** Well under the periodic check of every stream (events.recheck-seconds), so only an immediate end passes. */
const promptlyMs = 3000;

describe('An event stream ends with the credentials that opened it', function () {
  let server: TestGatehouse;
  const readers: TestEventReader[] = [];
  const reader = (token: string) => {
    const made = readEvents(server.baseUrl, token);
    readers.push(made);
    return made;
  };

  before(async function () {
    server = await startTestGatehouse((config) => {
      config.token = serviceToken;
    });
  });

  afterEach(function () {
    for (const made of readers.splice(0)) made.close();
  });

  after(async function () {
    await server?.stop();
  });

  async function endedPromptly(events: TestEventReader, end: () => Promise<void>): Promise<void> {
    await events.opened;
    const asked = Date.now();
    await end();
    const closing = await events.next((event) => event.type === 'closing', promptlyMs);
    expect(closing.at - asked).to.be.below(promptlyMs);
    await events.ended;
  }

  it('ends the stream of a portal session when that session logs out', async function () {
    await registeredUser(server.gatehouse, server.baseUrl, 'streamer', 'Streamer');
    const login = await browserLogin(server.baseUrl, 'streamer', 'password1');
    await endedPromptly(reader(login.token), async () => {
      const out = await api(server.baseUrl, 'DELETE', '/api/auth/session', { token: login.token, headers: { ...samePage(server.baseUrl), cookie: login.cookie } });
      expect(out.status, JSON.stringify(out.body)).to.equal(200);
    });
  });

  it('ends the stream of a session ended from another of its sessions', async function () {
    await registeredUser(server.gatehouse, server.baseUrl, 'twotabs', 'TwoTabs');
    const phone = await browserLogin(server.baseUrl, 'twotabs', 'password1');
    const laptop = await browserLogin(server.baseUrl, 'twotabs', 'password1');
    await endedPromptly(reader(phone.token), async () => {
      const ended = await api(server.baseUrl, 'POST', '/api/auth/sessions/end-others', { token: laptop.token, headers: samePage(server.baseUrl) });
      expect(ended.status, JSON.stringify(ended.body)).to.equal(200);
    });
  });

  it('ends the stream of an API key when the key is revoked', async function () {
    const made = await api(server.baseUrl, 'POST', '/api/admin/keys', { token: serviceToken, body: { name: 'wall', scopes: ['players:read'] } });
    expect(made.status, JSON.stringify(made.body)).to.equal(201);
    await endedPromptly(reader(made.body.secret as string), async () => {
      const revoked = await api(server.baseUrl, 'DELETE', `/api/admin/keys/${(made.body.key as { id: string }).id}`, { token: serviceToken });
      expect(revoked.status, JSON.stringify(revoked.body)).to.equal(200);
    });
  });
});
