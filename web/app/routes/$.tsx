/** Any other path is not found (spec §2.1 catch-all); the root ErrorBoundary renders the page. */
export const loader = () => {
  throw new Response('Not found', { status: 404 });
};

export default function NotFound() {
  return null;
}
