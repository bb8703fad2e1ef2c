/** The reference's answers: the OpenAPI document, and the page's files as text. */
import { t } from '../../lib/schema.js';

export const openApiAnswer = t.object({}, { additionalProperties: true, description: 'An OpenAPI 3.1 document' });

export function fileAnswer(contentType: string) {
  return t.string({ description: contentType });
}
