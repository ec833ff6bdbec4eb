import { parseDittoPairs, parseDittoRecord, toMatchableRecord } from './ditto-pairs';

describe('parseDittoRecord', () => {
  it('reads attributes, empty values included', () => {
    const attributes = parseDittoRecord(
      'COL title VAL adobe dreamweaver cs3 [ mac ] COL manufacturer VAL  COL price VAL 399.0 ',
    );
    expect(Object.fromEntries(attributes)).toEqual({
      title: 'adobe dreamweaver cs3 [ mac ]',
      manufacturer: '',
      price: '399.0',
    });
  });

  it('keeps raw web titles with quotes and language tags whole', () => {
    const attributes = parseDittoRecord('COL title VAL  "WD Red 2TB"@en 6Gb/s - WD | CPC "@en');
    expect(attributes.get('title')).toBe('"WD Red 2TB"@en 6Gb/s - WD | CPC "@en');
  });
});

describe('toMatchableRecord', () => {
  it("maps each dataset's attribute names onto the record fields", () => {
    const walmart = new Map([
      ['title', 'hp q3675a kit'],
      ['brand', 'hp'],
      ['modelno', 'q3675a'],
      ['price', '194.84'],
      ['category', 'printers'],
    ]);
    expect(toMatchableRecord(walmart)).toEqual({ title: 'hp q3675a kit', brand: 'hp', mpn: 'q3675a', price: 194.84 });
    const abt = new Map([
      ['name', 'sony np-fh100 battery'],
      ['description', 'lithium ion'],
      ['price', ''],
    ]);
    expect(toMatchableRecord(abt)).toEqual({ title: 'sony np-fh100 battery', description: 'lithium ion' });
    const amazon = new Map([
      ['title', 'sims 2'],
      ['manufacturer', 'aspyr media'],
      ['price', '0.0'],
    ]);
    expect(toMatchableRecord(amazon)).toEqual({ title: 'sims 2', brand: 'aspyr media' });
  });
});

describe('parseDittoPairs', () => {
  it('reads one labelled pair a line and skips blank lines', () => {
    const text =
      'COL title VAL a COL price VAL 1.0 \tCOL title VAL b COL price VAL  \t1\n\nCOL title VAL c\tCOL title VAL d\t0\n';
    const pairs = parseDittoPairs(text);
    expect(pairs).toEqual([
      { left: { title: 'a', price: 1 }, right: { title: 'b' }, isMatch: true },
      { left: { title: 'c' }, right: { title: 'd' }, isMatch: false },
    ]);
  });

  it('rejects a line that is not in the format, naming it', () => {
    expect(() => parseDittoPairs('COL title VAL a\tCOL title VAL b\t1\nCOL title VAL c\tCOL title VAL d\tyes')).toThrow(
      'line 2',
    );
    expect(() => parseDittoPairs('just text')).toThrow('line 1');
  });
});
