// Words that multi-country shops write in their own language, read as the English word that
// other shops use: "schwarz", "noir", "nero" are "black"; "herren", "homme" are "men". Only
// words whose agreement matters (colours, target groups, accessory scope) are listed: a title
// in German and one in English then share them, and "schwarz" / "white" still disagree.
// Accents are already folded ("grün" → "grun", "weiß" → "weiss").

const TRANSLATIONS: ReadonlyArray<readonly [string, readonly string[]]> = [
  // Colours (de, fr, it, es, pt, nl).
  ['black', ['schwarz', 'noir', 'noire', 'nero', 'nera', 'negro', 'negra', 'preto', 'preta', 'zwart']],
  ['white', ['weiss', 'blanc', 'blanche', 'bianco', 'bianca', 'blanco', 'blanca', 'branco', 'branca', 'wit', 'witte']],
  ['silver', ['silber', 'argent', 'argente', 'argento', 'plata', 'plateado', 'prata', 'prateado', 'zilver']],
  ['red', ['rot', 'rouge', 'rosso', 'rossa', 'rojo', 'roja', 'vermelho', 'vermelha', 'rood']],
  ['blue', ['blau', 'bleu', 'blu', 'azul', 'blauw']],
  ['green', ['grun', 'vert', 'verte', 'verde', 'groen']],
  ['pink', ['rosa', 'roze']],
  ['purple', ['lila', 'violett', 'viola', 'morado', 'roxo', 'paars']],
  ['yellow', ['gelb', 'jaune', 'giallo', 'amarillo', 'amarelo', 'geel']],
  ['orange', ['arancione', 'naranja', 'laranja', 'oranje']],
  ['gray', ['grey', 'grau', 'gris', 'grigio', 'grigia', 'cinza', 'grijs']],
  ['gold', ['oro', 'dorado', 'dourado', 'goud']],
  ['brown', ['braun', 'marron', 'brun', 'marrone', 'marrom', 'bruin']],
  // Target groups of shoes, clothes and watches.
  ['men', ['mens', 'man', 'male', 'herren', 'herre', 'homme', 'hommes', 'uomo', 'hombre', 'hombres', 'heren']],
  ['women', ['womens', 'woman', 'female', 'ladies', 'lady', 'damen', 'dame', 'femme', 'femmes', 'donna', 'mujer', 'mujeres', 'dames']],
  ['kids', ['kid', 'children', 'childrens', 'child', 'kinder', 'enfant', 'enfants', 'bambino', 'bambini', 'nino', 'ninos', 'infantil']],
  // Accessory kinds, so that "Hülle für iPhone 12" and "iPhone 12 case" agree.
  ['case', ['cover', 'hulle', 'schutzhulle', 'etui', 'coque', 'housse', 'funda', 'custodia', 'capa', 'hoes', 'hoesje']],
  ['charger', ['ladegerat', 'chargeur', 'caricabatterie', 'cargador', 'carregador', 'oplader']],
  ['cable', ['kabel', 'cavo', 'cabo', 'cables', 'cavi']],
  ['adapter', ['adaptateur', 'adattatore', 'adaptador', 'adaptor']],
  ['protector', ['schutzfolie', 'displayschutz', 'panzerglas']],
  ['bag', ['tasche', 'sacoche', 'borsa', 'bolsa', 'tas']],
  ['strap', ['armband', 'bracelet', 'cinturino', 'correa', 'pulseira']],
  ['mount', ['halterung', 'support', 'supporto', 'soporte', 'suporte', 'houder']],
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
