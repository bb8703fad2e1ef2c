/** Response shapes shared by every group, as JSON schemas for the OpenAPI document. */

export const timestamp = { type: 'string', format: 'date-time', example: '2026-11-21T18:04:05.123Z' } as const;

export const errorResponse = {
  type: 'object',
  required: ['success', 'error', 'code'],
  properties: {
    success: { type: 'boolean', enum: [false] },
    error: { type: 'string', description: 'A sentence for people; names the offending field where there is one.' },
    code: { type: 'string', description: 'A stable identifier for programs, e.g. invalid_field, token_expired.' },
  },
} as const;

export const messageResponse = {
  type: 'object',
  required: ['success', 'message'],
  properties: { success: { type: 'boolean', enum: [true] }, message: { type: 'string' } },
} as const;
