import { placeholderSvg } from './placeholder-svg';
import { loader } from '../routes/img.placeholder.$file';

const load = (file: string) =>
  loader({ params: { file }, request: new Request(`http://localhost/img/placeholder/${file}`), context: {} });

describe('placeholder images', () => {
  it('draws the same bytes for the same id and different ones for another id', () => {
    expect(placeholderSvg('headphones-0k3f-bk-1')).toBe(placeholderSvg('headphones-0k3f-bk-1'));
    expect(placeholderSvg('headphones-0k3f-bk-1')).not.toBe(placeholderSvg('headphones-0k3f-wh-1'));
  });

  it('captions a product picture with its kind and gives a shop favicon its initials', () => {
    expect(placeholderSvg('coffee-machine-00a7-sv-2')).toContain('>Coffee machine</text>');
    const favicon = placeholderSvg('shop-technikwelt');
    expect(favicon).toContain('width="64"');
    expect(favicon).toContain('>TE</text>');
    expect(placeholderSvg('shop-preis-direkt')).toContain('>PD</text>');
  });

  it('serves /img/placeholder/{id}.svg as a year-long cacheable SVG', async () => {
    const response = load('tent-1a2b-gn-1.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(await response.text()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });

  it.each(['tent-1a2b-gn-1.png', 'tent-1a2b-gn-1', 'Tent.svg', '..%2Fsecret.svg', '.svg'])(
    'answers 404 for %s',
    (file) => {
      let thrown: unknown;
      try {
        load(file);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(404);
    },
  );
});
