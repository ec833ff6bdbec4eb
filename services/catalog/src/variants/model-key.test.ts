import { modelKeyOf } from './model-key.js';
import { variantValuesOf } from './variant-values.js';

const key = (name: string, brandId = 'b1', language = 'en') =>
  modelKeyOf({ brandId, texts: { [language]: { name, description: '' } } });

describe('model key: what the variants of one model share', () => {
  it('groups colours, storage sizes, capacities and pack sizes of one model', () => {
    expect(key('Apple iPhone 15 128 GB Black')).toBe(key('Apple iPhone 15, 256GB, Blue'));
    expect(key('Apple iPhone 15 128 GB Black')).toBe(key('Apple iPhone 15 1 TB'));
    expect(key('Sony WH-1000XM5 Black')).toBe(key('Sony WH-1000XM5 Silver'));
    expect(key('Contigo Byron Travel Mug 470 ml')).toBe(key('Contigo Byron Travel Mug 720ml'));
    expect(key('Duracell Plus AA Batteries 4 pack')).toBe(key('Duracell Plus AA Batteries 12 pack'));
    // Word order and a German colour word say nothing of the model.
    expect(key('Sonora SoundArc 700K2B Wireless Headphones, Schwarz')).toBe(
      key('Wireless Headphones Sonora SoundArc 700K2B White'),
    );
  });

  it('keeps different models apart', () => {
    expect(key('Apple iPhone 15 128 GB')).not.toBe(key('Apple iPhone 15 Pro 128 GB'));
    expect(key('Sony WH-1000XM4 Black')).not.toBe(key('Sony WH-1000XM5 Black'));
    expect(key('Samsung Galaxy S24 256 GB')).not.toBe(key('Samsung Galaxy S24 Ultra 256 GB'));
    expect(key('Apple iPhone 15 128 GB')).not.toBe(key('Apple iPhone 15 Case Black'));
    // Two makers' products of one name are no variants of one another.
    expect(key('Travel Mug 470 ml', 'b1')).not.toBe(key('Travel Mug 720 ml', 'b2'));
  });

  it('gives no key without a brand or without a model name', () => {
    expect(key('Apple iPhone 15 128 GB', '')).toBe('');
    expect(key('Black 128 GB')).toBe('');
  });

  it('reads the values as the name writes them, ordered by size', () => {
    expect(variantValuesOf('Nova 9 Smartphone, 8 GB / 256 GB, Schwarz')).toEqual([
      { attribute: 'storage', text: '8gb', display: '8 GB', order: 8 },
      { attribute: 'storage', text: '256gb', display: '256 GB', order: 256 },
      { attribute: 'colour', text: 'black', display: 'Schwarz', order: 'black' },
    ]);
    expect(variantValuesOf('Portable SSD 1TB')).toEqual([
      { attribute: 'storage', text: '1tb', display: '1 TB', order: 1000 },
    ]);
  });
});
