// A piscina worker of OffThreadReads: its own read-only connection to the api's SQLite file (WAL lets it read beside
// the api's writes), on a thread at nice 19 (Linux schedules each thread on its own), so the api's thread gets the
// CPU first. Plain JavaScript: the same file runs from the sources (tests) and, bundled, from dist.
const { setPriority } = require('os');
const { workerData } = require('piscina');
const Database = require('better-sqlite3');

try {
  setPriority(19);
} catch {
  // Not allowed here: the reads still run, at the api's priority.
}
const db = new Database(workerData.path, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');

module.exports = ({ sql, params }) => {
  try {
    return db.prepare(sql).all(...params);
  } catch (error) {
    // A plain Error crosses to the api's thread with its message; better-sqlite3's SqliteError would arrive without it.
    throw new Error(error.message);
  }
};
