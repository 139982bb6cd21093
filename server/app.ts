import { authHandler, initAuthConfig } from '@hono/auth-js';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from './app-env';
import { createAuthConfig } from './auth/auth-config';
import { serveFrontends } from './frontends/serve-frontends';
import { methodNotAllowed } from './http/method-not-allowed';
import { noticingAuthFaults, surfaceAuthFaults } from './middleware/auth-faults/auth-faults';
import { compressAnswers } from './middleware/compress/compress-answers';
import { eventCors } from './middleware/cors/event-cors';
import { errorHandler, notFoundHandler } from './middleware/error-handler/error-handler';
import { requestLogger } from './middleware/request-logger/request-logger';
import { securityHeaders } from './middleware/security-headers/security-headers';
import { accountLinkRoutes } from './routes/account-links/account-links';
import { eventRoutes } from './routes/event/event-routes';
import { hostRoutes } from './routes/host/host-routes';
import { serveOpenApiDocuments } from './openapi/openapi-routes';
import { serveApiReference } from './openapi/reference-page';
import { unsubscribeRoutes } from './routes/unsubscribe/unsubscribe';
import { rsvpPageRoutes } from './routes/rsvp-page/rsvp-page';
import { checkInLinkRoutes } from './routes/check-in-link/check-in-link';

/** The whole HTTP app. Tests call it in-process with `app.request()`. */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const authConfig = createAuthConfig(deps);

  // Every middleware is a layer of Hono's dispatch (an async step and its promises) on every
  // request: the dependencies are set by the first, not by a layer of their own.
  const logRequest = requestLogger(deps.log);
  app.use('*', (c, next) => {
    c.set('deps', deps);
    return logRequest(c, next);
  });
  app.use('*', securityHeaders());
  app.use('*', compressAnswers());
  app.onError(errorHandler);
  app.notFound(notFoundHandler);

  // Public documents, before the areas' sessions and CORS.
  serveOpenApiDocuments(app);

  app.use('/host/v1/auth/*', surfaceAuthFaults());
  app.use('/host/v1/auth/*', initAuthConfig((c) => noticingAuthFaults(authConfig, c.get('authFaults'))));
  app.route('/host/v1', hostRoutes());
  app.on(['GET', 'POST'], '/host/v1/auth/*', authHandler());
  app.all('/host/v1/auth/*', methodNotAllowed(['GET', 'POST']));

  // The guest area is called from the hosts' own sites: CORS per occasion, never for /host.
  app.use('/event/v1/*', eventCors());
  app.route('/event/v1', eventRoutes());

  app.route('/', unsubscribeRoutes());
  app.route('/', accountLinkRoutes());
  app.route('/', rsvpPageRoutes());
  app.route('/', checkInLinkRoutes());

  if (deps.config.distDir) {
    serveApiReference(app, deps.config.distDir);
    serveFrontends(app, deps.config.distDir);
  }

  return app;
}
