import AdmZip from 'adm-zip';
import { ecbCsvOf } from './ecb-rates-file';

const CSV = 'Date, USD, JPY, \n05 December 2026, 1.0541, 162.23, \n';

function zipOf(files: Readonly<Record<string, string>>): Buffer {
  const zip = new AdmZip();
  for (const [name, text] of Object.entries(files)) zip.addFile(name, Buffer.from(text));
  return zip.toBuffer();
}

describe("eurofxref.csv out of what the ECB's URL answered", () => {
  it('takes the CSV out of the zip the ECB publishes (in a folder too), or takes the CSV answered as it is', () => {
    expect(ecbCsvOf(zipOf({ 'eurofxref.csv': CSV }))).toEqual({ text: CSV, from: 'zip' });
    expect(ecbCsvOf(zipOf({ 'notes.txt': 'x', 'rates/EUROFXREF.CSV': CSV }))).toEqual({ text: CSV, from: 'zip' });
    expect(ecbCsvOf(Buffer.from(CSV))).toEqual({ text: CSV, from: 'csv' });
  });

  it('refuses a zip without the file, naming what it holds', () => {
    expect(() => ecbCsvOf(zipOf({ 'eurofxref-hist.csv': CSV, 'readme.txt': 'x' }))).toThrow(
      'the zip holds no eurofxref.csv (it holds eurofxref-hist.csv, readme.txt)',
    );
    expect(() => ecbCsvOf(new AdmZip().toBuffer())).toThrow('the zip holds no eurofxref.csv (it holds nothing)');
  });

  it('refuses a broken zip and an entry whose data does not match its checksum', () => {
    expect(() => ecbCsvOf(Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(40, 7)]))).toThrow(
      /^the zip is unreadable: /,
    );
    const zip = zipOf({ 'eurofxref.csv': 'x'.repeat(2_000) });
    const data = zip.indexOf(Buffer.from('eurofxref.csv')) + 'eurofxref.csv'.length + 4;
    zip[data] = (zip[data] ?? 0) ^ 0xff;
    expect(() => ecbCsvOf(zip)).toThrow(/^eurofxref\.csv in the zip is unreadable: /);
  });

  it('refuses a file far larger than the daily rates, before inflating it', () => {
    expect(() => ecbCsvOf(zipOf({ 'eurofxref.csv': `Date, USD\n${'1'.repeat(70_000)}\n` }))).toThrow(
      /eurofxref\.csv in the zip is 700\d\d bytes, far more than the daily rates/,
    );
    expect(() => ecbCsvOf(Buffer.alloc(70_000, 'a'))).toThrow(
      'the answer (70000 bytes) is no zip and no daily rates file',
    );
  });
});
