/**
 * Invented brands (no real trademarks): the name, the GS1 country prefix of their GTINs (their
 * home country), a three-digit company code that makes their GTINs unique, and the prefix of
 * their manufacturer part numbers.
 */
export interface Brand {
  readonly name: string;
  readonly gs1Prefix: string;
  readonly companyCode: string;
  readonly mpnPrefix: string;
}

const brand = (name: string, gs1Prefix: string, companyCode: string, mpnPrefix: string): Brand => ({
  name,
  gs1Prefix,
  companyCode,
  mpnPrefix,
});

export const BRANDS = {
  // electronics
  auralis: brand('Auralis', '400', '101', 'AU'),
  sonivo: brand('Sonivo', '880', '102', 'SNV'),
  kleintone: brand('Kleintone', '761', '103', 'KT'),
  nordtek: brand('Nordtek', '730', '104', 'NT'),
  kyomi: brand('Kyomi', '450', '105', 'KY'),
  veltron: brand('Veltron', '690', '106', 'VLT'),
  orbix: brand('Orbix', '871', '107', 'OBX'),
  pixora: brand('Pixora', '491', '108', 'PX'),
  castellan: brand('Castellan', '501', '109', 'CS'),
  datavault: brand('DataVault', '690', '110', 'DV'),
  gamestation: brand('Ludix', '452', '111', 'LDX'),
  // home appliances
  kesslerSohn: brand('Kessler & Sohn', '401', '121', 'KS'),
  bravaCasa: brand('Brava Casa', '801', '122', 'BC'),
  frostline: brand('Frostline', '731', '123', 'FL'),
  vapora: brand('Vapora', '302', '124', 'VAP'),
  domestia: brand('Domestia', '402', '125', 'DOM'),
  caffeAlpino: brand('Caffè Alpino', '762', '126', 'CA'),
  // sports
  velocita: brand('Velocita', '802', '131', 'VEL'),
  bergfeld: brand('Bergfeld', '403', '132', 'BF'),
  trailmark: brand('Trailmark', '502', '133', 'TM'),
  strideLab: brand('Stride Lab', '303', '134', 'SL'),
  kickwell: brand('Kickwell', '841', '135', 'KW'),
  // toys
  brickolo: brand('Brickolo', '570', '141', 'BRK'),
  spielwerk: brand('Spielwerk', '404', '142', 'SW'),
  ludora: brand('Ludora', '304', '143', 'LU'),
  turbotoy: brand('Turbotoy', '691', '144', 'TT'),
  // garden and tools
  greenmow: brand('Greenmow', '503', '151', 'GM'),
  bohrkraft: brand('Bohrkraft', '405', '152', 'BK'),
  hydrova: brand('Hydrova', '842', '153', 'HY'),
  verdalia: brand('Verdalia', '803', '154', 'VD'),
  // beauty and personal care
  maisonElara: brand('Maison Elara', '305', '161', 'ME'),
  dentiva: brand('Dentiva', '406', '162', 'DT'),
  coiffa: brand('Coiffa', '804', '163', 'CF'),
  rasoLux: brand('Rasolux', '732', '164', 'RX'),
  serene: brand('Sérène', '306', '165', 'SR'),
  // watches and shoes
  helvetor: brand('Helvetor', '763', '171', 'HV'),
  chronalp: brand('Chronalp', '764', '172', 'CHA'),
  passoLesto: brand('Passo Lesto', '805', '173', 'PL'),
} as const satisfies Record<string, Brand>;
