// The machine's speed at the moment, as the time of a fixed single-threaded workload: this VM's
// CPU speed moves by up to 2× within an hour (docs/benchmarks.md, "The machine"), so a
// benchmark's rates compare only with rates taken at a similar gauge reading. The workload is what
// the platform's services spend their time on: SQLite point reads and writes, JSON, sorting.
import Database from 'better-sqlite3';

const ROWS = 20_000;

function workload() {
  const db = new Database(':memory:');
  db.exec('CREATE TABLE docs (id TEXT PRIMARY KEY, body TEXT NOT NULL) WITHOUT ROWID');
  const insert = db.prepare('INSERT INTO docs (id, body) VALUES (?, ?)');
  const select = db.prepare('SELECT body FROM docs WHERE id = ?').pluck();
  let seed = 7;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  const ids = Array.from({ length: ROWS }, (_, i) => `offer-${Math.floor(random() * 1e9)}-${i}`);
  db.transaction(() => {
    for (const id of ids)
      insert.run(
        id,
        JSON.stringify({
          id,
          price: Math.floor(random() * 1e5),
          shop: `shop-${id.length}`,
          title: `${id} title words`,
        }),
      );
  })();
  let sum = 0;
  for (const id of ids) sum += JSON.parse(select.get(id)).price;
  const sorted = ids.map(() => random()).sort((a, b) => a - b);
  db.close();
  return sum + sorted.length;
}

/** Milliseconds of the workload: the fastest of `runs`, since a busy moment only adds. */
export function gaugeMachine(runs = 5) {
  workload(); // warm-up: JIT and SQLite's first allocations
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    workload();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}
