import { RULE_SCORE_THRESHOLD } from './title-scoring';
import { cleanTitle, splitNameLiteral } from './title-text';
import { titleSimilarity } from './title';

describe('cleanTitle', () => {
  it('drops prices written into web titles, in either currency position', () => {
    expect(cleanTitle('Seiko Kinetic Watch SKA531P1 nur € 329.00')).toBe('seiko kinetic watch ska531p1 nur');
    expect(cleanTitle('Junghans Meister 027/3591.00 nur 2.240 00 €')).toBe('junghans meister 027/3591.00 nur');
    expect(cleanTitle('Transcend 64gb Sdxc for $49.48.')).toBe('transcend 64gb sdxc for');
    expect(cleanTitle('Tissot PRX 375 EUR')).toBe('tissot prx');
  });

  it("drops a shop's promotion code", () => {
    expect(cleanTitle('Michael Kors Tortoise Watch | SHOPBOP SAVE UP TO 30% Use Code: MORE17')).toBe(
      'michael kors tortoise watch | shopbop save up to 30%',
    );
  });

  it('keeps numbers that are no price', () => {
    expect(cleanTitle('Canon EF 40mm f/2.8 STM')).toBe('canon ef 40mm f2.8 stm');
  });

  it('drops possessives, however the apostrophe is written', () => {
    expect(cleanTitle("Men's Watch")).toBe('men watch');
    expect(cleanTitle('Women´s Running Shoes')).toBe('women running shoes');
    expect(cleanTitle("let 's make stickers")).toBe('let make stickers');
  });

  it('still reads a foot or inch mark after a number, not a quote that opens a literal', () => {
    expect(cleanTitle("50 ' plasma")).toBe('50 in plasma');
    expect(cleanTitle('Junghans Max Bill Watch 047/4658.00 "Luxury Watches"')).toBe(
      'junghans max bill watch 047/4658.00 "luxury watches"',
    );
  });

  it("reads a screen's diagonal without its inch mark as inches, a projection screen's too", () => {
    expect(cleanTitle('Elite Screens Motorized Screen - 92 diagonal')).toBe(
      cleanTitle('Elite Screens Motorized Screen - 92" diagonal'),
    );
    expect(cleanTitle('Leinwand 165 Diagonale')).toBe('leinwand 165 in diagonale');
    const maxWhite = (size: number) =>
      `elite screens maxwhite vmax2 plus2 series ezelectric motorized screen - ${size} diagonal`;
    expect(titleSimilarity(maxWhite(135), maxWhite(92))).toBeLessThan(RULE_SCORE_THRESHOLD);
    expect(titleSimilarity(maxWhite(135), maxWhite(165))).toBeLessThan(RULE_SCORE_THRESHOLD);
  });
});

describe('splitNameLiteral', () => {
  it('cuts a web title after its language-tagged name literal', () => {
    expect(splitNameLiteral('"Nike Free RN"@de " Nike Laufschuhe Herren | Shop "@de')).toEqual([
      '"Nike Free RN"@de',
      ' " Nike Laufschuhe Herren | Shop "@de',
    ]);
    expect(splitNameLiteral('"Samsung 960 Pro 2TB - Prijzen "@NL Tweakers"@NL')).toEqual([
      '"Samsung 960 Pro 2TB - Prijzen "@NL',
      ' Tweakers"@NL',
    ]);
  });

  it('cuts after the closing quote of a title that opens with one, but not at an inch mark', () => {
    expect(splitNameLiteral('"Intel Core i5-3570" "Comprar Intel i5-3570 - PowerPlanetOnline"')).toEqual([
      '"Intel Core i5-3570"',
      ' "Comprar Intel i5-3570 - PowerPlanetOnline"',
    ]);
    expect(splitNameLiteral('"Targus Essential 15.6" Backpack"')).toEqual(['"Targus Essential 15.6" Backpack"', '']);
  });

  it('cuts a name padded with spaces inside its quotes where the page text follows without a space', () => {
    expect(splitNameLiteral('" Mens Sekonda Watch 1350 "Sale | The Hut"')).toEqual([
      '" Mens Sekonda Watch 1350 "',
      'Sale | The Hut"',
    ]);
    expect(splitNameLiteral('" D300S DSLR Camera (Body Only) "Nikon 25464 B&H Photo Video"')).toEqual([
      '" D300S DSLR Camera (Body Only) "',
      'Nikon 25464 B&H Photo Video"',
    ]);
  });

  it("cuts after a quote that the name's last word follows again, though a number precedes it", () => {
    expect(splitNameLiteral('"Sandisk Extreme microSDHC 64Gb Type 10" 10 acheter et offres sur Scubastore"')).toEqual([
      '"Sandisk Extreme microSDHC 64Gb Type 10"',
      ' 10 acheter et offres sur Scubastore"',
    ]);
    expect(splitNameLiteral('"Buff FC Barcelona Polar 15/16" 15/16 comprar y ofertas en Runnerinn"')).toEqual([
      '"Buff FC Barcelona Polar 15/16"',
      ' 15/16 comprar y ofertas en Runnerinn"',
    ]);
  });

  it('leaves other titles whole', () => {
    expect(splitNameLiteral('Sony SEL 55-210mm F4.5-6.3 OSS')).toEqual(['Sony SEL 55-210mm F4.5-6.3 OSS', '']);
    expect(splitNameLiteral('Apple iMac 21.5" MD094LL/A')).toEqual(['Apple iMac 21.5" MD094LL/A', '']);
    expect(splitNameLiteral('"Air Force 1 07"@en')).toEqual(['"Air Force 1 07"@en', '']);
  });
});
