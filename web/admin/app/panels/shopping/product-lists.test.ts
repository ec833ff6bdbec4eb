import { attributeOf, attributesOf, attributesText, galleryOf, imageUrlsOf, isHttpUrl } from './product-lists';

describe('the product form’s list fields', () => {
  it('reads image URLs one a line, in order, and accepts only absolute http(s) ones', () => {
    expect(imageUrlsOf(' https://a.test/1.jpg \r\n\nhttp://b.test/2.png\n')).toEqual([
      'https://a.test/1.jpg',
      'http://b.test/2.png',
    ]);
    expect(['https://a.test/x.jpg', 'ftp://a.test/x.jpg', 'javascript:alert(1)', '/x.jpg'].map(isHttpUrl)).toEqual([
      true,
      false,
      false,
      false,
    ]);
  });

  it('keeps a kept image’s details and gives a new one only its URL', () => {
    const kept = {
      id: 'im1',
      name: 'front.jpg',
      src: 'https://a.test/front.jpg',
      alt: 'Front',
      width: 800,
      height: 600,
    };
    expect(galleryOf(['https://a.test/new.jpg', kept.src], [kept])).toEqual([
      { id: '', name: '', src: 'https://a.test/new.jpg', alt: '', width: 0, height: 0 },
      kept,
    ]);
  });

  it('reads "Group / Name: Value" attributes and writes them back the same way', () => {
    expect(attributeOf('Display / Size: 6.1 in')).toEqual({ group: 'Display', name: 'Size', value: '6.1 in' });
    expect(attributeOf('Ratio: 16:9')).toEqual({ group: '', name: 'Ratio', value: '16:9' });
    expect(attributesOf('Colour: Black\nno value\n: 3 kg')).toEqual([
      { group: '', name: 'Colour', value: 'Black' },
      null,
      null,
    ]);
    const attributes = [
      { group: 'Display', name: 'Size', value: '6.1 in' },
      { group: '', name: 'Colour', value: 'Black' },
    ];
    expect(attributesOf(attributesText(attributes))).toEqual(attributes);
  });
});
