// Words that multi-country shops write in their own language, read as the English word that
// other shops use: "schwarz", "noir", "nero" are "black"; "herren", "homme" are "men". Listed
// are words whose agreement matters (colours, target groups, accessory scope), so that a title
// in German and one in English share them and "schwarz" / "white" still disagree, and the
// product-type nouns of the categories that web shops most often title in their own language
// (shoes, watches, cameras, computer parts), so that "Scarpe" / "Chaussures" is no difference between two
// offers of one shoe; and the abbreviations software shops write for editions ("prem", "upg").
// The languages are those of the platform's markets and of the WDC product corpus: de, fr, it,
// es, pt, nl, pl.
// Accents are already folded ("grün" → "grun", "weiß" → "weiss").

const TRANSLATIONS: ReadonlyArray<readonly [string, readonly string[]]> = [
  // Colours (de, fr, it, es, pt, nl, pl).
  [
    'black',
    [
      'schwarz',
      'noir',
      'noire',
      'nero',
      'nera',
      'negro',
      'negra',
      'preto',
      'preta',
      'zwart',
      'czarny',
      'czarna',
      'czarne',
      'blk',
    ],
  ],
  [
    'white',
    [
      'weiss',
      'blanc',
      'blanche',
      'bianco',
      'bianca',
      'blanco',
      'blanca',
      'branco',
      'branca',
      'wit',
      'witte',
      'bialy',
      'biala',
      'biale',
      'wht',
    ],
  ],
  [
    'silver',
    [
      'silber',
      'argent',
      'argente',
      'argento',
      'plata',
      'plateado',
      'prata',
      'prateado',
      'zilver',
      'srebrny',
      'srebrna',
      'srebrne',
      'srebro',
    ],
  ],
  [
    'red',
    [
      'rot',
      'rouge',
      'rosso',
      'rossa',
      'rojo',
      'roja',
      'vermelho',
      'vermelha',
      'rood',
      'czerwony',
      'czerwona',
      'czerwone',
    ],
  ],
  ['blue', ['blau', 'bleu', 'blu', 'azul', 'blauw', 'niebieski', 'niebieska', 'niebieskie']],
  ['green', ['grun', 'vert', 'verte', 'verde', 'groen', 'zielony', 'zielona', 'zielone']],
  ['pink', ['rosa', 'roze', 'rose', 'rozowy', 'rozowa', 'rozowe']],
  // Violet is purple in every shop's palette: Nike's "Vivid Purple" is "Violet" in French.
  [
    'purple',
    [
      'violet',
      'lila',
      'violett',
      'viola',
      'violetto',
      'violeta',
      'morado',
      'roxo',
      'paars',
      'fioletowy',
      'fioletowa',
      'fioletowe',
    ],
  ],
  ['yellow', ['gelb', 'jaune', 'giallo', 'amarillo', 'amarelo', 'geel', 'zolty', 'zolta', 'zolte']],
  ['orange', ['arancione', 'naranja', 'laranja', 'oranje']],
  ['gray', ['grey', 'grau', 'gris', 'grigio', 'grigia', 'cinza', 'grijs', 'szary', 'szara', 'szare']],
  ['gold', ['oro', 'dorado', 'dourado', 'goud', 'zloty', 'zlota', 'zlote', 'zloto', 'dore', 'doree']],
  ['brown', ['braun', 'marron', 'brun', 'marrone', 'marrom', 'bruin', 'brazowy', 'brazowa', 'brazowe']],
  ['graphite', ['graphit', 'grafito', 'grafite', 'grafiet', 'grafitowy', 'grafitowa', 'grafitowe']],
  ['sand', ['sable', 'sabbia', 'arena', 'areia', 'zand', 'piaskowy', 'piaskowa', 'piaskowe']],
  ['anthracite', ['anthrazit', 'antracite', 'antracita', 'antraciet']],
  ['turquoise', ['turq', 'turkis', 'turchese', 'turquesa', 'turkoois', 'turkusowy']],
  ['obsidian', ['obsidienne', 'ossidiana', 'obsidiana']],
  ['metallic', ['metallisch', 'metallique', 'metallizzato', 'metalizado', 'metaliczny', 'metaliczne', 'metaliczna']],
  ['crimson', ['karminrot', 'carmin', 'cremisi', 'cremise', 'carmesi']],
  ['platinum', ['platin', 'platine', 'platino', 'platyna']],
  ['pure', ['pur', 'pura', 'puro']],
  ['lime', ['limoen', 'limette', 'lima', 'limao']],
  ['mango', ['mangue']],
  // Target groups of shoes, clothes and watches.
  [
    'men',
    [
      'mens',
      'man',
      'male',
      'herren',
      'herre',
      'homme',
      'hommes',
      'uomo',
      'hombre',
      'hombres',
      'heren',
      'meskie',
      'meski',
    ],
  ],
  [
    'women',
    [
      'womens',
      'woman',
      'female',
      'ladies',
      'lady',
      'damen',
      'dame',
      'femme',
      'femmes',
      'donna',
      'mujer',
      'mujeres',
      'dames',
      'damskie',
      'damski',
      'wmns',
    ],
  ],
  [
    'kids',
    [
      'kid',
      'children',
      'childrens',
      'child',
      'kinder',
      'enfant',
      'enfants',
      'bambino',
      'bambini',
      'nino',
      'ninos',
      'infantil',
      'dzieciece',
      'dzieci',
      'junior',
      'jr',
      'youth',
      'youths',
      'gs',
    ],
  ],
  // Materials that shoe and watch shops name.
  ['leather', ['leder', 'cuir', 'pelle', 'piel', 'couro', 'leer', 'skora', 'skorzane', 'skorzany']],
  // Product types and kinds that shoe, watch and camera shops write in their own language.
  [
    'shoes',
    [
      'shoe',
      'schuhe',
      'schuh',
      'chaussures',
      'chaussure',
      'scarpe',
      'scarpa',
      'zapatillas',
      'zapatos',
      'sapatilhas',
      'schoenen',
      'buty',
      'obuwie',
    ],
  ],
  ['running', ['lauf', 'correr', 'corsa', 'hardloop']],
  ['run', ['rn']],
  ['football', ['soccer', 'fussball', 'futbol', 'calcio', 'voetbal', 'pilkarskie']],
  ['boots', ['botas', 'korki']],
  [
    'watch',
    [
      'watches',
      'uhr',
      'uhren',
      'funkuhr',
      'montre',
      'montres',
      'reloj',
      'relojes',
      'orologio',
      'relogio',
      'horloge',
      'zegarek',
    ],
  ],
  [
    'automatic',
    ['auto', 'automatik', 'automatique', 'automatico', 'automatica', 'automatisch', 'automatyczny', 'automatyczna'],
  ],
  ['chronograph', ['chronograf', 'chronographe', 'cronografo', 'chrono']],
  ['quartz', ['quarz', 'quarzo', 'cuarzo']],
  ['camera', ['cameras', 'kamera', 'camara', 'camaras', 'fotocamera', 'appareil']],
  ['lens', ['objektiv', 'objectif', 'obiettivo', 'objetivo', 'objectief', 'obiektyw']],
  ['tripod', ['stativ', 'trepied', 'treppiede', 'tripode', 'statief', 'statyw']],
  // ... and computer shops.
  ['processor', ['prozessor', 'processeur', 'processore', 'procesador', 'processador', 'procesor']],
  ['memory', ['speicher', 'arbeitsspeicher', 'memoire', 'memoria', 'geheugen', 'pamiec']],
  ['card', ['karte', 'carte', 'scheda', 'tarjeta', 'cartao', 'kaart', 'karta']],
  ['cooler', ['kuhler', 'refroidisseur', 'ventirad', 'dissipatore', 'disipador', 'koeler']],
  ['motherboard', ['mainboard', 'mobo']],
  // Accessory kinds, so that "Hülle für iPhone 12" and "iPhone 12 case" agree.
  ['case', ['cover', 'hulle', 'schutzhulle', 'etui', 'coque', 'housse', 'funda', 'custodia', 'capa', 'hoes', 'hoesje']],
  ['charger', ['ladegerat', 'chargeur', 'caricabatterie', 'cargador', 'carregador', 'oplader']],
  ['cable', ['kabel', 'cavo', 'cabo', 'cables', 'cavi']],
  ['adapter', ['adaptateur', 'adattatore', 'adaptador', 'adaptor']],
  ['protector', ['schutzfolie', 'displayschutz', 'panzerglas']],
  ['bag', ['tasche', 'sacoche', 'borsa', 'bolsa', 'tas']],
  ['strap', ['armband', 'bracelet', 'cinturino', 'correa', 'pulseira']],
  ['mount', ['halterung', 'support', 'supporto', 'soporte', 'suporte', 'houder']],
  // Abbreviations of software editions and licences.
  ['premium', ['prem', 'prm']],
  ['professional', ['pro']],
  ['upgrade', ['upg', 'upgr', 'upgrading', 'upgrades']],
  ['teacher', ['teachers']],
  ['standard', ['std']],
  ['server', ['svr', 'srv']],
  ['enterprise', ['ent', 'entprse']],
  ['license', ['lic', 'licence']],
  ['academic', ['acad', 'edu', 'education', 'student', 'students']],
  // "for": what follows names the device an accessory fits.
  ['for', ['fur', 'pour', 'para', 'per', 'voor']],
];

const ENGLISH_OF: ReadonlyMap<string, string> = new Map(
  TRANSLATIONS.flatMap(([english, spellings]) => spellings.map((spelling) => [spelling, english] as const)),
);

/** The English word for a listed foreign (or variant) spelling, else the word itself. */
export function englishWord(word: string): string {
  return ENGLISH_OF.get(word) ?? word;
}

/** Product-type nouns that German and Dutch shops join to the word before them ("Automatikuhr",
 *  "Damenuhr", "Laufschuhe", "Herenhorloge"). */
const COMPOUND_HEADS = ['uhren', 'uhr', 'chronograph', 'schuhe', 'schoenen', 'horloge', 'kamera', 'tasche'];
/** Words ending like a head that are no compound of it ("Handschuhe" are gloves). */
const NOT_COMPOUNDS = new Set(['handschuhe', 'handschuh']);
const MIN_COMPOUND_PART = 3;

/** A compound of a product-type noun as its two words ("automatikuhr" → "automatik", "uhr"),
 *  so that it shares them with "Automatic Watch"; any other word as itself. */
export function splitCompound(word: string): string[] {
  if (ENGLISH_OF.has(word) || NOT_COMPOUNDS.has(word)) return [word];
  const head = COMPOUND_HEADS.find(
    (candidate) => word.endsWith(candidate) && word.length - candidate.length >= MIN_COMPOUND_PART,
  );
  return head ? [word.slice(0, -head.length), head] : [word];
}
