/** Liveness of the site process (the services have their own). */
export const loader = () => Response.json({ status: 'ok' }, { headers: { 'Cache-Control': 'no-store' } });
