import type { QueryRouter, QueryServiceDeps } from '../deps.ts';

/** Public, non-secret settings the PWA shows before anyone signs in (the studio's name in the header). */
export function getConfigRoute(router: QueryRouter, deps: QueryServiceDeps): void {
  router.get('/api/config', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = { studioName: deps.config.STUDIO_NAME, orderNumberPrefix: deps.config.ORDER_NUMBER_PREFIX };
  });
}
