import { z } from 'zod';

/** The favourites forms (account favourites, the product page's button): one zod schema each. */

const listId = z.string().trim().min(1, 'is required').max(200);
const productId = z.string().trim().min(1, 'is required').max(200);
/** Spec: list names are unique per user, at most 100 characters (accounts checks uniqueness). */
const listName = z.string().trim().min(1, 'is required').max(100);

export const newListForm = z.object({ name: listName, public: z.boolean().default(false) });
export const renameListForm = z.object({ list_id: listId, name: listName, public: z.boolean().default(false) });
export const deleteListForm = z.object({ list_id: listId });
/** An empty list id is the default list (created on first use). */
export const addFavouriteForm = z.object({ product_id: productId, list_id: z.string().trim().max(200).default('') });
export const removeFavouriteForm = z.object({ list_id: listId, product_id: productId });
