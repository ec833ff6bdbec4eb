import { decideMatch, TITLE_MATCH_THRESHOLD, type MatchableRecord } from './decide-match';
import { MATCH_MODEL } from './match-model';
import { compareRecords, recordSimilarity } from './record-similarity';
import { learnTokenWeights } from './token-weights';

const transferKit: MatchableRecord = {
  title: 'HP Q3675A image transfer kit',
  brand: 'HP',
  mpn: 'Q3675A',
  gtins: ['0829160429397'],
};

describe('decideMatch', () => {
  it('matches on a shared valid GTIN, whatever the titles and its written form', () => {
    expect(decideMatch(transferKit, { title: 'Bildtransfereinheit', gtins: ['829160429397'] })).toEqual({
      method: 'gtin',
      confidence: 1,
    });
    expect(decideMatch(transferKit, { title: 'kit', gtins: ['0 829160 42939-7'] })?.method).toBe('gtin');
  });

  it('keeps records with different valid GTINs apart even when everything else agrees', () => {
    expect(decideMatch(transferKit, { ...transferKit, gtins: ['4006381333931'] })).toBeNull();
  });

  it('ignores an invalid GTIN and falls back to the part number', () => {
    const decision = decideMatch(
      { ...transferKit, gtins: ['0829160429396'] },
      { title: 'transfer kit', brand: 'Hewlett-Packard Inc.', mpn: 'q3675-a', gtins: ['4006381333931'] },
    );
    expect(decision).toEqual({ method: 'brand_mpn', confidence: 0.95 });
  });

  it('matches brand + MPN across spellings of both', () => {
    expect(
      decideMatch(
        { title: 'a', brand: 'Hewlett-Packard Inc.', mpn: 'Q3675A' },
        { title: 'b', brand: 'hp', mpn: 'q3675-a' },
      )?.method,
    ).toBe('brand_mpn');
  });

  it('takes an MPN without agreeing brands as a shared code of the title stage, not as brand_mpn', () => {
    expect(decideMatch({ title: 'toner cartridge', mpn: 'TN360' }, { title: 'toner', mpn: 'TN-360' })?.method).toBe(
      'title',
    );
    expect(
      decideMatch({ title: 'toner', brand: 'Brother', mpn: 'TN360' }, { title: 'toner', brand: 'Xerox', mpn: 'TN360' })
        ?.method,
    ).not.toBe('brand_mpn');
  });

  it('matches on the title when identifiers are missing, with the similarity as confidence', () => {
    const decision = decideMatch(
      { title: 'hewlett packard q3675a transfer kit for color laserjet 4650', price: 194.84 },
      { title: 'HP Q3675A image transfer kit', brand: 'HP' },
    );
    expect(decision?.method).toBe('title');
    expect(decision?.confidence).toBeGreaterThanOrEqual(TITLE_MATCH_THRESHOLD);
    expect(decision?.confidence).toBeLessThanOrEqual(1);
  });

  it('returns null for different products', () => {
    expect(
      decideMatch({ title: 'sandisk ultra 16gb sdhc card' }, { title: 'sandisk ultra 32gb sdhc card' }),
    ).toBeNull();
    expect(decideMatch({ title: 'Canon PowerShot SX110 IS' }, { title: 'Sony DSC-W120 Cyber-shot' })).toBeNull();
  });

  it('reads the MPN field as the model code, over a longer line code that both titles share', () => {
    const medium = { title: 'wacom ptk640 intuos4 medium pen graphics tablet', brand: 'Wacom', mpn: 'PTK640' };
    expect(
      decideMatch(medium, { title: 'wacom intuos4 small pen graphics tablet', brand: 'Wacom', mpn: 'PTK440' }),
    ).toBeNull();
    expect(decideMatch(medium, { title: 'wacom intuos4 ptk640 pen tablet medium', brand: 'Wacom' })?.method).toBe(
      'title',
    );
  });

  it('weighs down makers that disagree', () => {
    const offer = { title: 'wireless optical mouse 2.4 ghz', brand: 'Logitech' };
    const sameMaker = decideMatch(offer, { title: 'wireless optical mouse 2.4 ghz', brand: 'Logitech' });
    const otherMaker = decideMatch(offer, { title: 'wireless optical mouse 2.4 ghz', brand: 'Microsoft' });
    expect(sameMaker?.confidence ?? 0).toBeGreaterThan(otherMaker?.confidence ?? 0);
  });

  it("does not hold a brand field's extra words against a record that names the maker otherwise", () => {
    // "tech" and "media" come only from the brand fields: neither the model's own word nor missing text.
    const card = { title: 'edge 16gb sdhc hd video card class 6', brand: 'Edge Tech' };
    expect(recordSimilarity(card, { title: '16gb sdhc hd video card class 6', brand: 'Edge' })).toBe(1);
    const game = { title: 'rollercoaster tycoon 3 ( mac )', brand: 'aspyr media' };
    expect(recordSimilarity(game, { title: 'aspyr rollercoaster tycoon 3 ( mac )' })).toBe(1);
    // A brand word the title itself carries still counts.
    expect(
      recordSimilarity(
        { title: 'media rollercoaster tycoon 3', brand: 'aspyr media' },
        { title: 'aspyr rollercoaster tycoon 3' },
      ),
    ).toBeLessThan(1);
  });

  it('has a threshold strictly inside (0, 1)', () => {
    expect(TITLE_MATCH_THRESHOLD).toBeGreaterThan(0);
    expect(TITLE_MATCH_THRESHOLD).toBeLessThan(1);
  });

  it('uses learned token weights when given: a shared word that every title has counts less', () => {
    const weights = learnTokenWeights(['acme widget', 'acme gadget', 'acme gizmo', 'acme doohickey', 'acme sprocket']);
    const offer = { title: 'acme widget' };
    const sharesRareWord = { title: 'widget zap' };
    const sharesCommonWord = { title: 'acme gizmo' };
    expect(recordSimilarity(offer, sharesRareWord)).toBe(recordSimilarity(offer, sharesCommonWord));
    expect(recordSimilarity(offer, sharesRareWord, weights)).toBeGreaterThan(
      recordSimilarity(offer, sharesCommonWord, weights),
    );

    const candidate = { title: 'widget deluxe kit' };
    const weighted = decideMatch({ title: 'acme widget deluxe kit' }, candidate, { weights });
    expect(weighted?.confidence).toBe(
      MATCH_MODEL.probability(compareRecords({ title: 'acme widget deluxe kit' }, candidate, weights)),
    );
    expect(weighted?.confidence).not.toBe(decideMatch({ title: 'acme widget deluxe kit' }, candidate)?.confidence);
  });
});
