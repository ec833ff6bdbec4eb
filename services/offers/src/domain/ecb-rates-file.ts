import AdmZip from 'adm-zip';
import { MAX_ECB_FILE_BYTES } from '@pc/fx-rates/ecb-file';

/** The file the ECB's zip holds. */
export const ECB_CSV_NAME = 'eurofxref.csv';

/** Every zip starts with a local file header, or with the end record when it is empty. */
const isZip = (bytes: Buffer): boolean =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && [0x0304, 0x0506].includes(bytes.readUInt16BE(2));

/** What a download holds: the CSV's text and where it came from. */
export interface EcbCsvText {
  readonly text: string;
  /** "zip" when taken out of the ECB's zip, "csv" when the answer was the CSV itself. */
  readonly from: 'zip' | 'csv';
}

/**
 * The text of `eurofxref.csv` out of what the ECB's URL answered: the zip it publishes (read with
 * adm-zip, which checks each entry's CRC and inflates no more than the size it declares), or the
 * plain CSV when the answer is no zip (a mirror, a test). Throws with the reason when the zip is
 * unreadable, does not hold the file or holds one far larger than the daily rates.
 */
export function ecbCsvOf(bytes: Buffer): EcbCsvText {
  if (!isZip(bytes)) {
    if (bytes.length > MAX_ECB_FILE_BYTES)
      throw new Error(`the answer (${bytes.length} bytes) is no zip and no daily rates file`);
    return { text: bytes.toString('utf8'), from: 'csv' };
  }
  let entries: AdmZip.IZipEntry[];
  try {
    entries = new AdmZip(bytes).getEntries();
  } catch (error) {
    throw new Error(`the zip is unreadable: ${messageOf(error)}`);
  }
  const files = entries.filter((entry) => !entry.isDirectory);
  const entry = files.find((candidate) => candidate.name.toLowerCase() === ECB_CSV_NAME);
  if (!entry) {
    const names = files.map((file) => file.entryName).join(', ') || 'nothing';
    throw new Error(`the zip holds no ${ECB_CSV_NAME} (it holds ${names})`);
  }
  if (entry.header.size > MAX_ECB_FILE_BYTES)
    throw new Error(`${entry.entryName} in the zip is ${entry.header.size} bytes, far more than the daily rates`);
  try {
    return { text: entry.getData().toString('utf8'), from: 'zip' };
  } catch (error) {
    throw new Error(`${entry.entryName} in the zip is unreadable: ${messageOf(error)}`);
  }
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
