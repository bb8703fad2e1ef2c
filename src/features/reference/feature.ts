import { openApiDocument } from '../../http/openapi.js';
import { gatehouseVersion } from '../../version.js';
import { defineFeature } from '../feature.js';
import { referenceRoutes } from './routes.js';

/**
 * The API's reference, served: GET /api/openapi.json (the document generated
 * from the routes this instance serves, made once) and the page at /api/docs,
 * which works with no internet (every file from this server).
 */
export const referenceFeature = defineFeature({
  name: 'reference',
  create: ({ routes }) => {
    let document: string | undefined;
    return { routes: referenceRoutes(() => (document ??= JSON.stringify(openApiDocument(routes(), gatehouseVersion)))) };
  },
});
