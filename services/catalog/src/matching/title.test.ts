import { compareTitleProfiles, scoreTitleComparison, titleBlockingKeys, titleSimilarity } from './title';
import { profileTitle } from './title-profile';
import { RULE_SCORE_THRESHOLD, TITLE_SCORING } from './title-scoring';
import { DEFAULT_TOKEN_WEIGHTS, learnTokenWeights } from './token-weights';

const sharesKey = (a: string[], b: string[]): boolean => a.some((key) => b.includes(key));

describe('titleSimilarity', () => {
  it('is 1 for the same title and 0 against an empty one', () => {
    expect(titleSimilarity('Logitech Wireless Mouse M310', 'logitech wireless mouse m310')).toBe(1);
    expect(titleSimilarity('', 'logitech wireless mouse m310')).toBe(0);
  });

  it('is symmetric and within [0, 1]', () => {
    const titles = [
      'hp q3675a image transfer kit',
      'hewlett packard q3675a transfer kit for color laserjet 4650',
      'adobe dreamweaver cs3 [ mac ]',
      'sandisk ultra 16gb sdhc card',
      '"WD Red WD20EFRX 2TB NAS Hard Drive"@en',
    ];
    for (const a of titles) {
      for (const b of titles) {
        const score = titleSimilarity(a, b);
        expect(score).toBe(titleSimilarity(b, a));
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(1);
      }
    }
  });

  it('ignores word order, case and how units are written', () => {
    expect(
      titleSimilarity('apple ipad mini 4 wi-fi 128gb silver', 'Silver 128 GB Apple iPad mini 4 Wi-Fi'),
    ).toBeGreaterThan(0.95);
  });

  it('finds a word that the other title writes as two', () => {
    expect(titleSimilarity('omniweb 5.0', 'omni web 5.0')).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
    expect(titleSimilarity('transcend 32gb compactflash card', 'transcend 32gb compact flash card')).toBe(1);
    expect(titleSimilarity('transcend 32gb compactflash card', 'transcend 32gb compact flash card')).toBe(
      titleSimilarity('transcend 32gb compact flash card', 'transcend 32gb compactflash card'),
    );
    // ... with a single letter as the second ("Fuze X", "cook 'n").
    expect(titleSimilarity('Asics Fuze X Lyte 2', 'ASICS FUZEX LYTE 2')).toBe(1);
    expect(titleSimilarity("dvo enterprises cook 'n vegetarian", 'dvo enterprises cookn vegetarian')).toBe(1);
  });

  it("reads a CD's jewel case, however written, as packaging, not as an accessory case", () => {
    expect(titleSimilarity('typing instructor deluxe ( jewel case )', 'typing instructor deluxe j/c')).toBe(1);
    expect(titleSimilarity('hoyle card games ( jewel case )', 'encore hoyle card games for pc')).toBeGreaterThanOrEqual(
      RULE_SCORE_THRESHOLD,
    );
  });

  it('finds a short version that the other title writes apart ("tr3" / "tr 3")', () => {
    expect(titleSimilarity('nike zoom speed tr3', 'nike zoom speed tr 3')).toBe(1);
    expect(titleSimilarity('cubase se3 educational edition', 'cubase se 3.0 educational edition')).toBe(1);
    expect(titleSimilarity('nike zoom speed tr3', 'nike zoom speed tr 4')).toBeLessThan(RULE_SCORE_THRESHOLD);
  });

  it('scores a model-number mismatch low though every other word agrees', () => {
    const same = titleSimilarity(
      'Canon PowerShot SX110 IS digital camera black',
      'canon powershot sx110 is black digital camera',
    );
    const other = titleSimilarity(
      'Canon PowerShot SX110 IS digital camera black',
      'Canon PowerShot SX120 IS digital camera black',
    );
    expect(same).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
    expect(other).toBeLessThan(0.5);
  });

  it('scores a shared model code high though the wording differs', () => {
    expect(
      titleSimilarity('hp q3675a image transfer kit', 'hewlett packard q3675a transfer kit for color laserjet 4650'),
    ).toBeGreaterThan(0.9);
    // Shops write codes with separators, spaces or a suffix.
    expect(
      titleSimilarity('sony dav-is50 / b home theater system', 'sony bravia theater black micro system davis50b'),
    ).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
    expect(titleSimilarity('seiko skx007k1 divers watch', 'Seiko SKX007K automatic watch')).toBeGreaterThanOrEqual(
      RULE_SCORE_THRESHOLD,
    );
  });

  it('keeps two suffixed variants of one base code apart (colours)', () => {
    expect(titleSimilarity('sony dvp-fx820w portable dvd player', 'sony dvp-fx820l portable dvd player')).toBeLessThan(
      RULE_SCORE_THRESHOLD,
    );
  });

  it('keeps capacities, versions, editions and platforms apart', () => {
    expect(titleSimilarity('sandisk ultra 16gb sdhc card', 'sandisk ultra 32 gb sdhc card')).toBeLessThan(0.5);
    expect(titleSimilarity('adobe dreamweaver cs3 [ mac ]', 'adobe dreamweaver cs4 mac')).toBeLessThan(
      RULE_SCORE_THRESHOLD,
    );
    expect(titleSimilarity('adobe fireworks cs3 mac', 'adobe fireworks cs3 academic mac')).toBeLessThan(
      RULE_SCORE_THRESHOLD,
    );
    expect(titleSimilarity('adobe fireworks cs3 [ mac ]', 'adobe fireworks cs3 windows')).toBeLessThan(0.5);
    expect(titleSimilarity('adobe photoshop cs3 for mac', 'adobe photoshop cs3 extended for mac')).toBeLessThan(
      RULE_SCORE_THRESHOLD,
    );
    expect(
      titleSimilarity(
        'webroot spy sweeper with antivirus 3 user',
        'webroot spy sweeper with antivirus family edition 3 user',
      ),
    ).toBeLessThan(RULE_SCORE_THRESHOLD);
  });

  it('keeps generations written as roman numerals apart, and agrees with the number written in digits', () => {
    expect(
      titleSimilarity('Street Fighter IV Champion Edition PS3', 'Street Fighter V Champion Edition PS3'),
    ).toBeLessThan(RULE_SCORE_THRESHOLD);
    expect(
      titleSimilarity('Final Fantasy XV Deluxe Edition PS4', 'Final Fantasy 15 Deluxe Edition PlayStation 4'),
    ).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
    // ... though a line code is shared.
    expect(
      titleSimilarity('Canon EOS-1D Mark III Digital SLR Camera Body', 'Canon EOS-1D Mark IV Digital SLR Camera Body'),
    ).toBeLessThan(RULE_SCORE_THRESHOLD);
  });

  it("takes a processor's model as its code when the processor is what is sold, not in a computer's spec list", () => {
    const boxed = 'Intel Core i5-6400 2.7GHz Quad-Core Processor (BX80662I56400)';
    expect(
      titleSimilarity(boxed, 'S1151 Core I5-6400 (4Core, 2.7Ghz, 6Mb, Gen9 LP, 65W) Boite'),
    ).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
    expect(titleSimilarity('Intel Core i7-7700 Boxed', 'Intel Core i7-7700K 4.2GHz Processor Boxed')).toBeLessThan(
      RULE_SCORE_THRESHOLD,
    );
    // ... written apart too ("i7 6850K").
    expect(
      titleSimilarity('Intel Core i7-6850K 4.0 GHz', 'Intel i7 6850K Broadwell Extreme Unlocked CPU/Processor'),
    ).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
    expect(
      titleSimilarity('Dell Inspiron 15 i5-8250U 8GB 256GB SSD Laptop', 'HP Pavilion 15 i5-8250U 8GB 256GB SSD Laptop'),
    ).toBeLessThan(RULE_SCORE_THRESHOLD);
  });

  it('reads AMD\'s Ryzen models ("1600X", "1400") as processor models, not a speed rating or a bare number', () => {
    expect(
      titleSimilarity(
        '"AMD Ryzen 5 1600X Boxed zonder koeler - Prijzen "@NL Tweakers"@NL',
        '"AMD Ryzen 5 Six Core 1600X 4.00GHz (Socket AM4) Processor - Retail"@en',
      ),
    ).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
    expect(
      titleSimilarity(
        'AMD Ryzen 5 1400 Boxed Processor',
        'AMD Ryzen 5 1400 Quad Core AM4 CPU with Wraith Stealth cooler',
      ),
    ).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
    expect(titleSimilarity('AMD Ryzen 5 1600X Boxed Processor', 'AMD Ryzen 5 1500X Boxed Processor')).toBeLessThan(
      RULE_SCORE_THRESHOLD,
    );
    // A memory card's speed rating stays one.
    expect(titleSimilarity('Transcend 64GB CF 1000x', 'Transcend 64GB CF 1067x')).toBeLessThan(RULE_SCORE_THRESHOLD);
  });

  it("does not set a season (SS15) against another shop's model code", () => {
    expect(
      titleSimilarity(
        'Asics Gel GT 1000 3 Kids Running Shoes SS15 7001',
        'Asics Gel GT 1000 3 Kids Running Shoes C463N 7001',
      ),
    ).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
  });

  it('lets a shared maker code settle an edition word, not a refill or a licence', () => {
    const pny = 'PNY 64GB SDXC UHS-I Flash Memory Card, Class 10 (P-SDX64U395-GE)';
    expect(
      titleSimilarity(pny, 'PNY Elite Performance 64GB Flash Memory SDXC Class 10 UHS-I (P-SDX64U395-GE)'),
    ).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
    expect(
      titleSimilarity('hp ce278a black toner cartridge', 'generic compatible black toner cartridge replaces hp ce278a'),
    ).toBeLessThan(RULE_SCORE_THRESHOLD);
    const licence = 'smarterm office 12.1 73098 license';
    expect(titleSimilarity(licence, 'smarterm office 12.1 73098 upgrade license')).toBeLessThan(
      titleSimilarity(licence, 'smarterm office 12.1 73098 pro license') - 0.1,
    );
  });

  it('keeps an upgrade licence apart from the full product more firmly than an edition word, however "upgrade" is written', () => {
    // Found whole in the longer title, the short one scored 0.8 × 0.94: just above the threshold.
    expect(titleSimilarity('adobe premiere pro cs3 upgrade', 'adobe premiere pro cs3')).toBeLessThan(
      RULE_SCORE_THRESHOLD,
    );
    expect(titleSimilarity('quark quarkxpress 7 upgrade for mac & windows', 'quarkxpress 7 for mac/win')).toBeLessThan(
      RULE_SCORE_THRESHOLD,
    );
    expect(
      titleSimilarity(
        'mcsa self-paced training kit exams 70-292 upgrading your certification',
        'mcsa self-paced training kit exams 70-292 upg your certification',
      ),
    ).toBe(1);
    expect(
      titleSimilarity(
        'microsoft office student and teacher edition 2004',
        'microsoft office 2004 for students and teachers',
      ),
    ).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
  });

  it("lets a unisex model agree with a men's or a women's", () => {
    expect(
      titleSimilarity('Junghans Max Bill Watch for women 047/4658.00', 'Unisex Junghans Max Bill Watch 047/4658.00'),
    ).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
    expect(
      titleSimilarity('Junghans Max Bill Watch for women 047/4658.00', 'Junghans Max Bill Watch for men 047/4658.00'),
    ).toBeLessThan(RULE_SCORE_THRESHOLD);
  });

  it('keeps lenses of two focal ranges apart, and one range written two ways together', () => {
    expect(
      titleSimilarity('Canon EF 24-70mm f/2.8L II USM', 'Canon EF 24-70 mm f2.8 L II USM lens'),
    ).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
    expect(titleSimilarity('Canon EF 24-70mm f/4L IS USM', 'Canon EF 24-105mm f/4L IS USM')).toBeLessThan(
      RULE_SCORE_THRESHOLD,
    );
    expect(
      titleSimilarity('AMD FX-6300 3.5GHz 6-Core Processor', 'AMD FX-6300 Six Core 3.5/4.1GHz Processor'),
    ).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
  });

  it('lets rounded measures and system-requirement notes agree', () => {
    expect(
      titleSimilarity('lg 24.7 cu. ft. french door refrigerator', 'lg 25 cu ft french door refrigerator'),
    ).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
    expect(
      titleSimilarity('printmaster gold v 17.0', 'printmaster gold v 17.0 ( win 98 me 2000 xp )'),
    ).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
  });

  it('reads raw web titles (language tags, quotes, codes in brackets)', () => {
    expect(
      titleSimilarity('"WD Red WD20EFRX 2TB NAS Hard Drive"@en', 'Western Digital Red 2 TB NAS HDD (WD20EFRX)'),
    ).toBeGreaterThan(0.9);
  });

  it("weighs a web title's name, not the shop's page text after it", () => {
    const french =
      '"Nike Tiempo Rio III SG - Jade/ Noir/ Volt"@fr " Nike chaussures pour homme terrain gras jade noir volt "@fr';
    const dutch =
      '"Nike Tiempo Rio III SG - Clear Jade/Zwart/Volt"@nl " Nike Heren Voetbalschoenen Zachte Grond Jade-Zwart-Volt "@nl';
    expect(titleSimilarity(french, dutch)).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
    expect(
      titleSimilarity(
        french,
        '"Nike Tiempo Rio III SG - Rouge/ Bleu"@fr " Nike chaussures pour homme terrain gras rouge bleu "@fr',
      ),
    ).toBeLessThan(RULE_SCORE_THRESHOLD);
  });

  it('matches a short title found whole in a longer one, unless something disagrees', () => {
    const long = 'Samsung 2TB 960 PRO PCIe NVMe M.2 Internal Solid State Drive (MZ-V6P2T0BW)';
    expect(titleSimilarity('Samsung 960 Pro 2TB', long)).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
    expect(titleSimilarity('Samsung 960 Pro 1TB', long)).toBeLessThan(RULE_SCORE_THRESHOLD);
    expect(titleSimilarity('Samsung 960 EVO 2TB', long)).toBeLessThan(RULE_SCORE_THRESHOLD);
  });

  it('compares capacities and clock rates across their scales', () => {
    expect(titleSimilarity('Samsung 850 EVO 500GB SSD', 'Samsung 850 EVO 1TB SSD')).toBeLessThan(RULE_SCORE_THRESHOLD);
    expect(titleSimilarity('Samsung 850 EVO 1TB SSD', 'Samsung 850 EVO 1000GB SSD')).toBeGreaterThanOrEqual(
      RULE_SCORE_THRESHOLD,
    );
    expect(titleSimilarity('Intel Core i5 2.4GHz laptop', 'Intel Core i5 2400MHz laptop')).toBeGreaterThanOrEqual(
      RULE_SCORE_THRESHOLD,
    );
  });

  it("does not read the page text's numbers and measures (shop names, prices, other sizes) as the product's", () => {
    expect(
      titleSimilarity(
        '"Samsung 850 EVO SSD"@en "Also: 850 EVO 250GB | Storage | Shop"@en',
        '"Samsung 850 EVO SSD"@de "SSDs ab 2TB | Speicher"@de',
      ),
    ).toBe(1);
    const english = '"Daniel Wellington Classic Sheffield 40mm"@en "Daniel Wellington | 10:35 Watch boutique"@en';
    expect(
      titleSimilarity(english, '"Daniel Wellington Sheffield 40mm"@de "Uhren ab 149 | Juwelier 24"@de'),
    ).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
    expect(
      titleSimilarity(english, '"Daniel Wellington Classic Sheffield 36mm"@de "Uhren ab 149 | Juwelier 24"@de'),
    ).toBeLessThan(RULE_SCORE_THRESHOLD);
  });

  it("does not take an edition word of the shop's page text as the product's", () => {
    const sony = '"Sony Alpha E-Mount FE 24-70mm f/2.8 GM Zoom Lens"@en';
    expect(
      titleSimilarity(
        sony,
        '"Sony SEL2470GM FE 24-70mm f/2.8 GM"@en " Sony GM Standard zoom lens for E-mount mirrorless cameras at Crutchfield.com "@en',
      ),
    ).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
  });

  it("takes a web title's model code from its name, not from the page text's other codes", () => {
    expect(
      titleSimilarity(
        '"Samsung 960 Pro 2TB MZ-V6P2T0BW"@en "Scan item LN73110ABCD"@en',
        '"Samsung 960 Pro 2TB SSD MZ-V6P2T0BW"@en "Store item ZX99887766QQ"@en',
      ),
    ).toBeGreaterThan(0.95);
  });

  it('links two web titles naming one code though their page texts list two variants of another', () => {
    expect(
      titleSimilarity(
        '"Bvlgari Bvlgari Watch BBL26WSSD" BBL33WSL 12 | Dejaun Jewelers"',
        '"Bvlgari Bvlgari Watch BBL26WSSD" BBL33WSS 12 | Dejaun Jewelers"',
      ),
    ).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
  });

  it("does not link two web titles whose names' model codes differ on codes their page texts list", () => {
    expect(
      titleSimilarity(
        '"Panerai Radiomir Watch PAM00346" "Shop Panerai PAM00505 Watches | Fine Jewelry"',
        '"Panerai Radiomir Watch PAM00323" "Shop Panerai PAM00346 Watches | Fine Jewelry"',
      ),
    ).toBeLessThan(RULE_SCORE_THRESHOLD);
    expect(
      titleSimilarity(
        '"Raymond Weil Maestro Watch 2238-STC-00659" "Shop Raymond 2238-STC-00659 Watches | Costello"',
        '"Raymond Weil Maestro 2238-STC-00659"@en',
      ),
    ).toBeGreaterThan(0.95);
    // A line code written in the other name in two pieces ("PRC 200") still relates.
    const tissot = '" Tissot Men\'s PRC200 Automatic Watch"@en "Men\'s Watch (T0554301105700) - WATCH SHOP.com"@en';
    expect(
      titleSimilarity('"Automatic T055.430.11.057.00 Tissot PRC 200 Powermatic 80"@en official catalog', tissot),
    ).toBeGreaterThan(0.95);
  });

  it('links on a part number both names give, though their longest lettered codes differ', () => {
    expect(
      titleSimilarity(
        '235065-002 - HP 36.4Gb Hot Plug 15K Ultra3 HDD',
        '235065-002 HP 36.4-GB U160 SCSI HPLUG 15K HDD',
      ),
    ).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
    expect(
      titleSimilarity('HP 36.4Gb Hot Plug 15K Ultra3 HDD 235065-002', 'HP 36.4-GB U160 SCSI HPLUG 15K HDD 235066-002'),
    ).toBeLessThan(RULE_SCORE_THRESHOLD);
  });

  it('scores two web titles of one product a little higher than their overlap alone', () => {
    const plain = titleSimilarity(
      'Sandisk Extreme microSDHC 64Gb Type 10 scubastore',
      'Sandisk Extreme microSDHC 64Gb Type 10 goalinn',
    );
    const web = titleSimilarity(
      '"Sandisk Extreme microSDHC 64Gb Type 10"@en scubastore',
      '"Sandisk Extreme microSDHC 64Gb Type 10 goalinn"@en',
    );
    expect(web).toBeGreaterThan(plain);
  });

  it('keeps two models of a line apart when each name has its own word, across languages only where it stands in one place', () => {
    const winchester = '"Daniel Wellington Classic Lady Winchester rose gold"@nl-NL gold 10:35 Horloge boektiek"@nl-NL';
    expect(
      titleSimilarity(
        winchester,
        '"Daniel Wellington Classic Lady Canterbury rose gold"@nl-NL gold 10:35 Horloge boektiek"@nl-NL',
      ),
    ).toBeLessThan(RULE_SCORE_THRESHOLD);
    expect(
      titleSimilarity(
        winchester,
        '"Daniel Wellington Classic Lady Winchester rose gold"@en-GB gold 10:35 Watch boutique"@en-GB',
      ),
    ).toBe(1);
    // In two languages, a word one shop translates is no model name...
    expect(
      titleSimilarity('"Jazzmaster Seaview Day Date Automatikuhr"@de', '"Jazzmaster Seaview Day Date Automatic"@fr'),
    ).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
    expect(
      titleSimilarity(
        '"Nike Free Run Flyknit para mujer - Negro/Blanco"@es',
        '"Nike Free Run Flyknit Femme - Noir/ Blanc"@fr',
      ),
    ).toBe(1);
    // ... but a capitalised word of each name after one word both share is.
    expect(
      titleSimilarity(
        '"Daniel Wellington Classic Man Glasgow silver"@en-GB',
        '"Daniel Wellington Classic Man Sheffield silver"@nl-NL',
      ),
    ).toBeLessThan(RULE_SCORE_THRESHOLD);
    expect(
      titleSimilarity(
        '"Nike Free Run Flyknit para mujer - Negro/Blanco"@es',
        '"Nike Free Run Distance Femme - Noir/ Blanc"@fr',
      ),
    ).toBeLessThan(RULE_SCORE_THRESHOLD);
    // A colour only one name carries is part of its name, not the start of its colourway.
    expect(
      titleSimilarity(
        '"Daniel Wellington Classic Lady Black Sheffield rose gold"@en-GB',
        '"Daniel Wellington Classic Lady Canterbury rose gold"@nl-NL',
      ),
    ).toBeLessThan(RULE_SCORE_THRESHOLD);
    // A colourway's names, each shop in its language, are no model's name.
    expect(
      titleSimilarity(
        '"Puma evoPOWER 3.2 FG - Bianco/Eclisse Totale/Lava Blast"@it',
        '"Puma evoPOWER 3.2 FG - Blanc/Eclipse Totale/Lave"@fr',
      ),
    ).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
  });

  it("weighs a model's own name in one place of both names more than any word one name lacks", () => {
    const names = compareTitleProfiles(
      profileTitle('"Daniel Wellington Classic Lady Winchester rose gold"@nl-NL'),
      profileTitle('"Daniel Wellington Classic Lady Canterbury rose gold"@nl-NL'),
    );
    expect(names).toMatchObject({ ownWords: true, ownNames: true });
    expect(scoreTitleComparison(names)).toBeLessThan(scoreTitleComparison({ ...names, ownNames: false }));
    // Lower-case words of a feed's title are no names.
    const words = compareTitleProfiles(
      profileTitle('classic lady winchester rose gold'),
      profileTitle('classic lady canterbury rose gold'),
    );
    expect(words).toMatchObject({ ownWords: true, ownNames: false });
  });

  it("does not take the code of the device an accessory fits as the accessory's own", () => {
    const battery = '"GoPro AHDBT-302 Rechargeable Battery for GoPro HERO3+ and HERO3"@en " | Unique Photo "@en';
    expect(titleSimilarity('"GoPro HERO3: Black Edition"@en-US "Camcorders | EISF"@en-US', battery)).toBeLessThan(
      RULE_SCORE_THRESHOLD,
    );
    expect(titleSimilarity('GoPro AHDBT-302 Rechargeable Battery', battery)).toBeGreaterThanOrEqual(
      RULE_SCORE_THRESHOLD,
    );
  });

  it('tells sizes written as letters and colours in two languages apart, though the model code is shared', () => {
    expect(
      titleSimilarity('Bergfeld City 7ZW8 Sport - Frame L', 'Bergfeld City 7ZW8 Sport E-Bike, Frame S'),
    ).toBeLessThan(RULE_SCORE_THRESHOLD);
    expect(titleSimilarity('Domestia Robo 14SZT - Grafite', 'Domestia Akku-Staubsauger Robo 14SZT Blau')).toBeLessThan(
      RULE_SCORE_THRESHOLD,
    );
    expect(titleSimilarity('Kleintone Studio 540XIW (Sabbia)', 'Kleintone Studio 540XIW (Weiss)')).toBeLessThan(
      RULE_SCORE_THRESHOLD,
    );
    expect(
      titleSimilarity('Kleintone Studio 540XIW (Sabbia)', 'Kopfhörer Kleintone Studio 540XIW Sand'),
    ).toBeGreaterThanOrEqual(RULE_SCORE_THRESHOLD);
  });

  it('does not link on a shared product-line code when the model codes differ', () => {
    expect(
      titleSimilarity('belkin basic wireless n150 usb adapter f7d1101', 'belkin n150 wireless usb adapter f9l1001'),
    ).toBeLessThan(RULE_SCORE_THRESHOLD);
  });
});

describe('scoreTitleComparison', () => {
  it('lifts web titles by the factor of the weights they were compared under', () => {
    const web = profileTitle('"Daniel Wellington Classic Sheffield 40mm Watch"@en');
    const feed = profileTitle('Daniel Wellington Classic Sheffield 40 mm');
    const learned = learnTokenWeights([
      'Daniel Wellington Classic Sheffield 40mm',
      'Daniel Wellington Classic Bristol 36mm',
      'Casio G-Shock GA-110',
    ]);
    const scoring = { ...TITLE_SCORING, webTitleFactor: 1, learnedWeightsWebTitleFactor: 1.1 };
    const byKind = compareTitleProfiles(web, feed, DEFAULT_TOKEN_WEIGHTS);
    const byLearned = compareTitleProfiles(web, feed, learned);
    expect(scoreTitleComparison(byKind, scoring)).toBeCloseTo(
      scoreTitleComparison(byKind, { ...scoring, learnedWeightsWebTitleFactor: 1 }),
      10,
    );
    expect(scoreTitleComparison(byLearned, scoring)).toBeCloseTo(
      1.1 * scoreTitleComparison(byLearned, { ...scoring, learnedWeightsWebTitleFactor: 1 }),
      10,
    );
  });
});

describe('titleBlockingKeys', () => {
  it('files titles of one product under a shared key', () => {
    expect(
      sharesKey(
        titleBlockingKeys('sony dav-is50 / b home theater system'),
        titleBlockingKeys('Sony Bravia micro system DAVIS50B'),
      ),
    ).toBe(true);
    expect(
      sharesKey(
        titleBlockingKeys('Silver 128 GB Apple iPad mini 4 Wi-Fi'),
        titleBlockingKeys('ipad mini 4 wi-fi 128gb silver', 'Apple Inc.'),
      ),
    ).toBe(true);
    expect(
      sharesKey(titleBlockingKeys('lacie fastkey 120gb usb 3.0', 'LaCie'), titleBlockingKeys('LAC130980 flash drive')),
    ).toBe(false);
    expect(sharesKey(titleBlockingKeys('fastkey lac130980'), titleBlockingKeys('lacie 130980 solid state drive'))).toBe(
      true,
    );
  });

  it('files four-character and digit-first model codes, which titles in other words share', () => {
    expect(titleBlockingKeys('Logitech G502 gaming mouse')).toContain('code:g502');
    expect(titleBlockingKeys('Domestia Smoothie 800WBE Pro Blender, White')).toContain('code:800wbe');
    expect(
      sharesKey(
        titleBlockingKeys('Bergfeld Dome 6G68 XL Tent, Red'),
        titleBlockingKeys('Tente de camping 6G68 XL rouge'),
      ),
    ).toBe(true);
    expect(
      sharesKey(
        titleBlockingKeys('Veltron Portable 1PLH External SSD, 2 TB'),
        titleBlockingKeys('SSD esterno 1PLH 2TB'),
      ),
    ).toBe(true);
  });

  it("files a web title under its page text's words too (brand names are often there)", () => {
    expect(
      sharesKey(
        titleBlockingKeys('"GEL-LYTE V"@de-de "Unisex Sneakers | ASICS Tiger"@de-de'),
        titleBlockingKeys('ASICS Tiger Gel-Lyte V'),
      ),
    ).toBe(true);
    expect(titleBlockingKeys('"GEL-LYTE V"@de-de "Unisex Sneakers | ASICS Tiger"@de-de')).toContain(
      'words:asics+tiger',
    );
  });

  it('does not file unrelated products together', () => {
    expect(
      sharesKey(titleBlockingKeys('sony dvd player dvpfx820'), titleBlockingKeys('canon powershot sx110 camera')),
    ).toBe(false);
  });

  it('uses the brand name without its legal form, and lists each key once', () => {
    const keys = titleBlockingKeys('ipad mini wi-fi', 'Apple Inc.');
    expect(keys).toContain('words:apple+ipad');
    expect(keys.some((key) => key.includes('inc'))).toBe(false);
    expect(new Set(keys).size).toBe(keys.length);
    expect(titleBlockingKeys('')).toEqual([]);
  });
});
