import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import type { FormResult } from '~/auth/page-forms';
import { AccountLayout } from '~/components/account/AccountLayout';
import { AddToListForm } from '~/components/favourites/AddToListForm';
import { ListEditor } from '~/components/favourites/ListEditor';
import { ListsPanel } from '~/components/favourites/ListsPanel';
import { FormNotice } from '~/components/forms/FormNotice';
import { RouteErrorBoundary } from '~/components/status/RouteErrorBoundary';
import { requireUser } from '~/auth/guards.server';
import { accountFavouriteForms } from '~/data/account-favourites.server';
import { listWithProducts, resolveListId, userLists } from '~/data/favourites.server';
import { pageFormAction } from '~/data/form-action.server';
import { formPageData } from '~/data/form-page.server';
import { required } from '~/data/load.server';
import { productCards } from '~/data/product-cards.server';
import { serverT } from '~/i18n/server-t.server';
import { privatePage } from '~/site/cache-headers';
import { pageMeta } from '~/site/meta';
import { siteContext } from '~/site/site-context.server';

/**
 * /account/favourites (sign-in required, spec §2.2): the named lists, one list's products, and
 * `?add={product}` — where the product page's favourite button leads without JavaScript.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const context = siteContext(request, undefined);
  const user = await requireUser(request);
  const url = new URL(request.url);
  const lists = await required(userLists(user.id));
  const selectedId = resolveListId(lists, url.searchParams.get('list'));
  const selected = selectedId ? await required(listWithProducts(context, user.id, selectedId)) : null;
  const addId = url.searchParams.get('add');
  const adding = addId ? ((await required(productCards(context, [addId.slice(0, 200)])))[0] ?? null) : null;
  const added =
    url.searchParams.get('added') === '1'
      ? { key: 'favourites.added', values: { list: selected?.list?.name ?? '' } }
      : undefined;
  return formPageData(request, {
    title: serverT(context.language).t('account.favourites'),
    lists,
    selected,
    adding: adding ? { id: adding.id, name: adding.name } : null,
    added,
  });
}

export const action = (args: ActionFunctionArgs) => pageFormAction(args, accountFavouriteForms);

export const headers = privatePage;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta(data?.title ?? 'Favourites'),
  { name: 'robots', content: 'noindex' },
];

export default function AccountFavourites() {
  const { title, lists, selected, adding, added } = useLoaderData<typeof loader>();
  const result = useActionData<FormResult>();
  // Row buttons (remove) answer here, once, rather than at every product.
  const rowResult = result?.intent === 'remove' ? result : undefined;
  return (
    <AccountLayout title={title}>
      <FormNotice error={rowResult?.error} done={rowResult?.done ?? added} />
      {adding ? <AddToListForm product={adding} lists={lists} /> : null}
      <div className="account-columns">
        <ListsPanel lists={lists} selectedId={selected?.list?.id ?? ''} />
        {selected?.list ? (
          <ListEditor list={selected.list} products={selected.products} saved={selected.saved} />
        ) : null}
      </div>
    </AccountLayout>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
