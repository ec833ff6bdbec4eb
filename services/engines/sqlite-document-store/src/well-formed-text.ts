// A lone UTF-16 surrogate has no UTF-8 form, and SQLite keeps text as UTF-8. Where such a string
// went in decided what was stored: better-sqlite3 binds it as U+FFFD on Node 24 and as the
// surrogate's raw (invalid) bytes on Node 20, while json_extract decodes JSON's `\ud800` escape to
// the raw bytes. The store writes U+FFFD in its place everywhere instead — in the document's JSON,
// its index columns and the operands of a filter — so the index columns equal
// json_extract(doc, …) and a document reads back the same on every Node line (MongoDB's BSON
// encoder replaces a lone surrogate with U+FFFD too).

type Es2024String = string & { isWellFormed(): boolean; toWellFormed(): string };

/** The string with every lone surrogate replaced by U+FFFD (itself when there is none). */
export function wellFormed(text: string): string {
  const value = text as Es2024String;
  return value.isWellFormed() ? text : value.toWellFormed();
}

// JSON.stringify writes a paired surrogate as the character itself and a lone one as the escape
// `\udXXX` (lower-case hex). An escaped backslash (`\\`) is consumed as a pair first, so the text
// `\\ud800` (a backslash followed by "ud800") is left alone.
const ESCAPE = /\\(?:\\|u(d[89a-f][0-9a-f]{2}))/g;

/** JSON.stringify's output with the escape of every lone surrogate replaced by U+FFFD itself. */
export function wellFormedJson(json: string): string {
  if (!json.includes('\\ud')) return json;
  return json.replace(ESCAPE, (escape: string, surrogate: string | undefined) =>
    surrogate === undefined ? escape : '\ufffd',
  );
}
