/**
 * The OpenAPI 3.1 document, written to docs/openapi.json by `npm run openapi`.
 * Request bodies are the very ajv schemas the routes validate with; a test
 * checks that the document lists exactly the router's operations and that the
 * committed file is up to date.
 */
import { loginBody, loginResponse, profileResponse, registerBody, verifyCodeBody, verifyCodeResponse } from './schemas/auth.js';
import {
  announcementBody,
  announcementResponse,
  connectionsResponse,
  coordinatesBody,
  listResponse,
  messagesResponse,
  restartBody,
  restartScheduledResponse,
  restartStatusResponse,
  sendMessageBody,
  teleportBody,
  teleportPlayerBody,
  teleportResponse,
  usersResponse,
} from './schemas/admin.js';
import { errorResponse, messageResponse } from './schemas/common.js';
import { settingsObject, settingsUpdateBody } from './schemas/settings.js';

type Auth = 'none' | 'jwt' | 'admin';

interface Operation {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  summary: string;
  auth: Auth;
  requestBody?: object;
  /** Status → schema of the body; errors use the common error shape. */
  responses: Record<number, object>;
}

const error = errorResponse;

export const operations: Operation[] = [
  {
    method: 'post',
    path: '/api/auth/register',
    summary: 'Create a web account with a code from /register in game',
    auth: 'none',
    requestBody: registerBody,
    responses: { 201: messageResponse, 400: error, 409: error, 413: error, 429: error },
  },
  {
    method: 'post',
    path: '/api/auth/login',
    summary: 'Log in and receive a JWT',
    auth: 'none',
    requestBody: loginBody,
    responses: { 200: loginResponse, 400: error, 401: error, 429: error },
  },
  { method: 'get', path: '/api/auth/me', summary: 'The logged-in user', auth: 'jwt', responses: { 200: profileResponse, 401: error, 403: error } },
  {
    method: 'post',
    path: '/api/auth/verify-code',
    summary: 'Check a registration code (200 with valid:false when it is not valid)',
    auth: 'none',
    requestBody: verifyCodeBody,
    responses: { 200: verifyCodeResponse, 400: error, 429: error },
  },
  {
    method: 'get',
    path: '/api/health',
    summary: 'Whether the API is up and the game connected',
    auth: 'none',
    responses: {
      200: {
        type: 'object',
        required: ['success', 'status', 'uptime', 'game', 'timestamp'],
        properties: {
          success: { type: 'boolean' },
          status: { type: 'string', enum: ['ok', 'degraded'] },
          uptime: { type: 'integer', description: 'Seconds since start.' },
          game: { type: 'object', properties: { connected: { type: 'boolean' }, adapter: { type: 'string' } } },
          timestamp: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
  {
    method: 'get',
    path: '/api/economy/symbol',
    summary: 'The currency symbol and name',
    auth: 'none',
    responses: {
      200: { type: 'object', required: ['success', 'symbol', 'name'], properties: { success: { type: 'boolean' }, symbol: { type: 'string' }, name: { type: 'string' } } },
    },
  },
  ...adminOperations(),
];

function adminOperations(): Operation[] {
  const admin = 'admin' as const;
  const adminErrors = { 401: error, 403: error, 503: error };
  const settingsResponse = { type: 'object', required: ['success', 'settings'], properties: { success: { type: 'boolean' }, settings: settingsObject } };
  const settingsUpdatedResponse = {
    type: 'object',
    required: ['success', 'message', 'updated'],
    properties: {
      success: { type: 'boolean' },
      message: { type: 'string' },
      updated: { type: 'array', items: { type: 'string' }, description: 'Dotted paths of the keys supplied, e.g. chat.enabled.' },
      appliedInGame: { type: 'array', items: { type: 'string' }, description: 'Those the game applied at once.' },
    },
  };
  return [
    { method: 'get', path: '/api/admin/settings', summary: 'The live settings', auth: admin, responses: { 200: settingsResponse, ...adminErrors } },
    {
      method: 'post',
      path: '/api/admin/settings',
      summary: 'Change some settings (all or nothing)',
      auth: admin,
      requestBody: settingsUpdateBody,
      responses: { 200: settingsUpdatedResponse, 400: error, ...adminErrors },
    },
    {
      method: 'get',
      path: '/api/admin/users',
      summary: 'Web accounts, a page at a time (query: page, limit 1-100, search)',
      auth: admin,
      responses: { 200: usersResponse, 400: error, ...adminErrors },
    },
    {
      method: 'get',
      path: '/api/admin/connections',
      summary: 'Connection log, newest first (query: limit 1-500, username)',
      auth: admin,
      responses: { 200: connectionsResponse, 400: error, ...adminErrors },
    },
    {
      method: 'post',
      path: '/api/admin/chat/test',
      summary: 'Send a test message to the chat webhook',
      auth: admin,
      responses: { 200: messageResponse, 400: error, 500: error, ...adminErrors },
    },
    { method: 'get', path: '/api/admin/messages', summary: 'Announcements and direct messages, newest first (query: limit)', auth: admin, responses: { 200: messagesResponse, ...adminErrors } },
    {
      method: 'post',
      path: '/api/admin/messages/send',
      summary: 'Send a chat message to an online player',
      auth: admin,
      requestBody: sendMessageBody,
      responses: { 200: messageResponse, 400: error, 404: error, ...adminErrors },
    },
    {
      method: 'post',
      path: '/api/admin/messages',
      summary: 'Make an announcement: broadcast, posted to the webhook, shown on join until it expires',
      auth: admin,
      requestBody: announcementBody,
      responses: { 201: announcementResponse, 400: error, ...adminErrors },
    },
    {
      method: 'post',
      path: '/api/admin/restart',
      summary: 'Schedule a restart with a boss-bar countdown (replaces a pending one)',
      auth: admin,
      requestBody: restartBody,
      responses: { 200: restartScheduledResponse, 400: error, ...adminErrors },
    },
    { method: 'get', path: '/api/admin/restart', summary: 'The pending restart, or null', auth: admin, responses: { 200: restartStatusResponse, ...adminErrors } },
    { method: 'delete', path: '/api/admin/restart', summary: 'Cancel the pending restart', auth: admin, responses: { 200: messageResponse, 404: error, ...adminErrors } },
    { method: 'get', path: '/api/admin/audit', summary: 'The audit log of admin changes, newest first', auth: admin, responses: { 200: listResponse('entries'), ...adminErrors } },
    { method: 'get', path: '/api/admin/teleports', summary: 'Recorded teleports, newest first', auth: admin, responses: { 200: listResponse('teleports'), ...adminErrors } },
    {
      method: 'post',
      path: '/api/teleport',
      summary: 'Teleport a player to another player',
      auth: admin,
      requestBody: teleportBody,
      responses: { 200: teleportResponse(false), 400: error, 404: error, ...adminErrors },
    },
    {
      method: 'post',
      path: '/api/admin/teleport-player',
      summary: 'Teleport a player to another player',
      auth: admin,
      requestBody: teleportPlayerBody,
      responses: { 200: teleportResponse(false), 400: error, 404: error, ...adminErrors },
    },
    {
      method: 'post',
      path: '/api/admin/teleport-coordinates',
      summary: 'Teleport a player to coordinates in a world',
      auth: admin,
      requestBody: coordinatesBody,
      responses: { 200: teleportResponse(true), 400: error, 404: error, ...adminErrors },
    },
  ];
}

const descriptions: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  400: 'Invalid input',
  401: 'Missing or invalid token, or invalid credentials',
  403: 'Token expired, or admin privileges required',
  404: 'Not found',
  409: 'Conflict',
  500: 'The webhook refused the message or could not be reached',
  413: 'Body over the size limit',
  429: 'Too many failed attempts; see Retry-After',
  503: 'Game server not available',
};

/** Drops ajv-only keywords that OpenAPI readers do not know. */
function forOpenApi(schema: object): object {
  return JSON.parse(JSON.stringify(schema, (key, value) => (key === 'x-message' ? undefined : value)));
}

export function openApiDocument(version: string): object {
  const paths: Record<string, Record<string, object>> = {};
  for (const operation of operations) {
    paths[operation.path] ??= {};
    paths[operation.path]![operation.method] = {
      summary: operation.summary,
      ...(operation.auth === 'none' ? { security: [] } : { security: [{ bearer: [] }] }),
      ...(operation.auth === 'admin' ? { 'x-requires': 'admin (operator on the game server) or the service token' } : {}),
      ...(operation.requestBody
        ? { requestBody: { required: true, content: { 'application/json': { schema: forOpenApi(operation.requestBody) } } } }
        : {}),
      responses: Object.fromEntries(
        Object.entries(operation.responses).map(([status, schema]) => [
          status,
          { description: descriptions[Number(status)] ?? '', content: { 'application/json': { schema: forOpenApi(schema) } } },
        ]),
      ),
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Gatehouse API', version, description: 'Accounts, economy and admin for a Minecraft Java 1.21+ server.' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    security: [{ bearer: [] }],
    paths,
  };
}
