/** The API's reference: the OpenAPI document generated from the route list, and a page to read it (Swagger UI). */
import { reply, route, type Route } from '../../http/route.js';
import { referencePage, referencePolicy, startScript, swaggerFile } from './assets.js';
import { fileAnswer, openApiAnswer } from './schemas.js';

const pageHeaders = { 'Content-Security-Policy': referencePolicy, 'X-Content-Type-Options': 'nosniff' };

export function referenceRoutes(document: () => string): Route[] {
  const asset = (path: string, contentType: string, content: () => Promise<string> | string) =>
    route({
      method: 'GET',
      path,
      access: 'public',
      summary: `A file of the reference page (${contentType.split(';')[0]})`,
      answer: fileAnswer(contentType),
      answerType: contentType,
      handle: async () => reply(await content(), { headers: { ...pageHeaders, 'Cache-Control': 'public, max-age=3600' } }),
    });
  return [
    route({
      method: 'GET',
      path: '/api/openapi.json',
      access: 'public',
      summary: 'This API described in OpenAPI 3.1, generated from the routes it serves (operation ids, tags, security schemes, the scope each operation needs)',
      answer: openApiAnswer,
      handle: () => {
        const json = document();
        return reply(JSON.parse(json) as Record<string, never>, { json, headers: { 'Cache-Control': 'no-cache' } });
      },
    }),
    asset('/api/docs', 'text/html; charset=utf-8', () => referencePage),
    asset('/api/docs/start.js', 'text/javascript; charset=utf-8', () => startScript),
    asset('/api/docs/swagger-ui-bundle.js', 'text/javascript; charset=utf-8', () => swaggerFile('swagger-ui-bundle.js')),
    asset('/api/docs/swagger-ui.css', 'text/css; charset=utf-8', () => swaggerFile('swagger-ui.css')),
  ];
}
