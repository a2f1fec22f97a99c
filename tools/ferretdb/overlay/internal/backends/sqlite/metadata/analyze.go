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

// analyzeTable is where the statistics are committed with a change of the schema (created and dropped
// in the same transaction, never seen).
const analyzeTable = "_ferretdb_analyze"

// analyze runs ANALYZE on the database's tables that need it, as SQLite itself chooses them (PRAGMA
// optimize, mask 0x10002: every table, not only those this connection queried): a table with rows and
// an index without statistics, or ten times larger or smaller than when last analyzed. Not with
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
