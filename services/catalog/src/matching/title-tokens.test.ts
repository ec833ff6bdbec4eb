import type { TitleToken } from './title-token';
import { titleNameTokens, tokenizeTitle } from './title-tokens';

const tokens = (title: string): string[] =>
  tokenizeTitle(title).map((token: TitleToken) => `${token.kind}:${token.text}`);

describe('tokenizeTitle', () => {
  it('reads a number and its unit as one measure, however written', () => {
    expect(tokens('16 GB')).toEqual(['measure:16gb']);
    expect(tokens('16gb')).toEqual(['measure:16gb']);
    expect(tokens('2 Terabyte')).toEqual(['measure:2tb']);
    expect(tokens('SATA 6Gb/s')).toEqual(['word:sata', 'measure:6gbps']);
    expect(tokens("50 ' plasma")).toEqual(['measure:50in', 'word:plasma']);
    expect(tokens('24" monitor')).toEqual(['measure:24in', 'word:monitor']);
    expect(tokens('22-1/2 in grill')).toEqual(['measure:22.5in', 'word:grill']);
    expect(tokens('8-port switch')).toEqual(['measure:8port', 'word:switch']);
    expect(tokens('12.1-megapixel')).toEqual(['measure:12.1mp']);
  });

  it('reads model codes, joined when written with separators', () => {
    expect(tokens('iogear gbu421w6')).toContain('code:gbu421w6');
    expect(tokens('TL-SF1008D')).toEqual(['word:tl', 'code:sf1008d', 'code:tlsf1008d']);
    expect(tokens('963293-0403')).toContain('code:9632930403');
  });

  it('reads a lens aperture or aperture range as one spec, however written', () => {
    expect(tokens('Canon EF-S 55-250mm f4.0-5.6 IS')).toContain('number:f4to5.6');
    expect(tokens('Canon EF-S 55-250mm f/4-5.6 IS II')).toContain('number:f4to5.6');
    expect(tokens('Nikon AF-S 105mm f/2.8G VR')).toEqual(expect.arrayContaining(['number:f2.8', 'word:g']));
    expect(tokens('Sigma 10-20mm 1:3.5 HSM')).toContain('number:f3.5');
    expect(tokens('Canon EF-S 55-250mm f/4-5.6')).not.toContain('code:f456');
    expect(tokens('HP Deskjet F4280')).toContain('code:f4280');
  });

  it('makes no measure of decimal numbers joined without their points, nor inches of a large number', () => {
    expect(tokens('AMD 3.8/3.6GHz')).not.toContain('measure:3836ghz');
    expect(tokens('"Intel Core i5-6300" "Comprar"')).not.toContain('measure:6300in');
    expect(tokens('Samsung 55" TV')).toContain('measure:55in');
    expect(tokens('office 2007 w/ sp1')).toEqual(['word:office', 'number:2007', 'word:with', 'number:sp1']);
  });

  it('reads roman numerals of a generation as their number, not "v" of a version or volts', () => {
    expect(tokens('Canon EOS 5D Mark III')).toContain('number:3');
    expect(tokens('Nike Tiempo Legend VI FG')).toContain('number:6');
    expect(tokens('Asics Gel-Lyte V')).toContain('number:5');
    // A version's "v" is dropped: one shop writes "v 10.0", the next "10.0".
    expect(tokens('Punch Home Design v 10.0')).toEqual(['word:punch', 'word:home', 'word:design', 'number:10']);
    expect(tokens('Punch Home Design v10.0')).toEqual(tokens('Punch Home Design 10.0'));
    expect(tokens('Charger 12 V')).toEqual(['word:charger', 'measure:12v']);
    expect(tokens('Sony Xperia X Compact')).toContain('word:x');
    // "a/v" is audio/video; a numeral joined by a dash still counts.
    expect(tokens('Onkyo TX-SR876 A/V Receiver')).toContain('word:v');
    expect(tokens('Tamron AF 18-270mm Di-II VC')).toContain('number:2');
  });

  it("reads a sports brand's season as no model code", () => {
    expect(tokens('Asics Gel GT 1000 3 Running Shoes SS15 7001')).toContain('number:ss15');
    expect(tokens('Nike Zoom Structure 19 SP16 107')).toContain('number:sp16');
  });

  it('reads a range of one unit as its low end and the range, not as one number', () => {
    expect(tokens('EF 24-70mm lens')).toEqual(['word:ef', 'measure:24mm', 'measure:24to70mm', 'word:lens']);
    expect(tokens('EF 24-70 mm lens')).toEqual(tokens('EF 24-70mm lens'));
    expect(tokens('FX-6300 3.5/4.1GHz')).toEqual(expect.arrayContaining(['measure:3.5ghz', 'measure:3.5to4.1ghz']));
    expect(tokens('adapter 100-240V')).toEqual(['word:adapter', 'measure:100v', 'measure:100to240v']);
    // Not a range: the second number is smaller (a reference number's pieces).
    expect(tokens('watch 158992-3001 in')).not.toContain('measure:158992in');
  });

  it('reads a dotted reference number as a code, without an inch mark after it', () => {
    expect(tokens('"Carl F Bucherer TravelTec II Watch 00.10633.03.33.01" "Shop Carl"')).toContain(
      'code:0010633033301',
    );
    expect(tokens('Omega Speedmaster 311.63.44.51.06.001')).toContain('code:31163445106001');
    expect(tokens('mac os 10.4.11')).not.toContain('code:10411');
  });

  it('reads a memory grade, an M.2 form factor or a decimal with a unit letter as a spec, not a model code', () => {
    expect(tokens('Vengeance LPX 16GB DDR4-3000')).toContain('number:ddr43000');
    expect(tokens('850 EVO 250GB M.2-2280 SSD')).toContain('number:m22280');
    expect(tokens('HP 500-GB 7.2K 3.5 1.5G SATA')).toEqual(expect.arrayContaining(['number:7.2k', 'number:1.5g']));
    expect(tokens('HP 500-GB 7.2K 3.5 1.5G SATA')).not.toContain('code:72k');
    expect(tokens('2GB DDR-333 module')).toContain('number:ddr333');
  });

  it('reads a code whose digits end in a unit letter as a code too, keeping the measure', () => {
    expect(tokens('D-Link DCS-5020L')).toEqual(expect.arrayContaining(['code:dcs5020l', 'measure:5020l']));
    expect(tokens('SanDisk SDSDQM-016G')).toContain('code:sdsdqm016g');
    expect(tokens('Canon NB-5L')).toEqual(['word:canon', 'word:nb', 'measure:5l', 'code:nb5l']);
    expect(tokens('Casio GA-110MB-1AER')).toContain('code:ga110mb1aer');
    expect(tokens('2.6ghz/8gb/1tb')).not.toContain('code:26ghz8gb1tb');
  });

  it('keeps versions and specs out of the model codes', () => {
    expect(tokens('dreamweaver cs3')).toEqual(['word:dreamweaver', 'number:cs3']);
    expect(tokens('ddr5 rj45 cat5e')).toEqual(['number:ddr5', 'number:rj45', 'number:cat5e']);
    expect(tokens('3-in-1 240-pin pc2-6400')).toEqual(['number:3in1', 'number:240pin', 'number:pc26400']);
    expect(tokens('4th-6th grade')).toEqual(['number:4th6th', 'word:grade']);
    expect(tokens('1x4gb 1920x1080')).toEqual(['number:1x4gb', 'number:1920x1080']);
    expect(tokens('4x16 kit 3x50ml')).toEqual(['number:4x16', 'word:kit', 'number:3x50ml']);
    expect(tokens('F2.8 lens')).toEqual(['number:f2.8', 'word:lens']);
  });

  it('reads a count times digits with other letters than a unit as a model code ("55X80K")', () => {
    expect(tokens('Sony Bravia 55X80K')).toEqual(['word:sony', 'word:bravia', 'code:55x80k']);
    expect(tokens('Turbotoy Drift 12X4N')).toEqual(['word:turbotoy', 'word:drift', 'code:12x4n']);
    expect(tokens('ProBook 15IN2 3-in-1')).toEqual(['word:probook', 'code:15in2', 'number:3in1']);
  });

  it('reads a count written together with three letters as a model code, unless the letters are a unit or a longer word', () => {
    expect(tokens('Vapora Power 14XGT Animal')).toContain('code:14xgt');
    expect(tokens('Lumière 2BDW 30 ml')).toContain('code:2bdw');
    expect(tokens('Smoothie 800WBE')).toContain('code:800wbe');
    expect(tokens('200pin 9dbi 300dpi 4sfp 3tier')).toEqual([
      'number:200pin',
      'number:9dbi',
      'number:300dpi',
      'number:4sfp',
      'number:3tier',
    ]);
  });

  it('reads French octet units as bytes', () => {
    expect(tokens('16Go')).toEqual(['measure:16gb']);
    expect(tokens('500 Mo')).toEqual(['measure:500mb']);
  });

  it('drops language tags and decodes entities of web titles', () => {
    expect(tokens('"Canon BG-E11 grip"@en-US')).toEqual([
      'word:canon',
      'word:bg',
      'number:e11',
      'code:bge11',
      'word:grip',
    ]);
    expect(tokens('Black &amp; Decker')).toEqual(['word:black', 'word:decker']);
  });

  it('turns the numbers of a system-requirements note into words', () => {
    const note = tokenizeTitle('redshift 5 ( win 98 me 2000 xp )');
    expect(note.filter((token) => token.kind === 'number').map((token) => token.text)).toEqual(['5']);
    expect(note.find((token) => token.text === 'win' || token.text === 'windows')?.text).toBe('windows');
  });
});

describe('titleNameTokens', () => {
  it('gives one list for a name however it is cased, punctuated, accented or ordered', () => {
    const tokens = titleNameTokens('Acme Kettle Rapid Boil 1.7 l, Stainless Steel');
    expect(tokens).toEqual(['1.7l', 'acme', 'boil', 'kettle', 'rapid', 'stainless', 'steel']);
    expect(titleNameTokens('STAINLESS STEEL rapid-boil kettle (1,7L) - Ácme Acme')).toEqual(tokens);
    expect(titleNameTokens('Acme Kettle Rapid Boil 1.2 l, Stainless Steel')).not.toEqual(tokens);
  });

  it("leaves out a web title's page text after its name literal", () => {
    expect(titleNameTokens('"Acme Kettle"@en Kitchen | Shop')).toEqual(['acme', 'kettle']);
  });
});
