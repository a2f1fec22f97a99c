package pool

// Each connection keeps the SQLite statements it has prepared, by their SQL text.
//
// modernc.org/sqlite prepares the SQL of every ExecContext and QueryContext of a connection anew
// (sqlite3_prepare_v2) and finalizes it afterwards; only a driver.Stmt keeps its SQLite statement
// between uses (resetting it after each). Preparing parses the SQL, looks up the schema and plans
// the statement, an UPDATE or INSERT the upkeep of each index of its table: a large part of the
// database's processor time, for the same few statements per collection over and over. So the
// connections handed to database/sql prepare each SQL text once, as a driver.Stmt, and run that
// statement again with the new arguments.
//
// The answers are a fresh statement's: the driver runs a kept statement with the very code it runs
// a one-off one with (bind, step, reset; one-off only adds the prepare and the finalize), and
// SQLite prepares a statement again by itself before running it when the schema has changed since
// (a collection or index made or dropped, new ANALYZE statistics) or, with stat4 statistics, when a
// newly bound value may change the plan.
//
// A statement runs one query at a time: while the rows of a kept statement are open (a second
// cursor of the same query in one transaction), the same SQL is prepared one-off, as before. A
// statement that fails is finalized and prepared again next time. Each connection keeps at most
// stmtCacheSize statements, finalizing the least recently used (SQL with a different number of
// $in values is a different text). database/sql calls a connection from one goroutine at a time
// (rows included), so the cache needs no lock.

import (
	"container/list"
	"context"
	"database/sql/driver"
	"fmt"

	sqlite "modernc.org/sqlite"
)

// stmtCacheSize is how many prepared statements each connection keeps.
const stmtCacheSize = 200

// sqliteConn is what a modernc.org/sqlite connection implements and database/sql uses.
type sqliteConn interface {
	driver.Conn
	driver.ConnBeginTx
	driver.ConnPrepareContext
	driver.ExecerContext
	driver.QueryerContext
	driver.Pinger
	driver.SessionResetter
	driver.Validator
}

// sqliteStmt is what a modernc.org/sqlite statement implements.
type sqliteStmt interface {
	driver.Stmt
	driver.StmtExecContext
	driver.StmtQueryContext
}

// stmtCacheConnector opens modernc.org/sqlite connections that keep their statements.
type stmtCacheConnector struct {
	driver.Connector
}

// newStmtCacheConnector returns a connector for sql.OpenDB; dsn is that of sql.Open("sqlite", dsn).
func newStmtCacheConnector(dsn string) (driver.Connector, error) {
	c, err := sqlite.NewConnector(dsn)
	if err != nil {
		return nil, err
	}

	return &stmtCacheConnector{Connector: c}, nil
}

// Connect implements [driver.Connector].
func (c *stmtCacheConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}

	sc, ok := conn.(sqliteConn)
	if !ok {
		_ = conn.Close()
		return nil, fmt.Errorf("stmtcache: %T lacks a method database/sql uses", conn)
	}

	return &stmtCacheConn{sqliteConn: sc, stmts: map[string]*cachedStmt{}, lru: list.New()}, nil
}

// stmtCacheConn is a connection with its statements; every other method is the driver's own.
type stmtCacheConn struct {
	sqliteConn
	stmts map[string]*cachedStmt
	lru   *list.List // of *cachedStmt, the most recently used first
}

// cachedStmt is a prepared statement a connection keeps.
type cachedStmt struct {
	stmt    sqliteStmt
	query   string
	elem    *list.Element
	busy    bool // its rows are open
	dropped bool // out of the cache while busy: finalized when its rows close
}

// stmt returns the kept statement of query, prepared if new; nil (and no error) if it is busy.
func (c *stmtCacheConn) stmt(ctx context.Context, query string) (*cachedStmt, error) {
	if s := c.stmts[query]; s != nil {
		if s.busy {
			return nil, nil
		}

		c.lru.MoveToFront(s.elem)

		return s, nil
	}

	ds, err := c.sqliteConn.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}

	st, ok := ds.(sqliteStmt)
	if !ok {
		_ = ds.Close()
		return nil, fmt.Errorf("stmtcache: %T lacks a method database/sql uses", ds)
	}

	s := &cachedStmt{stmt: st, query: query}
	s.elem = c.lru.PushFront(s)
	c.stmts[query] = s

	for c.lru.Len() > stmtCacheSize {
		c.drop(c.lru.Back().Value.(*cachedStmt))
	}

	return s, nil
}

// drop takes s out of the cache and finalizes it, once its rows are closed if they are open.
func (c *stmtCacheConn) drop(s *cachedStmt) {
	if c.stmts[s.query] == s {
		delete(c.stmts, s.query)
		c.lru.Remove(s.elem)
	}

	if s.busy {
		s.dropped = true
		return
	}

	_ = s.stmt.Close()
}

// ExecContext implements [driver.ExecerContext].
func (c *stmtCacheConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	s, err := c.stmt(ctx, query)
	if err != nil {
		return nil, err
	}

	if s == nil {
		return c.sqliteConn.ExecContext(ctx, query, args)
	}

	res, err := s.stmt.ExecContext(ctx, args)
	if err != nil {
		c.drop(s)
	}

	return res, err
}

// QueryContext implements [driver.QueryerContext].
func (c *stmtCacheConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	s, err := c.stmt(ctx, query)
	if err != nil {
		return nil, err
	}

	if s == nil {
		return c.sqliteConn.QueryContext(ctx, query, args)
	}

	rows, err := s.stmt.QueryContext(ctx, args)
	if err != nil {
		c.drop(s)
		return nil, err
	}

	s.busy = true

	return &cachedStmtRows{Rows: rows, c: c, s: s}, nil
}

// Close implements [driver.Conn]: it finalizes the kept statements, then closes the connection.
func (c *stmtCacheConn) Close() error {
	for _, s := range c.stmts {
		c.drop(s)
	}

	return c.sqliteConn.Close()
}

// cachedStmtRows are the rows of a kept statement; closing them (which resets the statement) frees it.
type cachedStmtRows struct {
	driver.Rows
	c      *stmtCacheConn
	s      *cachedStmt
	closed bool
}

// Close implements [driver.Rows].
func (r *cachedStmtRows) Close() error {
	if r.closed {
		return nil
	}

	r.closed = true
	err := r.Rows.Close()
	r.s.busy = false

	switch {
	case r.s.dropped:
		_ = r.s.stmt.Close()
	case err != nil:
		r.c.drop(r.s)
	}

	return err
}

// check interfaces
var (
	_ driver.Connector = (*stmtCacheConnector)(nil)
	_ sqliteConn       = (*stmtCacheConn)(nil)
	_ driver.Rows      = (*cachedStmtRows)(nil)
)
