/** What catalog allows a category's texts (CATEGORY_LIMITS): the forms refuse more before asking it. */
export const CATEGORY_TEXT_LIMITS = {
  name: 100,
  description: 5_000,
  metaTitle: 200,
  metaDescription: 500,
  keywords: 30,
  keyword: 100,
} as const;
