/** The languages the built-in list names every category in. */
export const BUILTIN_LANGUAGES = ['en', 'de', 'fr', 'it', 'es', 'pt'] as const;
export type BuiltinLanguage = (typeof BUILTIN_LANGUAGES)[number];
type Names = Readonly<Record<BuiltinLanguage, string>>;

/** A category of the built-in list: a Google product taxonomy id, its parent (0: root), its names. */
export interface BuiltinCategory {
  readonly id: number;
  readonly parentId: number;
  readonly depth: number;
  readonly names: Names;
}

/*
 * Our own small category list for machines without Google's taxonomy files (they carry no licence
 * to ship them): the eight top-level verticals and the leaves the demo product templates use, two
 * levels deep. Ids are Google product taxonomy ids, so the demo shops' feeds, the seed's products
 * and the catalog's categories carry the same ids either way.
 */
const ROOTS: readonly (readonly [number, Names])[] = [
  [
    222,
    { en: 'Electronics', de: 'Elektronik', fr: 'Électronique', it: 'Elettronica', es: 'Electrónica', pt: 'Eletrónica' },
  ],
  [
    141,
    {
      en: 'Cameras & Optics',
      de: 'Kameras & Optik',
      fr: 'Photo et optique',
      it: 'Fotocamere e ottica',
      es: 'Cámaras y óptica',
      pt: 'Câmaras e ótica',
    },
  ],
  [
    536,
    {
      en: 'Home & Garden',
      de: 'Haus & Garten',
      fr: 'Maison et jardin',
      it: 'Casa e giardino',
      es: 'Casa y jardín',
      pt: 'Casa e jardim',
    },
  ],
  [
    988,
    {
      en: 'Sporting Goods',
      de: 'Sportartikel',
      fr: 'Articles de sport',
      it: 'Articoli sportivi',
      es: 'Artículos deportivos',
      pt: 'Artigos de desporto',
    },
  ],
  [
    166,
    {
      en: 'Apparel & Accessories',
      de: 'Bekleidung & Accessoires',
      fr: 'Vêtements et accessoires',
      it: 'Abbigliamento e accessori',
      es: 'Ropa y accesorios',
      pt: 'Vestuário e acessórios',
    },
  ],
  [
    1239,
    {
      en: 'Toys & Games',
      de: 'Spielzeug & Spiele',
      fr: 'Jeux et jouets',
      it: 'Giochi e giocattoli',
      es: 'Juguetes y juegos',
      pt: 'Brinquedos e jogos',
    },
  ],
  [
    632,
    { en: 'Hardware', de: 'Heimwerkerbedarf', fr: 'Bricolage', it: 'Ferramenta', es: 'Bricolaje', pt: 'Bricolage' },
  ],
  [
    469,
    {
      en: 'Health & Beauty',
      de: 'Gesundheit & Schönheit',
      fr: 'Santé et beauté',
      it: 'Salute e bellezza',
      es: 'Salud y belleza',
      pt: 'Saúde e beleza',
    },
  ],
];

const LEAVES: readonly (readonly [number, number, Names])[] = [
  [
    505771,
    222,
    {
      en: 'Headphones & Headsets',
      de: 'Kopfhörer & Headsets',
      fr: 'Casques et écouteurs',
      it: 'Cuffie e auricolari',
      es: 'Auriculares',
      pt: 'Auscultadores',
    },
  ],
  [
    249,
    222,
    { en: 'Speakers', de: 'Lautsprecher', fr: 'Enceintes', it: 'Altoparlanti', es: 'Altavoces', pt: 'Colunas' },
  ],
  [
    267,
    222,
    {
      en: 'Mobile Phones',
      de: 'Handys',
      fr: 'Téléphones mobiles',
      it: 'Telefoni cellulari',
      es: 'Teléfonos móviles',
      pt: 'Telemóveis',
    },
  ],
  [
    328,
    222,
    { en: 'Laptops', de: 'Notebooks', fr: 'Ordinateurs portables', it: 'Notebook', es: 'Portátiles', pt: 'Portáteis' },
  ],
  [4745, 222, { en: 'Tablets', de: 'Tablets', fr: 'Tablettes', it: 'Tablet', es: 'Tabletas', pt: 'Tablets' }],
  [
    404,
    222,
    { en: 'Televisions', de: 'Fernseher', fr: 'Téléviseurs', it: 'Televisori', es: 'Televisores', pt: 'Televisores' },
  ],
  [
    1294,
    222,
    {
      en: 'Video Game Consoles',
      de: 'Spielkonsolen',
      fr: 'Consoles de jeux',
      it: 'Console per videogiochi',
      es: 'Videoconsolas',
      pt: 'Consolas de jogos',
    },
  ],
  [
    380,
    222,
    {
      en: 'Hard Drives & SSDs',
      de: 'Festplatten & SSDs',
      fr: 'Disques durs et SSD',
      it: 'Dischi rigidi e SSD',
      es: 'Discos duros y SSD',
      pt: 'Discos rígidos e SSD',
    },
  ],
  [
    500106,
    222,
    { en: 'Printers', de: 'Drucker', fr: 'Imprimantes', it: 'Stampanti', es: 'Impresoras', pt: 'Impressoras' },
  ],
  [
    152,
    141,
    {
      en: 'Digital Cameras',
      de: 'Digitalkameras',
      fr: 'Appareils photo numériques',
      it: 'Fotocamere digitali',
      es: 'Cámaras digitales',
      pt: 'Câmaras digitais',
    },
  ],
  [
    736,
    536,
    {
      en: 'Coffee Machines',
      de: 'Kaffeemaschinen',
      fr: 'Machines à café',
      it: 'Macchine da caffè',
      es: 'Cafeteras',
      pt: 'Máquinas de café',
    },
  ],
  [
    619,
    536,
    {
      en: 'Vacuum Cleaners',
      de: 'Staubsauger',
      fr: 'Aspirateurs',
      it: 'Aspirapolvere',
      es: 'Aspiradoras',
      pt: 'Aspiradores',
    },
  ],
  [
    2549,
    536,
    {
      en: 'Washing Machines',
      de: 'Waschmaschinen',
      fr: 'Lave-linge',
      it: 'Lavatrici',
      es: 'Lavadoras',
      pt: 'Máquinas de lavar roupa',
    },
  ],
  [
    686,
    536,
    {
      en: 'Refrigerators',
      de: 'Kühlschränke',
      fr: 'Réfrigérateurs',
      it: 'Frigoriferi',
      es: 'Frigoríficos',
      pt: 'Frigoríficos',
    },
  ],
  [
    753,
    536,
    {
      en: 'Microwaves',
      de: 'Mikrowellen',
      fr: 'Micro-ondes',
      it: 'Forni a microonde',
      es: 'Microondas',
      pt: 'Micro-ondas',
    },
  ],
  [
    505666,
    536,
    { en: 'Blenders', de: 'Mixer', fr: 'Blenders', it: 'Frullatori', es: 'Batidoras', pt: 'Liquidificadoras' },
  ],
  [
    762,
    536,
    { en: 'Toasters', de: 'Toaster', fr: 'Grille-pain', it: 'Tostapane', es: 'Tostadoras', pt: 'Torradeiras' },
  ],
  [
    680,
    536,
    {
      en: 'Dishwashers',
      de: 'Geschirrspüler',
      fr: 'Lave-vaisselle',
      it: 'Lavastoviglie',
      es: 'Lavavajillas',
      pt: 'Máquinas de lavar loiça',
    },
  ],
  [
    694,
    536,
    { en: 'Lawn Mowers', de: 'Rasenmäher', fr: 'Tondeuses', it: 'Tagliaerba', es: 'Cortacéspedes', pt: 'Corta-relvas' },
  ],
  [
    2313,
    536,
    {
      en: 'Garden Hoses',
      de: 'Gartenschläuche',
      fr: 'Tuyaux d’arrosage',
      it: 'Tubi da giardino',
      es: 'Mangueras',
      pt: 'Mangueiras',
    },
  ],
  [
    1226,
    536,
    {
      en: 'Pressure Washers',
      de: 'Hochdruckreiniger',
      fr: 'Nettoyeurs haute pression',
      it: 'Idropulitrici',
      es: 'Hidrolimpiadoras',
      pt: 'Máquinas de lavar a pressão',
    },
  ],
  [1026, 988, { en: 'Bicycles', de: 'Fahrräder', fr: 'Vélos', it: 'Biciclette', es: 'Bicicletas', pt: 'Bicicletas' }],
  [
    997,
    988,
    {
      en: 'Treadmills',
      de: 'Laufbänder',
      fr: 'Tapis de course',
      it: 'Tapis roulant',
      es: 'Cintas de correr',
      pt: 'Passadeiras',
    },
  ],
  [1022, 988, { en: 'Tents', de: 'Zelte', fr: 'Tentes', it: 'Tende', es: 'Tiendas de campaña', pt: 'Tendas' }],
  [
    1112,
    988,
    {
      en: 'Footballs',
      de: 'Fussbälle',
      fr: 'Ballons de football',
      it: 'Palloni da calcio',
      es: 'Balones de fútbol',
      pt: 'Bolas de futebol',
    },
  ],
  [187, 166, { en: 'Shoes', de: 'Schuhe', fr: 'Chaussures', it: 'Scarpe', es: 'Calzado', pt: 'Calçado' }],
  [201, 166, { en: 'Watches', de: 'Uhren', fr: 'Montres', it: 'Orologi', es: 'Relojes', pt: 'Relógios' }],
  [
    3287,
    1239,
    {
      en: 'Building Sets',
      de: 'Bausets',
      fr: 'Jeux de construction',
      it: 'Costruzioni',
      es: 'Juegos de construcción',
      pt: 'Jogos de construção',
    },
  ],
  [1257, 1239, { en: 'Dolls', de: 'Puppen', fr: 'Poupées', it: 'Bambole', es: 'Muñecas', pt: 'Bonecas' }],
  [
    1246,
    1239,
    {
      en: 'Board Games',
      de: 'Brettspiele',
      fr: 'Jeux de société',
      it: 'Giochi da tavolo',
      es: 'Juegos de mesa',
      pt: 'Jogos de tabuleiro',
    },
  ],
  [
    2546,
    1239,
    {
      en: 'Remote Control Toys',
      de: 'Ferngesteuertes Spielzeug',
      fr: 'Jouets télécommandés',
      it: 'Giocattoli radiocomandati',
      es: 'Juguetes teledirigidos',
      pt: 'Brinquedos telecomandados',
    },
  ],
  [1217, 632, { en: 'Drills', de: 'Bohrmaschinen', fr: 'Perceuses', it: 'Trapani', es: 'Taladros', pt: 'Berbequins' }],
  [479, 469, { en: 'Perfume', de: 'Parfum', fr: 'Parfums', it: 'Profumi', es: 'Perfumes', pt: 'Perfumes' }],
  [
    532,
    469,
    {
      en: 'Electric Shavers',
      de: 'Elektrorasierer',
      fr: 'Rasoirs électriques',
      it: 'Rasoi elettrici',
      es: 'Afeitadoras eléctricas',
      pt: 'Máquinas de barbear',
    },
  ],
  [
    490,
    469,
    {
      en: 'Hair Dryers',
      de: 'Haartrockner',
      fr: 'Sèche-cheveux',
      it: 'Asciugacapelli',
      es: 'Secadores de pelo',
      pt: 'Secadores de cabelo',
    },
  ],
  [
    527,
    469,
    {
      en: 'Toothbrushes',
      de: 'Zahnbürsten',
      fr: 'Brosses à dents',
      it: 'Spazzolini',
      es: 'Cepillos de dientes',
      pt: 'Escovas de dentes',
    },
  ],
  [
    2592,
    469,
    {
      en: 'Face Care',
      de: 'Gesichtspflege',
      fr: 'Soins du visage',
      it: 'Cura del viso',
      es: 'Cuidado facial',
      pt: 'Cuidados do rosto',
    },
  ],
];

/** Parents before children, every category named in every built-in language. */
export const BUILTIN_CATEGORIES: readonly BuiltinCategory[] = [
  ...ROOTS.map(([id, names]) => ({ id, parentId: 0, depth: 0, names })),
  ...LEAVES.map(([id, parentId, names]) => ({ id, parentId, depth: 1, names })),
];
