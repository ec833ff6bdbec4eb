import { analyze } from './analyze.js';
import { analyzeForIndex } from './analyze-for-index.js';
import { tokenize } from './tokenize.js';

describe('tokenize', () => {
  it('splits on anything but letters and digits, keeping model numbers whole', () => {
    expect(tokenize('Sony KD-55X80K, 55" (139 cm) 4K/UHD')).toEqual([
      'sony',
      'kd',
      '55x80k',
      '55',
      '139',
      'cm',
      '4k',
      'uhd',
    ]);
  });

  it('handles scripts beyond Latin', () => {
    expect(tokenize('Смартфон Ξ-ΠΡΟ')).toEqual(['смартфон', 'ξ', 'προ']);
  });

  it('drops French and Italian elisions and the English possessive only for that language', () => {
    expect(tokenize("L'ordinateur d’occasion", 'fr')).toEqual(['ordinateur', 'occasion']);
    expect(tokenize("Dell'acqua", 'it')).toEqual(['acqua']);
    expect(tokenize("Men's shoes", 'en')).toEqual(['men', 'shoes']);
    expect(tokenize("L'ordinateur")).toEqual(['l', 'ordinateur']);
  });
});

describe('analyze', () => {
  it('German: umlauts, transliterations and plurals meet', () => {
    const expected = analyze('kuhlschrank', 'de');
    expect(analyze('Kühlschränke', 'de')).toEqual(expected);
    expect(analyze('KUEHLSCHRAENKE', 'de')).toEqual(expected);
    expect(analyze('Waschmaschinen', 'de')).toEqual(analyze('waschmaschine', 'de'));
    expect(analyze('Größe', 'de')).toEqual(analyze('grosse', 'de'));
  });

  it('French: accents and plurals meet', () => {
    expect(analyze('téléviseurs', 'fr')).toEqual(analyze('televiseur', 'fr'));
    expect(analyze('Réfrigérateurs', 'fr')).toEqual(analyze('refrigerateur', 'fr'));
  });

  it('Spanish, Portuguese and Italian plurals meet their singulars', () => {
    expect(analyze('televisores teléfonos lavadoras', 'es')).toEqual(analyze('televisor telefono lavadora', 'es'));
    expect(analyze('máquinas telefones geladeiras', 'pt')).toEqual(analyze('maquina telefone geladeira', 'pt'));
    expect(analyze('televisori lavatrici frigoriferi', 'it')).toEqual(
      analyze('televisore lavatrice frigorifero', 'it'),
    );
  });

  it('English: plurals and inflections meet', () => {
    expect(analyze('Batteries Headphones', 'en')).toEqual(analyze('battery headphone', 'en'));
  });

  it('does not stem codes with digits or different words into one', () => {
    expect(analyze('S24 4002515996144', 'en')).toEqual(['s24', '4002515996144']);
    expect(analyze('television', 'en')).not.toEqual(analyze('telephone', 'en'));
  });
});

describe('analyzeForIndex', () => {
  it('keeps surface tokens once and adds only the stems that differ, per language', () => {
    const terms = analyzeForIndex("Kühlschränke l'ordinateur S24");
    expect(terms.surface).toEqual(['kuhlschranke', 'l', 'ordinateur', 's24']);
    expect(terms.extra.de).toContain('kuhlschrank');
    expect(terms.extra.fr).toEqual(expect.arrayContaining(['kuhlschrank', 'ordin']));
    expect(terms.extra.fr).not.toContain('s24');
  });

  it('covers every term analyze gives for each language', () => {
    const text = 'Téléviseurs Waschmaschinen batteries lavadoras';
    const terms = analyzeForIndex(text);
    for (const language of ['de', 'en', 'fr', 'it', 'pt', 'es'] as const) {
      const indexed = new Set([...terms.surface, ...terms.extra[language]]);
      for (const term of analyze(text, language)) expect(indexed).toContain(term);
    }
  });
});
