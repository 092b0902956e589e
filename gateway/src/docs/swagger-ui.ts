import path from 'node:path';
import express, { Router } from 'express';

const swaggerUiDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));

const INITIALIZER = `window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: '/v3/api-docs',
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    plugins: [SwaggerUIBundle.plugins.DownloadUrl],
    layout: 'StandaloneLayout',
  });
};
`;

/** /swagger-ui/: swagger-ui-dist's static files, pointed at /v3/api-docs. */
export const swaggerUiRouter = (): Router => {
  const router = Router();
  router.use('/swagger-ui', (req, res, next) => {
    if (req.originalUrl === '/swagger-ui' || req.originalUrl.startsWith('/swagger-ui?')) {
      res.redirect(301, '/swagger-ui/');
      return;
    }
    if (req.path === '/swagger-initializer.js') {
      res.type('application/javascript').send(INITIALIZER);
      return;
    }
    next();
  });
  router.use('/swagger-ui', express.static(swaggerUiDir, { index: 'index.html', fallthrough: true }));
  return router;
};
