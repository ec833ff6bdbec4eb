import { Link, useNavigate } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { apiGet, apiSend } from '~/site/api-client';
import { useSite } from '~/site/use-site';

/**
 * The product page's favourite button (spec §2.7). A link to the account favourites page with
 * the product to add (it asks a visitor to sign in first, and works without JavaScript); with
 * JavaScript a signed-in user adds it to the default list in place — or removes it again.
 */
export function FavouriteButton({ productId }: { productId: string }) {
  const { t, route, user } = useSite();
  const navigate = useNavigate();
  const [saved, setSaved] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const href = `${route('account.favourites')}?add=${encodeURIComponent(productId)}`;

  useEffect(() => {
    if (!user) return;
    let live = true;
    void apiGet<{ data: { list_ids: string[] }[] }>(`/api/favourites/status?ids=${encodeURIComponent(productId)}`)
      .then(({ ok, body }) => live && ok && body && setSaved((body.data[0]?.list_ids.length ?? 0) > 0))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [user, productId]);

  const toggle = async () => {
    setBusy(true);
    try {
      const answer = saved
        ? await apiSend('DELETE', `/api/favourites/all/items/${encodeURIComponent(productId)}`)
        : await apiSend('POST', '/api/favourites/default/items', { product_id: productId });
      if (answer.status === 401) return navigate(href);
      if (answer.ok) setSaved(!saved);
    } finally {
      setBusy(false);
    }
  };

  const label = saved ? t('product.favouriteSaved') : t('product.favourite');
  return (
    <Link
      to={href}
      className={saved ? 'button pressed' : 'button'}
      role={user ? 'button' : undefined}
      aria-pressed={user ? Boolean(saved) : undefined}
      aria-disabled={busy || undefined}
      aria-label={label}
      onClick={(event) => {
        if (!user || saved === null) return;
        event.preventDefault();
        if (!busy) void toggle();
      }}
    >
      <span aria-hidden="true">{saved ? '♥' : '♡'}</span> <span className="action-label">{label}</span>
    </Link>
  );
}
