import { cleanTitle } from './title-text';

describe('cleanTitle', () => {
  it('drops prices written into web titles, in either currency position', () => {
    expect(cleanTitle('Seiko Kinetic Watch SKA531P1 nur € 329.00')).toBe('seiko kinetic watch ska531p1 nur');
    expect(cleanTitle('Junghans Meister 027/3591.00 nur 2.240 00 €')).toBe('junghans meister 027/3591.00 nur');
    expect(cleanTitle('Transcend 64gb Sdxc for $49.48.')).toBe('transcend 64gb sdxc for');
    expect(cleanTitle('Tissot PRX 375 EUR')).toBe('tissot prx');
  });

  it('keeps numbers that are no price', () => {
    expect(cleanTitle('Canon EF 40mm f/2.8 STM')).toBe('canon ef 40mm f/2.8 stm');
  });

  it('drops possessives, however the apostrophe is written', () => {
    expect(cleanTitle("Men's Watch")).toBe('men watch');
    expect(cleanTitle('Women´s Running Shoes')).toBe('women running shoes');
    expect(cleanTitle("let 's make stickers")).toBe('let make stickers');
  });

  it('still reads a foot or inch mark after a number', () => {
    expect(cleanTitle("50 ' plasma")).toBe('50 in plasma');
  });
});
