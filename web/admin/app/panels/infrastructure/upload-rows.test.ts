import { uploadRows } from './upload-rows.server';

describe('uploadRows (an import file read as rows for the owning service)', () => {
  it('reads CSV by its header, with quotes, commas and line breaks inside cells and a BOM', () => {
    const text = '\uFEFFid,name,slug\r\nb1,"Acme, Inc.",acme\r\nb2,"Two\nLines",\r\n';
    expect(uploadRows(text, 'csv')).toEqual({
      rows: [
        JSON.stringify({ id: 'b1', name: 'Acme, Inc.', slug: 'acme' }),
        JSON.stringify({ id: 'b2', name: 'Two\nLines', slug: '' }),
      ],
    });
  });

  it('names what is wrong with a CSV that cannot be read', () => {
    const result = uploadRows('id,name\nb1,"unclosed\n', 'csv');
    expect('error' in result && result.error).toMatch(/quote/i);
  });

  it('passes JSON Lines on line by line, leaving a bad line for the service to report at its row', () => {
    expect(uploadRows('{"id":"b1"}\n\nnot json\n', 'jsonl')).toEqual({ rows: ['{"id":"b1"}', 'not json'] });
  });
});
