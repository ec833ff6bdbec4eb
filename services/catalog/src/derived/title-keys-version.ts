/**
 * The derivation of title keys (`titleBlockingKeys`) the code files products under. Bump it when
 * that changes what keys a title gets: a store of an older version gets every product's keys
 * again at the next start. 2: four-character codes and digit-first codes ("800wbe") are keys.
 * 3: codes of chunks that open with letters and hold a measure ("dcs-5020l", "ga-110mb-1aer")
 * are keys too; a lens aperture ("f/4-5.6") is no longer the code "f456". 4: a dotted reference
 * number ("311.63.44.51.06.001") is a code, a memory grade ("ddr4-3000") and a range ("24-70mm")
 * no longer are. 5: a shop's promotion code ("use code: more17") is no code. 6: German and
 * Dutch compounds of a product-type noun ("automatikuhr") are their two words. 7: decimal
 * numbers joined without their points ("3.8/3.6ghz") make no measure; "w/" is "with"; a code named after "for" stays the fitted device's
 * though the title repeats it; abbreviations of editions ("prem", "upg", "std") are the word; an M.2 size ("m.2-2280") and a decimal with a unit letter
 * ("7.2k") are specs. 8: a count written together with three letters ("79nnv", "2bdw") is a code
 * unless the letters are a unit ("200pin", "9dbi"); "sand" is a colour, "s", "m", "l" sizes
 * (variant words make no word-pair keys). 9: roman numerals ("Mark III") are numbers and
 * "extended", "family", "advanced", "essentials", "lt" edition words, so they make no word-pair
 * keys; a processor sold as such is filed under its model ("i7-4790"); a season ("SS15") is no
 * code; "auto" is "automatic", "prm" "premium". 10: product types of camera and computer shops in
 * their own language ("Objektiv", "Prozessor", "Speicher") are the English word. 11: a product's
 * part number (its MPN field) is filed as a code though its names lack it; a shop's promises ("mit
 * Garantie", "NEU", "Top-Angebot") make no word-pair keys. 12: a German compound of "chronograph"
 * ("Herrenchronograph") is its two words; "chrono" is "chronograph", Nike's "GS" kids, "limoen",
 * "mangue" are lime and mango. 13: a CD's "jewel case" ("j/c", "jc") is one generic word, so it
 * makes no word-pair keys. 14: an AMD Ryzen model sold as a processor ("1600X") is a code. 15: so is an Intel
 * model written apart ("i7 6850K"). 16: a shoe's "RN" is "run". 17: "upgrading" is "upgrade", "teachers" "teacher" (licence words: no
 * word-pair keys).
 */
export const TITLE_KEYS_VERSION = 17;
