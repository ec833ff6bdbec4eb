/** The most products the site's compare page shows (ADR 116), and so the most picks an account keeps. */
export const COMPARE_PICKS_MAX = 4;
