// The package ships plain JavaScript; only the part we call is typed here.
declare module 'snowball-stemmers' {
  export interface SnowballStemmer {
    stem(word: string): string;
  }
  export function newStemmer(algorithm: string): SnowballStemmer;
  export function algorithms(): string[];
}
