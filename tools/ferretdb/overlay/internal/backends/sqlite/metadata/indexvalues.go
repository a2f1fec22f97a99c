// The shop's build of FerretDB (tools/ferretdb/README.md, "Index pushdown"): indexes built on the
// fields' SQL values, and what the documents have held in each indexed field.

package metadata

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/handler/sjson"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/fsql"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
)

// FieldStats is what the documents of a collection have held in one indexed top-level field since the
// index was made, like MongoDB's multikey flag. It only grows: a value deleted or changed later stays
// counted, so the stats always include what the documents hold now.
type FieldStats struct {
	// Multikey: some document held an array there (MongoDB's `{f: x}` matches an element).
	Multikey bool `json:"multikey,omitempty"`

	// Lossy: some document held a double that the index's SQL value does not hold exactly (not a whole
	// number, or 2^53 or more away from zero: SQLite reads its JSON text into another number).
	Lossy bool `json:"lossy,omitempty"`

	// Types: the sjson type names held there ("string", "objectId", "int", "long", "double", "date",
	// "bool", "null", "object", "binData", ...), and "missing" for documents without the field; sorted.
	Types []string `json:"types"`
}

// TypeMissing is FieldStats.Types' name for a document without the field.
const TypeMissing = "missing"

// maxExactDouble: doubles at least this far from zero are Lossy (2^53).
const maxExactDouble = 1 << 53

// simpleField: the field names the value expression is made for (a JSON path label needing no quoting).
var simpleField = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// ValueExpr is the SQL expression of a top-level field's value, the one indexes made by this build are
// built on: SQLite's `->>` gives numbers, dates (milliseconds) and booleans (0, 1) as numbers, strings
// and ObjectIDs (hexadecimal) as text, null and a missing field as NULL, objects and arrays as JSON text.
// A query must spell it exactly so for SQLite to use the index.
func ValueExpr(field string) string {
	return DefaultColumn + "->>'$." + field + "'"
}

// typeExpr is the SQL expression of the sjson type name of a top-level field (NULL when missing).
func typeExpr(field string) string {
	return DefaultColumn + `->>'$."$s".p.` + field + `.t'`
}

// classExpr tells the values of a unique index apart by type class as MongoDB does (int, long and
// double are one class; a string and an ObjectID, or a date and a number, are not equal).
func classExpr(field string) string {
	t := typeExpr(field)
	return "CASE " + t + " WHEN 'int' THEN 'number' WHEN 'long' THEN 'number' WHEN 'double' THEN 'number' ELSE " + t + " END"
}

// ValuesIndexable reports whether the index can be built on its fields' values: every key a top-level
// field with a simple name. Other indexes keep FerretDB's own expressions and are never pushed down.
func ValuesIndexable(index *IndexInfo) bool {
	if index.Name == backends.DefaultIndexName {
		return false
	}

	for _, key := range index.Key {
		if !simpleField.MatchString(key.Field) {
			return false
		}
	}

	return true
}

// indexColumns returns the indexed expressions of a new index and whether they are the values.
func indexColumns(index *IndexInfo) ([]string, bool) {
	values := ValuesIndexable(index)
	columns := make([]string, 0, len(index.Key))

	for _, key := range index.Key {
		var column string

		if values {
			column = ValueExpr(key.Field)
		} else {
			// FerretDB's own expression
			fields := strings.Split(key.Field, ".")
			for j, f := range fields {
				fields[j] = fmt.Sprintf("%q", f)
			}

			column = fmt.Sprintf("%s->%s", DefaultColumn, strings.Join(fields, "->"))
		}

		if key.Descending {
			column += " DESC"
		}

		columns = append(columns, column)
	}

	if values && index.Unique {
		for _, key := range index.Key {
			columns = append(columns, classExpr(key.Field))
		}
	}

	return columns, values
}

// NullKeysIndexName is the SQL name of a unique index's companion over the documents whose key holds
// null or a missing field.
func NullKeysIndexName(table, index string) string {
	return table + "_" + index + "$nullkeys"
}

// nullKeysIndexSQL makes a unique index's companion: SQLite's UNIQUE takes any number of rows with a
// NULL in the key, and a null or missing field is NULL in the index on values, where MongoDB lets one
// document in. Over the rows whose key has a NULL (a partial index, so it holds only those), null and
// missing are keyed as one value of their own class, and the other fields as the index keys them.
func nullKeysIndexSQL(table string, index *IndexInfo) string {
	columns := make([]string, 0, 2*len(index.Key))
	nulls := make([]string, 0, len(index.Key))

	for _, key := range index.Key {
		value := ValueExpr(key.Field)
		columns = append(columns, "coalesce("+value+", 0)", "coalesce("+classExpr(key.Field)+", 'null')")
		nulls = append(nulls, value+" IS NULL")
	}

	return fmt.Sprintf(
		"CREATE UNIQUE INDEX %q ON %q (%s) WHERE %s",
		NullKeysIndexName(table, index.Name), table, strings.Join(columns, ", "), strings.Join(nulls, " OR "),
	)
}

// StatsKnown reports whether the index has stats for each of its keys.
func (index *IndexInfo) StatsKnown() bool {
	return index.Stats != nil && len(index.Stats) == len(index.Key)
}

// clone returns a deep copy.
func (index IndexInfo) clone() IndexInfo {
	res := index
	res.Key = slices.Clone(index.Key)

	if index.Stats != nil {
		res.Stats = make([]FieldStats, len(index.Stats))
		for i, s := range index.Stats {
			res.Stats[i] = FieldStats{Multikey: s.Multikey, Lossy: s.Lossy, Types: slices.Clone(s.Types)}
		}
	}

	return res
}

// statsTracked reports whether the index's stats are kept: the _id index and indexes on values.
func statsTracked(index *IndexInfo) bool {
	return index.Name == backends.DefaultIndexName || index.Values
}

// scanStats computes the stats of the given fields with one scan of the table.
func scanStats(ctx context.Context, db *fsql.DB, table string, fields []string) ([]FieldStats, error) {
	if len(fields) == 0 {
		return nil, nil
	}

	cols := make([]string, 0, 3*len(fields))
	for _, f := range fields {
		t := typeExpr(f)
		lossy := fmt.Sprintf(
			"CASE WHEN %[1]s = 'double' THEN NOT (json_type(%[2]s, '$.%[3]s') = 'integer' AND %[4]s > -%[5]d AND %[4]s < %[5]d) ELSE 0 END",
			t, DefaultColumn, f, ValueExpr(f), int64(maxExactDouble),
		)
		cols = append(cols,
			fmt.Sprintf("coalesce(group_concat(DISTINCT %s), '')", t),
			fmt.Sprintf("coalesce(max(%s IS NULL), 0)", t),
			fmt.Sprintf("coalesce(max(%s), 0)", lossy),
		)
	}

	q := fmt.Sprintf("SELECT %s FROM %q", strings.Join(cols, ", "), table)

	dest := make([]any, 3*len(fields))
	typeLists := make([]string, len(fields))
	missing := make([]int64, len(fields))
	lossy := make([]int64, len(fields))

	for i := range fields {
		dest[3*i], dest[3*i+1], dest[3*i+2] = &typeLists[i], &missing[i], &lossy[i]
	}

	if err := db.QueryRowContext(ctx, q).Scan(dest...); err != nil {
		return nil, lazyerrors.Error(err)
	}

	res := make([]FieldStats, len(fields))

	for i := range fields {
		s := FieldStats{Types: []string{}, Lossy: lossy[i] != 0}

		for _, t := range strings.Split(typeLists[i], ",") {
			switch t {
			case "":
			case "array":
				s.Multikey = true
			default:
				s.Types = append(s.Types, t)
			}
		}

		if missing[i] != 0 {
			s.Types = append(s.Types, TypeMissing)
		}

		slices.Sort(s.Types)
		s.Types = slices.Compact(s.Types)
		res[i] = s
	}

	return res, nil
}

// computeStats sets the stats of the collection's indexes that need them (tracked, not known yet),
// with one scan. It does not persist them.
func computeStats(ctx context.Context, db *fsql.DB, c *Collection) error {
	var fields []string

	for _, index := range c.Settings.Indexes {
		if statsTracked(&index) && !index.StatsKnown() {
			for _, key := range index.Key {
				if !slices.Contains(fields, key.Field) {
					fields = append(fields, key.Field)
				}
			}
		}
	}

	if len(fields) == 0 {
		return nil
	}

	stats, err := scanStats(ctx, db, c.TableName, fields)
	if err != nil {
		return lazyerrors.Error(err)
	}

	for i := range c.Settings.Indexes {
		index := &c.Settings.Indexes[i]
		if !statsTracked(index) || index.StatsKnown() {
			continue
		}

		index.Stats = make([]FieldStats, len(index.Key))
		for j, key := range index.Key {
			s := stats[slices.Index(fields, key.Field)]
			index.Stats[j] = FieldStats{Multikey: s.Multikey, Lossy: s.Lossy, Types: slices.Clone(s.Types)}
		}
	}

	return nil
}

// valueStats returns the stats of one value (nil: the field is missing).
func valueStats(v any) FieldStats {
	if v == nil {
		return FieldStats{Types: []string{TypeMissing}}
	}

	switch v := v.(type) {
	case *types.Array:
		return FieldStats{Multikey: true}
	case float64:
		return FieldStats{
			Types: []string{sjson.GetTypeOfValue(v)},
			Lossy: v != math.Trunc(v) || math.Abs(v) >= maxExactDouble,
		}
	default:
		return FieldStats{Types: []string{sjson.GetTypeOfValue(v)}}
	}
}

// covers reports whether the stats already include the other's.
func (s *FieldStats) covers(o FieldStats) bool {
	if (o.Multikey && !s.Multikey) || (o.Lossy && !s.Lossy) {
		return false
	}

	for _, t := range o.Types {
		if _, found := slices.BinarySearch(s.Types, t); !found {
			return false
		}
	}

	return true
}

// add includes the other's stats.
func (s *FieldStats) add(o FieldStats) {
	s.Multikey = s.Multikey || o.Multikey
	s.Lossy = s.Lossy || o.Lossy

	for _, t := range o.Types {
		if i, found := slices.BinarySearch(s.Types, t); !found {
			s.Types = slices.Insert(s.Types, i, t)
		}
	}
}

// statsAddDocs includes the documents' values in the collection's tracked stats; it reports whether
// they changed.
func statsAddDocs(c *Collection, docs []*types.Document) bool {
	var changed bool

	for i := range c.Settings.Indexes {
		index := &c.Settings.Indexes[i]
		if !statsTracked(index) || !index.StatsKnown() {
			continue
		}

		for j, key := range index.Key {
			s := &index.Stats[j]

			for _, doc := range docs {
				v, _ := doc.Get(key.Field)

				if vs := valueStats(v); !s.covers(vs) {
					s.add(vs)
					changed = true
				}
			}
		}
	}

	return changed
}

// IndexStatsRLock read-locks the index stats of all collections: a query holds it from reading them
// to the start of its SQL statement (whose snapshot is then fixed), so a write that changes them
// either is in that snapshot with its stats seen, or is not in it.
func (r *Registry) IndexStatsRLock() func() {
	r.statsMu.RLock()
	return r.statsMu.RUnlock
}

// IndexStatsNote is called before documents are written (inserted or replaced) in the collection. It
// adds their values to the stats of the collection's indexes, persisted before the documents are, and
// returns with a lock held that keeps the stats from changing under the write (as they would if an
// index were made meanwhile); the caller calls the returned function once the write is committed or
// abandoned.
func (r *Registry) IndexStatsNote(ctx context.Context, dbName, collectionName string, docs []*types.Document) (func(), error) {
	r.statsMu.RLock()

	c := r.CollectionGet(ctx, dbName, collectionName)
	if c == nil || !statsAddDocs(c, docs) {
		return r.statsMu.RUnlock, nil
	}

	// the stats grow: rare (a field's first value of a new type), so all waits for it
	r.statsMu.RUnlock()
	r.statsMu.Lock()

	if err := r.statsPersist(ctx, dbName, collectionName, docs); err != nil {
		r.statsMu.Unlock()
		return nil, lazyerrors.Error(err)
	}

	return r.statsMu.Unlock, nil
}

// statsPersist adds the documents' values to the collection's stats and persists them.
//
// The caller holds statsMu for writing.
func (r *Registry) statsPersist(ctx context.Context, dbName, collectionName string, docs []*types.Document) error {
	r.rw.Lock()
	defer r.rw.Unlock()

	db := r.DatabaseGetExisting(ctx, dbName)

	c := r.collectionGet(dbName, collectionName)
	if db == nil || c == nil || !statsAddDocs(c, docs) {
		return nil
	}

	q := fmt.Sprintf("UPDATE %q SET settings = ? WHERE table_name = ?", metadataTableName)
	if _, err := db.ExecContext(ctx, q, c.Settings, c.TableName); err != nil {
		return lazyerrors.Error(err)
	}

	r.colls[dbName][collectionName] = c

	return nil
}

// rescanStats: every index's stats are computed again when a database is loaded.
var rescanStats atomic.Bool

// SetRescanIndexStats makes the databases loaded from now on compute their index stats again, as
// after a build without the stats upkeep (0009) has written to them.
func SetRescanIndexStats(on bool) {
	rescanStats.Store(on)
}

// upgradeIndexes rebuilds, once, the indexes an earlier build made on FerretDB's `->` expressions
// (JSON text: '999' > '1000') that can be built on values, and computes the stats missing. It runs
// when a database's metadata is loaded, before FerretDB serves; an index that cannot be rebuilt is
// kept as it was and never pushed down.
func (r *Registry) upgradeIndexes(ctx context.Context, dbName string, db *fsql.DB) error {
	for name, c := range r.colls[dbName] {
		rescan := rescanStats.Load()
		if !rescan && !slices.ContainsFunc(c.Settings.Indexes, func(index IndexInfo) bool {
			return (!index.Values && ValuesIndexable(&index)) || (statsTracked(&index) && !index.StatsKnown()) ||
				(index.Values && index.Unique && !index.NullKeys)
		}) {
			continue
		}

		upgraded := c.deepCopy()

		if rescan {
			for i := range upgraded.Settings.Indexes {
				upgraded.Settings.Indexes[i].Stats = nil
			}
		}

		err := db.InTransaction(ctx, func(tx *fsql.Tx) error {
			for i := range upgraded.Settings.Indexes {
				index := &upgraded.Settings.Indexes[i]

				// a unique index on values made before its companion (nullKeysIndexSQL) gets it
				if index.Values && index.Unique && !index.NullKeys {
					if _, err := tx.ExecContext(ctx, nullKeysIndexSQL(upgraded.TableName, index)); err != nil {
						return lazyerrors.Error(err)
					}

					index.NullKeys = true
				}

				if index.Values || !ValuesIndexable(index) {
					continue
				}

				columns, _ := indexColumns(index)
				sqlName := upgraded.TableName + "_" + index.Name

				if _, err := tx.ExecContext(ctx, fmt.Sprintf("DROP INDEX IF EXISTS %q", sqlName)); err != nil {
					return lazyerrors.Error(err)
				}

				q := "CREATE "
				if index.Unique {
					q += "UNIQUE "
				}

				q += fmt.Sprintf("INDEX %q ON %q (%s)", sqlName, upgraded.TableName, strings.Join(columns, ", "))
				if _, err := tx.ExecContext(ctx, q); err != nil {
					return lazyerrors.Error(err)
				}

				index.Values = true
				index.Stats = nil

				if index.Unique {
					if _, err := tx.ExecContext(ctx, nullKeysIndexSQL(upgraded.TableName, index)); err != nil {
						return lazyerrors.Error(err)
					}

					index.NullKeys = true
				}
			}

			return nil
		})
		if err != nil {
			r.l.WarnContext(ctx, "Index pushdown: keeping the indexes of "+dbName+"."+name+" as they were", "error", err)
			upgraded = c.deepCopy()
		}

		if err = computeStats(ctx, db, upgraded); err != nil {
			return lazyerrors.Error(err)
		}

		q := fmt.Sprintf("UPDATE %q SET settings = ? WHERE table_name = ?", metadataTableName)
		if _, err = db.ExecContext(ctx, q, upgraded.Settings, upgraded.TableName); err != nil {
			return lazyerrors.Error(err)
		}

		r.colls[dbName][name] = upgraded
	}

	return nil
}
