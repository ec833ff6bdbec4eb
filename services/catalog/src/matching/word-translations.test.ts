import { RULE_SCORE_THRESHOLD } from './title-scoring';
import { englishWord } from './word-translations';
import { titleSimilarity } from './title';
import { tokenizeTitle } from './title-tokens';

const words = (title: string): string[] => tokenizeTitle(title).map((token) => token.text);

describe('englishWord', () => {
  it('reads colours of the platform languages, Polish included, as the English colour', () => {
    expect(['schwarz', 'noir', 'nero', 'negro', 'zwart', 'czarny', 'czarne'].map(englishWord)).toEqual(
      Array(7).fill('black'),
    );
    expect(['bialy', 'zielony', 'szary', 'czerwony', 'niebieski'].map(englishWord)).toEqual([
      'white',
      'green',
      'gray',
      'red',
      'blue',
    ]);
    expect(['rose', 'rozowe', 'zloto', 'dore', 'blk', 'wht'].map(englishWord)).toEqual([
      'pink',
      'pink',
      'gold',
      'gold',
      'black',
      'white',
    ]);
    expect(['anthrazit', 'antracita', 'turchese', 'karminrot', 'platino', 'puro'].map(englishWord)).toEqual([
      'anthracite',
      'anthracite',
      'turquoise',
      'crimson',
      'platinum',
      'pure',
    ]);
    expect(['violet', 'violetto', 'morado', 'obsidienne', 'srebro', 'turq'].map(englishWord)).toEqual([
      'purple',
      'purple',
      'purple',
      'obsidian',
      'silver',
      'turquoise',
    ]);
    expect(['graphit', 'grafito', 'grafite', 'sable', 'sabbia', 'arena', 'areia'].map(englishWord)).toEqual([
      ...Array(3).fill('graphite'),
      ...Array(4).fill('sand'),
    ]);
    expect(['limoen', 'limette', 'lima', 'mangue'].map(englishWord)).toEqual(['lime', 'lime', 'lime', 'mango']);
  });

  it('reads the product-type nouns of shoe, watch and camera shops as one English word', () => {
    expect(['scarpe', 'chaussures', 'zapatillas', 'schuhe', 'buty'].map(englishWord)).toEqual(Array(5).fill('shoes'));
    expect(['reloj', 'montre', 'uhr', 'zegarek', 'orologio', 'watches'].map(englishWord)).toEqual(
      Array(6).fill('watch'),
    );
    expect(['automatico', 'automatik', 'automatyczny', 'auto'].map(englishWord)).toEqual(Array(4).fill('automatic'));
    expect(['futbol', 'calcio', 'soccer'].map(englishWord)).toEqual(Array(3).fill('football'));
    expect(['chronographe', 'cronografo', 'chrono'].map(englishWord)).toEqual(Array(3).fill('chronograph'));
  });

  it('reads the product types of camera and computer shops as the English word', () => {
    expect(['objektiv', 'objectif', 'obiettivo', 'objetivo'].map(englishWord)).toEqual(Array(4).fill('lens'));
    expect(['prozessor', 'speicher', 'tarjeta', 'koeler', 'stativ'].map(englishWord)).toEqual([
      'processor',
      'memory',
      'card',
      'cooler',
      'tripod',
    ]);
    expect(
      titleSimilarity(
        '"Sigma 30mm F1.4 DC HSM Art Objektiv für Canon"@de',
        '"Sigma 30mm F1.4 DC HSM Art Lens for Canon"@en',
      ),
    ).toBe(1);
  });

  it('reads Polish target groups, "junior", "youth" and Nike\'s grade-school "GS" as kids, Nike\'s "wmns" as women', () => {
    expect(['meskie', 'damskie', 'dzieciece', 'junior', 'youths', 'gs', 'wmns'].map(englishWord)).toEqual([
      'men',
      'women',
      'kids',
      'kids',
      'kids',
      'kids',
      'women',
    ]);
    expect(titleSimilarity('Nike Air Max 2016 (GS) - Rosa Hyper', 'Nike Air Max 2016 Men - Pink Hyper')).toBeLessThan(
      RULE_SCORE_THRESHOLD,
    );
    // Nike's "BG" is not read as kids: it is also the start of Canon's grip codes ("BG-E11").
    expect(englishWord('bg')).toBe('bg');
  });

  it('reads a shoe line\'s "RN" as run', () => {
    expect(englishWord('rn')).toBe('run');
    expect(
      titleSimilarity('Nike Flex 2016 Run - Nero/Bianco/Grigio', 'Nike Flex 2016 RN - Black/White/Grey'),
    ).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
  });

  it('reads leather in the platform languages', () => {
    expect(['cuir', 'piel', 'pelle', 'leder', 'couro', 'leer', 'skorzane'].map(englishWord)).toEqual(
      Array(7).fill('leather'),
    );
    expect(titleSimilarity('Puma evoSPEED 1.4 Cuir FG', 'Puma evoSPEED 1.4 Piel FG')).toBe(1);
  });

  it('reads German and Dutch compounds of a product-type noun as their two words', () => {
    expect(words('Automatikuhr Damenuhr Laufschuhe Herenhorloge Voetbalschoenen')).toEqual([
      'automatic',
      'watch',
      'women',
      'watch',
      'running',
      'shoes',
      'men',
      'watch',
      'football',
      'shoes',
    ]);
    expect(words('Handschuhe Uhren')).toEqual(['handschuhe', 'watch']);
    expect(words('Herrenchronograph Automatik')).toEqual(['men', 'chronograph', 'automatic']);
    expect(
      titleSimilarity('"Pontos S Herrenchronograph Automatik"@de', '"Mens Pontos S Automatic Chronograph Watch"@de'),
    ).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
    expect(
      titleSimilarity(
        '"Jazzmaster Seaview Day Date Automatikuhr"@de',
        '"Jazzmaster Seaview Day Date Automatic Watch"@de',
      ),
    ).toBe(1);
  });

  it('reads the abbreviations of software editions and licences as the word', () => {
    expect(
      ['pro', 'prem', 'prm', 'upg', 'std', 'svr', 'entprse', 'lic', 'acad', 'edu', 'student'].map(englishWord),
    ).toEqual([
      'professional',
      'premium',
      'premium',
      'upgrade',
      'standard',
      'server',
      'enterprise',
      'license',
      'academic',
      'academic',
      'academic',
    ]);
    expect(
      titleSimilarity('adobe creative suite cs3 production premium upgrade', 'adobe production prem cs3 upg'),
    ).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
    expect(
      titleSimilarity('microsoft windows server 2003 standard edition', 'microsoft win svr 2003 std'),
    ).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
  });

  it('leaves other words alone', () => {
    expect(englishWord('hypervenom')).toBe('hypervenom');
  });
});

describe('titles in two languages', () => {
  it('share their colours and product-type words', () => {
    expect(words('Nike Scarpe Nero/Volt')).toEqual(['nike', 'shoes', 'black', 'volt']);
    expect(words('Nike chaussures noir volt')).toEqual(['nike', 'shoes', 'black', 'volt']);
  });

  it('of one football boot for two grounds (firm, soft, turf, ...) are two products', () => {
    expect(
      titleSimilarity('Puma Esito Classico SG - Black/White', 'Puma Esito Classico FG - Nero/Bianco'),
    ).toBeLessThan(RULE_SCORE_THRESHOLD);
    expect(
      titleSimilarity('Puma Esito Classico FG - Black/White', 'Puma Esito Classico FG - Nero/Bianco'),
    ).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
  });

  it('of one colourway match though one shop says violet and the other purple', () => {
    const english = 'Nike Kids Hypervenom Phelon II FG - Total Crimson/Obsidian/Vivid Purple';
    expect(
      titleSimilarity('Nike Hypervenom Phelon II FG Enfant - Carmin/ Obsidienne/ Violet', english),
    ).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
    expect(titleSimilarity('Nike Hypervenom Phelon II FG Enfant - Carmin/ Obsidienne/ Bleu', english)).toBeLessThan(
      RULE_SCORE_THRESHOLD,
    );
  });

  it('tell colourways apart by their sports colour names too', () => {
    expect(
      titleSimilarity('Nike Zoom Speed TR3 - Nero/Bianco', 'Nike Zoom Speed TR3 - Karminrot/Schwarz/Volt'),
    ).toBeLessThan(RULE_SCORE_THRESHOLD);
    expect(titleSimilarity('Concave Quantum + SG - Czarny/Biały', 'Concave Quantum + SG - Wit/Limoen')).toBeLessThan(
      RULE_SCORE_THRESHOLD,
    );
    expect(
      titleSimilarity(
        'Nike Mercurial Victory V FG - Bright Mango/Metallic Silver/Hyper Turq',
        'Nike Mercurial Victory V FG - Mangue/ Argent/ Turquoise',
      ),
    ).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
  });

  it('of the same colours led by another one are two colourways', () => {
    expect(titleSimilarity('Concave Quantum + FG - Bianco/Nero', 'Concave Quantum + FG - Noir/ Blanc')).toBeLessThan(
      RULE_SCORE_THRESHOLD,
    );
    expect(titleSimilarity('Concave Quantum + FG - White/Black', 'Concave Quantum + FG - Black/White')).toBeLessThan(
      RULE_SCORE_THRESHOLD,
    );
    expect(titleSimilarity('Concave Quantum + FG - Bianco/Nero', 'Concave Quantum + FG - Blanc/ Noir')).toBe(1);
    // Rose gold is one colour, written the other way round in Spanish.
    expect(
      titleSimilarity(
        '"Daniel Wellington Sheffield oro rosa/blanco 36mm"@es',
        '"Daniel Wellington Sheffield rose gold/white 36mm"@en',
      ),
    ).toBe(1);
  });

  it('of one shoe match, and two colours of it still do not', () => {
    const polish = 'Nike TiempoX Mystic V TF - Czarny/Biały/Zielony buty';
    expect(titleSimilarity(polish, 'Nike TiempoX Mystic V TF - Negro/Blanco/Verde zapatillas')).toBeGreaterThanOrEqual(
      RULE_SCORE_THRESHOLD,
    );
    expect(titleSimilarity(polish, 'Nike TiempoX Mystic V TF - Rojo/Azul zapatillas')).toBeLessThan(
      RULE_SCORE_THRESHOLD,
    );
  });
});
