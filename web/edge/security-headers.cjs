// The security headers of every answer (issue 43): a Content-Security-Policy whose scripts are the
// site's own files and the inline scripts carrying this request's nonce (Remix's <Scripts>,
// <ScrollRestoration>, the theme boot script, React's streaming scripts: entry.server.tsx and
// root.tsx read the nonce from the load context), no framing, no MIME sniffing, a referrer that
// stops at our origin, no powerful features but the camera (the barcode scanner), and HSTS when
// the request came over https (directly or from a trusted proxy: Express's `request.secure`).
'use strict';
const { randomBytes } = require('node:crypto');

/**
 * Images come from shops and feeds (any https host; http ones locally, as the demo shops and the
 * seed's image base are plain-http local sites). Forms post here, and the region form may lead
 * to a country's own host.
 */
function contentSecurityPolicy(nonce, formHosts, secure) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self'",
    "img-src 'self' data: blob: https: http:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    `form-action 'self'${formHosts.map((host) => ` https://${host}`).join('')}`,
    "frame-ancestors 'none'",
    ...(secure ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

const PERMISSIONS =
  'camera=(self), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=()';

/** `formHosts`: other hosts of the site a form may lead to (COUNTRY_HOSTS). */
function securityHeaders({ formHosts = [] } = {}) {
  return function setSecurityHeaders(request, response, next) {
    const nonce = randomBytes(18).toString('base64');
    response.locals.cspNonce = nonce;
    response.setHeader('Content-Security-Policy', contentSecurityPolicy(nonce, formHosts, request.secure));
    response.setHeader('X-Frame-Options', 'DENY');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    response.setHeader('Permissions-Policy', PERMISSIONS);
    response.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    if (request.secure) response.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
}

module.exports = { securityHeaders };
