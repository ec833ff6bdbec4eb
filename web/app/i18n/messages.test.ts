import { allMessages, PARTIAL_LANGUAGES } from './messages.server';

/** Every key path of a messages tree, with its value. */
function leaves(tree: object, prefix = ''): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) for (const [k, v] of leaves(value, path)) result.set(k, v);
    else result.set(path, String(value));
  }
  return result;
}

const english = leaves(allMessages.en);

describe('messages', () => {
  it.each(['de', 'fr', 'it', 'pt', 'es'] as const)('%s has every English key and nothing else', (language) => {
    const own = leaves(allMessages[language]);
    expect([...english.keys()].filter((key) => !own.has(key))).toEqual([]);
    expect([...own.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  it('has no partial language (a page never shows English in another language)', () => {
    expect(PARTIAL_LANGUAGES).toEqual([]);
  });

  it.each(['de', 'en', 'fr', 'it', 'pt', 'es'] as const)(
    '%s keeps the placeholders of the English text',
    (language) => {
      const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      for (const [key, text] of leaves(allMessages[language])) {
        expect({ key, placeholders: placeholders(text) }).toEqual({
          key,
          placeholders: placeholders(english.get(key) ?? ''),
        });
      }
    },
  );
});
