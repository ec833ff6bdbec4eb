import { redirect } from '@remix-run/node';
import { knownProductId } from '~/api/http/known-product.server';
import { addFavouriteForm, deleteListForm, newListForm, removeFavouriteForm, renameListForm } from '~/favourites/forms';
import { requireUser } from '~/auth/guards.server';
import { favourites } from '~/services/accounts.server';
import { pageForm, type PageForms } from './form-action.server';
import { logoutPageForm } from './logout-form.server';

const PAGE = '/account/favourites';
const LIST_TEXTS = {
  TOO_MANY_LISTS: 'favourites.tooManyLists',
  DEFAULT_LIST: 'favourites.defaultList',
  LIST_FULL: 'favourites.listFull',
};

/**
 * The forms of the account favourites page: named lists (create, rename, share, delete), adding
 * a product (the product page's button without JavaScript) and removing one. Accounts checks
 * that each list is the user's (another user's is NOT_FOUND).
 */
export const accountFavouriteForms: PageForms = {
  create: pageForm({
    schema: newListForm,
    reasons: LIST_TEXTS,
    run: async ({ input, request }) => {
      const user = await requireUser(request);
      const { list } = await favourites.createList(user.id, input.name, input.public);
      return redirect(`${PAGE}?list=${encodeURIComponent(list?.id ?? '')}`);
    },
  }),
  rename: pageForm({
    schema: renameListForm,
    reasons: LIST_TEXTS,
    run: async ({ input, request }) => {
      const user = await requireUser(request);
      await favourites.updateList(user.id, input.list_id, { name: input.name, public: input.public });
      return { key: 'favourites.listSaved' };
    },
  }),
  'delete-list': pageForm({
    schema: deleteListForm,
    reasons: LIST_TEXTS,
    run: async ({ input, request }) => {
      const user = await requireUser(request);
      await favourites.deleteList(user.id, input.list_id);
      return redirect(PAGE);
    },
  }),
  add: pageForm({
    schema: addFavouriteForm,
    reasons: LIST_TEXTS,
    run: async ({ input, request }) => {
      const user = await requireUser(request);
      const { item } = await favourites.add(
        user.id,
        input.list_id,
        await knownProductId('product_id', input.product_id),
        '',
      );
      return redirect(`${PAGE}?list=${encodeURIComponent(item?.listId ?? input.list_id)}&added=1`);
    },
  }),
  remove: pageForm({
    schema: removeFavouriteForm,
    run: async ({ input, request }) => {
      const user = await requireUser(request);
      await favourites.remove(user.id, input.list_id, input.product_id);
      return { key: 'favourites.removed' };
    },
  }),
  logout: logoutPageForm,
};
