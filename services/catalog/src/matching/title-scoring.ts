// The knobs of the rule score, in one place, chosen on the train and valid splits of the
// benchmarks (never on test; docs/matching-report.md). The learned match model (ADR 050) reads
// this score as one of its features and decides by its own threshold.

export interface TitleScoring {
  /** Share of Dice (penalises extra words) against containment (the lighter title's words found). */
  readonly diceShare: number;
  /** A short title found whole in a longer one lifts the score to at least this, before the
   *  factors for what disagrees: "Samsung 960 Pro 2TB" / "Samsung 2TB 960 PRO PCIe NVMe M.2
   *  Internal SSD (MZ-V6P2T0BW)", whose Dice is low only because one shop says more. */
  readonly containedTitleFloor: number;
  /** ... when the short title weighs at least this (four words, or a code and more): a title of
   *  two or three words found in another says too little. */
  readonly containedTitleMinWeight: number;
  /** A shared model code lifts the score to at least this. */
  readonly sameCodeFloor: number;
  /** A code that the other title carries with a suffix lifts the score to at least this. */
  readonly suffixedCodeFloor: number;
  /** Factor when the titles carry two suffixed forms of one base code and nothing shared. */
  readonly siblingCodeFactor: number;
  /** Factor when both titles carry comparable model codes and none agrees. */
  readonly codeConflictFactor: number;
  /** Factor when only one title carries a model code (the other cannot confirm the model). */
  readonly oneSidedCodeFactor: number;
  /** Factor per unit whose values differ ("16gb" / "32gb"), at most two counted. */
  readonly measureConflictFactor: number;
  /** Factor per group of numbers or versions with no value in common ("cs3" / "cs4"), at most two. */
  readonly numberConflictFactor: number;
  /** Factor per variant group (colour, language) named by both titles with no value in common. */
  readonly variantConflictFactor: number;
  /** Factor when each title's name carries an ordinary word the other lacks, both in one
   *  language ("classic lady winchester" / "classic lady canterbury"). */
  readonly ownWordsFactor: number;
  /** Factor instead when those words are capitalised names standing in one place of both names
   *  ("Classic Lady Winchester" / "Classic Lady Canterbury"): a model's own name. */
  readonly ownNamesFactor: number;
  /** Factor on the score of web titles (schema.org name literals, language-tagged or followed by
   *  page text): their page text weighs nothing and shops in several languages name one product
   *  in their own words, so one product scores lower than between two feeds' titles. */
  readonly webTitleFactor: number;
  /** The same under weights learned from document frequencies: they lower web titles' scores
   *  more (a shop's own words are rare, so they weigh more), so web titles are lifted more. */
  readonly learnedWeightsWebTitleFactor: number;
  /** Factor per edition word ("deluxe", "pro", "mini") in one title only, at most two. */
  readonly editionDifferenceFactor: number;
  /** Factor per licence or condition word ("upgrade", "academic", "refurbished", "compatible")
   *  in one title only, at most two: a different offer of the same software or device. */
  readonly conditionDifferenceFactor: number;
  /** Factor when one title is an accessory for a device ("case for iphone 12") and the other the device. */
  readonly accessoryFactor: number;
}

export interface MatchScoring extends TitleScoring {
  /** Factor when both records name makers that disagree. */
  readonly brandConflictFactor: number;
  /** Lowest score taken as the same product. */
  readonly threshold: number;
}

export const TITLE_SCORING: TitleScoring = {
  diceShare: 0.6,
  containedTitleFloor: 0.8,
  containedTitleMinWeight: 4,
  sameCodeFloor: 0.95,
  suffixedCodeFloor: 0.3,
  siblingCodeFactor: 0.5,
  codeConflictFactor: 0.5,
  oneSidedCodeFactor: 0.95,
  measureConflictFactor: 0.3,
  numberConflictFactor: 0.8,
  variantConflictFactor: 0.3,
  ownWordsFactor: 0.8,
  ownNamesFactor: 0.7,
  webTitleFactor: 1.04,
  learnedWeightsWebTitleFactor: 1.28,
  editionDifferenceFactor: 0.8,
  conditionDifferenceFactor: 0.75,
  accessoryFactor: 0.5,
};

export const MATCH_SCORING: MatchScoring = {
  ...TITLE_SCORING,
  brandConflictFactor: 0.9,
  threshold: 0.75,
};

/** The rule score's own threshold: where the score alone would call two records one product.
 *  The match model reads the score among other features and decides by its own threshold; the
 *  rule tests hold the score to this one. */
export const RULE_SCORE_THRESHOLD: number = MATCH_SCORING.threshold;
