/** Text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string,
  );
}

/** A whole page: the shop's name in the title, its language on <html>, optional extra <head> content. */
export function page(options: {
  language: string;
  title: string;
  shopName: string;
  head?: string;
  body: string;
}): string {
  return `<!doctype html>
<html lang="${escapeHtml(options.language)}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(options.title)} – ${escapeHtml(options.shopName)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
${options.head ?? ''}
</head>
<body>
<header><a href="/" class="logo">${escapeHtml(options.shopName)}</a> <a href="/cart">Cart</a> <a href="/search">Search</a></header>
<main>
${options.body}
</main>
<footer>Demo shop of the price-comparison platform.</footer>
</body>
</html>
`;
}
