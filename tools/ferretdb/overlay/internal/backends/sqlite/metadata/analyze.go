// The shop's build of FerretDB (tools/ferretdb/README.md, "Planner statistics"): SQLite's query
// planner is given statistics of the tables and indexes (ANALYZE), so it knows how many rows a
// condition selects and picks the index that reads the fewest.

package metadata

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/FerretDB/FerretDB/internal/util/fsql"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
)

// analyzeEvery is how often every database is checked for tables whose statistics are missing or
// stale (a check with nothing to do reads no rows).
const analyzeEvery = time.Minute

// analyzeMinRows is the fewest rows a table has for it to be analyzed. A smaller one keeps SQLite's
// defaults, which take an index for any equality or range on its columns: reading a small table costs
// little whichever way, while statistics of a handful of rows (a new shop's) steer the table's plans
// to whole-table scans, which stay as it grows, until it is ten times larger.
const analyzeMinRows = 1000

// analyzeTable is where the statistics are committed with a change of the schema (created and dropped
// in the same transaction, never seen).
const analyzeTable = "_ferretdb_analyze"

// analyze runs ANALYZE on the database's tables that need it, as SQLite itself chooses them (PRAGMA
// optimize, mask 0x10002: every table, not only those this connection queried): a table with rows and
// an index without statistics, or ten times larger or smaller than when last analyzed; and of those,
// the ones with at least analyzeMinRows rows (counted up to that many). Not with
// PRAGMA optimize's own limited run, which leaves out sqlite_stat4: its samples of each index are
// what tells a rare value or range from a common one (`paid`, most of the orders, from a name prefix
// three orders have). SQLite loads statistics with the schema, so every other connection of the pool
// would keep the old ones: they are committed with a change of the schema, which each connection
// sees before its next statement.
func analyze(ctx context.Context, db *fsql.DB) error {
	// mask 0x1: only list the ANALYZE statements PRAGMA optimize would run
	rows, err := db.QueryContext(ctx, "PRAGMA optimize(0x10003)")
	if err != nil {
		return lazyerrors.Error(err)
	}

	var stmts []string

	for rows.Next() {
		var stmt string
		if err = rows.Scan(&stmt); err != nil {
			_ = rows.Close()
			return lazyerrors.Error(err)
		}

		if strings.HasPrefix(stmt, "ANALYZE ") {
			stmts = append(stmts, stmt)
		}
	}

	if err = rows.Close(); err != nil {
		return lazyerrors.Error(err)
	}

	stmts, err = withMinRows(ctx, db, stmts)
	if err != nil {
		return err
	}

	if len(stmts) == 0 {
		return nil
	}

	return db.InTransaction(ctx, func(tx *fsql.Tx) error {
		for _, stmt := range stmts {
			if _, err := tx.ExecContext(ctx, stmt); err != nil {
				return lazyerrors.Error(err)
			}
		}

		for _, q := range []string{"CREATE TABLE %q (x)", "DROP TABLE %q"} {
			if _, err := tx.ExecContext(ctx, fmt.Sprintf(q, analyzeTable)); err != nil {
				return lazyerrors.Error(err)
			}
		}

		return nil
	})
}

// withMinRows keeps the ANALYZE statements of tables with at least analyzeMinRows rows.
func withMinRows(ctx context.Context, db *fsql.DB, stmts []string) ([]string, error) {
	var kept []string

	for _, stmt := range stmts {
		table := strings.TrimPrefix(stmt, "ANALYZE ")
		q := fmt.Sprintf("SELECT count(*) FROM (SELECT 1 FROM %s LIMIT %d)", table, analyzeMinRows)

		var n int
		if err := db.QueryRowContext(ctx, q).Scan(&n); err != nil {
			return nil, lazyerrors.Error(err)
		}

		if n >= analyzeMinRows {
			kept = append(kept, stmt)
		}
	}

	return kept, nil
}

// analyzeAll analyzes every database that needs it (see analyze).
func (r *Registry) analyzeAll(ctx context.Context) {
	for _, name := range r.p.List(ctx) {
		db := r.p.GetExisting(ctx, name)
		if db == nil {
			continue
		}

		if err := analyze(ctx, db); err != nil && ctx.Err() == nil {
			r.l.WarnContext(ctx, "ANALYZE failed", "database", name, "error", err)
		}
	}
}

// analyzeLoop analyzes every database that needs it every analyzeEvery until ctx is done.
func (r *Registry) analyzeLoop(ctx context.Context) {
	t := time.NewTicker(analyzeEvery)
	defer t.Stop()

	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			r.analyzeAll(ctx)
		}
	}
}
