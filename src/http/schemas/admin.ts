import type { Location } from '../../game/port.js';

/** Request bodies of the admin and teleport endpoints. */

const playerName = {
  type: 'string',
  pattern: '^[A-Za-z0-9_]{1,16}$',
  'x-message': 'must be a player name (1 to 16 letters, digits or _)',
} as const;

export const sendMessageBody = {
  type: 'object',
  required: ['username', 'message'],
  properties: { username: playerName, message: { type: 'string', minLength: 1, maxLength: 256 } },
} as const;
export interface SendMessageBody {
  username: string;
  message: string;
}

export const announcementBody = {
  type: 'object',
  required: ['content'],
  additionalProperties: false,
  properties: {
    content: { type: 'string', minLength: 1, maxLength: 1000 },
    expiresAt: { type: 'string', format: 'iso-timestamp', 'x-message': 'must be an ISO 8601 timestamp such as 2026-12-01T18:00:00.000Z' },
  },
} as const;
export interface AnnouncementBody {
  content: string;
  expiresAt?: string;
}

export const restartBody = {
  type: 'object',
  required: ['delay'],
  additionalProperties: false,
  properties: {
    delay: { type: 'integer', minimum: 0, maximum: 86400, description: 'Seconds until the restart.' },
    reason: { type: 'string', maxLength: 200 },
  },
} as const;
export interface RestartBody {
  delay: number;
  reason?: string;
}

export const teleportBody = {
  type: 'object',
  required: ['player', 'target'],
  properties: { player: playerName, target: playerName },
} as const;
export interface TeleportBody {
  player: string;
  target: string;
}

export const teleportPlayerBody = {
  type: 'object',
  required: ['player', 'targetPlayer'],
  properties: { player: playerName, targetPlayer: playerName },
} as const;
export interface TeleportPlayerBody {
  player: string;
  targetPlayer: string;
}

/** X/Z within the world border, Y within the 1.18+ build height. */
export const horizontalLimit = 29_999_984;
export const coordinatesBody = {
  type: 'object',
  required: ['player', 'world', 'x', 'y', 'z'],
  properties: {
    player: playerName,
    world: { type: 'string', minLength: 1, maxLength: 64 },
    x: { type: 'number', minimum: -horizontalLimit, maximum: horizontalLimit },
    y: { type: 'number', minimum: -64, maximum: 319 },
    z: { type: 'number', minimum: -horizontalLimit, maximum: horizontalLimit },
    yaw: { type: 'number', minimum: -360, maximum: 360 },
    pitch: { type: 'number', minimum: -90, maximum: 90 },
  },
} as const;
export interface CoordinatesBody extends Location {
  player: string;
}

const location = (withView: boolean) => ({
  type: 'object',
  required: ['world', 'x', 'y', 'z', ...(withView ? ['yaw', 'pitch'] : [])],
  properties: {
    world: { type: 'string' },
    x: { type: 'number' },
    y: { type: 'number' },
    z: { type: 'number' },
    ...(withView ? { yaw: { type: 'number' }, pitch: { type: 'number' } } : {}),
  },
});

export const teleportResponse = (withView: boolean) => ({
  type: 'object',
  required: ['success', 'message', 'location'],
  properties: { success: { type: 'boolean', enum: [true] }, message: { type: 'string' }, location: location(withView) },
});

const paginationObject = {
  type: 'object',
  required: ['page', 'limit', 'total', 'pages'],
  properties: { page: { type: 'integer' }, limit: { type: 'integer' }, total: { type: 'integer' }, pages: { type: 'integer' } },
};

const timestampString = { type: 'string', format: 'date-time' };

export const usersResponse = {
  type: 'object',
  required: ['success', 'users', 'pagination'],
  properties: {
    success: { type: 'boolean', enum: [true] },
    users: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          username: { type: 'string' },
          email: { type: 'string' },
          gameUsername: { type: 'string' },
          isAdmin: { type: 'boolean' },
          isWhitelisted: { type: 'boolean' },
          createdAt: timestampString,
          lastLogin: { type: ['string', 'null'], format: 'date-time' },
        },
      },
    },
    pagination: paginationObject,
  },
};

export const connectionsResponse = {
  type: 'object',
  required: ['success', 'connections'],
  properties: {
    success: { type: 'boolean', enum: [true] },
    connections: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'integer' },
          username: { type: 'string' },
          action: { type: 'string', enum: ['LOGIN', 'LOGOUT'] },
          ipAddress: { type: 'string' },
          timestamp: timestampString,
          success: { type: 'boolean' },
          reason: { type: 'string', description: 'Why a login was refused; only when success is false.' },
        },
      },
    },
  },
};

const messageObject = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    type: { type: 'string', enum: ['ANNOUNCEMENT', 'DIRECT'] },
    content: { type: 'string' },
    createdAt: timestampString,
    expiresAt: { type: ['string', 'null'], format: 'date-time' },
    recipient: { type: 'string', description: 'Only on DIRECT messages.' },
    sentBy: { type: 'string' },
  },
};

export const messagesResponse = {
  type: 'object',
  required: ['success', 'messages'],
  properties: { success: { type: 'boolean', enum: [true] }, messages: { type: 'array', items: messageObject } },
};

export const announcementResponse = {
  type: 'object',
  required: ['success', 'message', 'announcement'],
  properties: { success: { type: 'boolean', enum: [true] }, message: { type: 'string' }, announcement: messageObject },
};

export const restartScheduledResponse = {
  type: 'object',
  required: ['success', 'message', 'restartAt'],
  properties: { success: { type: 'boolean', enum: [true] }, message: { type: 'string' }, restartAt: timestampString },
};

export const restartStatusResponse = {
  type: 'object',
  required: ['success', 'restart'],
  properties: {
    success: { type: 'boolean', enum: [true] },
    restart: {
      type: ['object', 'null'],
      properties: {
        restartAt: timestampString,
        reason: { type: 'string' },
        requestedBy: { type: 'string' },
        requestedAt: timestampString,
        delaySeconds: { type: 'integer' },
        secondsRemaining: { type: 'integer' },
      },
    },
  },
};

export const listResponse = (field: string) => ({
  type: 'object',
  required: ['success', field],
  properties: { success: { type: 'boolean', enum: [true] }, [field]: { type: 'array', items: { type: 'object' } } },
});
