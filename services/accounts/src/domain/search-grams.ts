/** Lower-cased trigrams of a text ("anna" → ["ann", "nna"]): the admin user search's index keys. */
export function trigrams(text: string): string[] {
  const folded = text.toLowerCase();
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= folded.length; i += 1) grams.add(folded.slice(i, i + 3));
  return [...grams];
}

/** The search keys of a user: trigrams of the name and the e-mail address. */
export const userSearchGrams = (name: string, email: string): string[] => [
  ...new Set([...trigrams(name), ...trigrams(email)]),
];
