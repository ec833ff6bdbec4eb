// One typed token of a title: what title-tokens.ts produces and the comparisons read.
export type TitleTokenKind = 'word' | 'number' | 'measure' | 'code';

export interface TitleToken {
  readonly kind: TitleTokenKind;
  /** Comparable text: the word, the number, "16gb" for a measure, the code without separators. */
  readonly text: string;
  /** What a value counts: the canonical unit of a measure ("gb"), the letters of a version
   *  ("cs" of "cs3", '' for a bare number), the variant group of a word ("colour"). Only values
   *  of one group must agree. '' for other words. */
  readonly group: string;
  /** A code that is only a piece of a longer code written with separators ("sf1008d" of
   *  "tl-sf1008d"): it may find the other title's code but does not stand for the product. */
  readonly isCodePart?: boolean;
  /** A code of the device an accessory fits ("tf101" of "case for asus tf101"). */
  readonly fitsDevice?: boolean;
  /** The number of a measure, compared with a tolerance (shops round: "24.7 cu ft" / "25"). */
  readonly value?: number;
  /** Read after the name literal of a web title (`"name"@en rest of the page's title`): the
   *  shop's name, breadcrumbs, a description (title-text.ts, `splitNameLiteral`). */
  readonly afterName?: boolean;
  /** A number written as a roman numeral ("Mark III"): a generation of the model. */
  readonly numeral?: boolean;
  /** A piece of a chunk joined by separators ("v" of "a/v", "ii" of "di-ii"). */
  readonly piece?: boolean;
}
