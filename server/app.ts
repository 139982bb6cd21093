import { authHandler, initAuthConfig } from '@hono/auth-js';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from './app-env';
import { createAuthConfig } from './auth/auth-config';
import { errorHandler, notFoundHandler } from './middleware/error-handler/error-handler';
import { requestLogger } from './middleware/request-logger/request-logger';
import { hostRoutes } from './routes/host/host-routes';

/** The whole HTTP app. Tests call it in-process with `app.request()`. */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const authConfig = createAuthConfig(deps);

  app.use('*', requestLogger(deps.log));
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.onError(errorHandler);
  app.notFound(notFoundHandler);

  app.use('/host/v1/auth/*', initAuthConfig(() => authConfig));
  app.route('/host/v1', hostRoutes());
  app.all('/host/v1/auth/*', authHandler());

  return app;
}
