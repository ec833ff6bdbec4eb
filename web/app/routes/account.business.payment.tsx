/** /account/business/payment: the bank's 3-D Secure page sends the browser back here (the card route's page and loader). */
export { default, ErrorBoundary, headers, links, loader, meta } from './account.business.card';
