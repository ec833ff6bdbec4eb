import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { trainingSets } from './train-match-model';

describe('training the match model', () => {
  it('refuses a test split, whatever data is there', () => {
    expect(() => trainingSets(join(tmpdir(), 'no-benchmarks-here'), ['train', 'test'])).toThrow(
      /never trained on a test split/,
    );
  });
});
