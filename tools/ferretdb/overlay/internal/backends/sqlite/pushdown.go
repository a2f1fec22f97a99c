// The shop's build of FerretDB (tools/ferretdb/README.md, "Index pushdown"): a query's filter, sort
// and limit written as SQL on the expressions the collection's indexes are built on, so that SQLite
// answers it from them.
//
// The handler still filters, skips and limits what Query returns, so the WHERE clause only has to
// select a superset of the documents the filter matches; it never leaves one out. ORDER BY is added
// only when the WHERE clause selects exactly the matching documents and ORDER BY gives MongoDB's
// order: then the rows are the documents in the sort's order, and the handler does not sort them
// again (backends.QueryResult.Sorted), so they stream from the index; with a limit, LIMIT too, as
// the first rows are the first documents.

package sqlite

import (
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/handler/sjson"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/iterator"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// indexPushdownOff switches the index pushdown off (SetIndexPushdown): queries take FerretDB's own path.
var indexPushdownOff atomic.Bool

// SetIndexPushdown switches the index pushdown on (the default) or off.
func SetIndexPushdown(on bool) {
	indexPushdownOff.Store(!on)
}

// IndexPushdown reports whether the index pushdown is on.
func IndexPushdown() bool {
	return !indexPushdownOff.Load()
}

// maxInValues is the most values of an `$in` written in SQL.
const maxInValues = 1000

// A WHERE clause is written only within SQLite's limits on one statement (an expression at most 1000
// deep, at most 32766 bound values; an `$or` or `$and` of N conditions is N deep): a larger filter is
// left to the handler, as FerretDB's own path does.
const (
	maxWhereTerms = 500
	maxWhereArgs  = 10000
)

// tooLarge reports whether the condition is past what one statement may hold.
func (c *cond) tooLarge() bool {
	terms := strings.Count(c.sql, " AND ") + strings.Count(c.sql, " OR ")
	return terms > maxWhereTerms || len(c.args) > maxWhereArgs
}

// Filter pushdown, as explain reports it.
const (
	filterExact    = "exact"    // the WHERE clause selects exactly the matching documents
	filterSuperset = "superset" // it selects more; the handler filters them
	filterNone     = "none"     // no WHERE clause: every document is read
)

// pushdownPlan is the SQL of a pushed-down query, after its SELECT clause.
type pushdownPlan struct {
	where   string // " WHERE ..." or ""
	orderBy string // " ORDER BY ..." or ""
	limit   int64  // 0: no LIMIT
	args    []any

	filter string // filterExact, filterSuperset or filterNone
}

// sorted reports whether the rows come in the query's sort order (MongoDB's): the statement has ORDER BY.
func (p *pushdownPlan) sorted() bool {
	return p.orderBy != ""
}

// sql returns the clauses and their arguments.
func (p *pushdownPlan) sql() (string, []any) {
	q := p.where + p.orderBy
	args := slices.Clone(p.args)

	if p.limit > 0 {
		q += " LIMIT ?"
		args = append(args, p.limit)
	}

	return q, args
}

// counts reports whether the query is answered by counting its rows (backends.Pushdown.Count): only
// when the WHERE clause selects exactly the matching documents.
func (p *pushdownPlan) counts(pd *backends.Pushdown) bool {
	return pd.Count && p.filter == filterExact
}

// countSQL returns the statement that counts the plan's rows, and its arguments.
func (p *pushdownPlan) countSQL(table string) (string, []any) {
	args := slices.Clone(p.args)

	if p.limit > 0 {
		q := fmt.Sprintf("SELECT count(*) FROM (SELECT 1 FROM %q%s LIMIT ?)", table, p.where)
		return q, append(args, p.limit)
	}

	return fmt.Sprintf("SELECT count(*) FROM %q%s", table, p.where), args
}

// explain returns the plan's description for explain.
func (p *pushdownPlan) explain(counted bool) *types.Document {
	return must.NotFail(types.NewDocument(
		"filter", p.filter,
		"sort", p.sorted(),
		"limit", p.limit,
		"count", counted,
	))
}

// emptyDocuments returns an iterator of n empty documents: the answer of a counted query.
func emptyDocuments(n int64) types.DocumentsIterator {
	return iterator.ForFunc(func() (struct{}, *types.Document, error) {
		if n <= 0 {
			return struct{}{}, nil, iterator.ErrIteratorDone
		}

		n--

		return struct{}{}, must.NotFail(types.NewDocument()), nil
	})
}

// class is a class of values MongoDB compares with each other: a pushed-down condition compares only
// within its value's class.
type class int

const (
	classNone class = iota
	classNumber
	classString
	classObjectID
	classDate
	classBool
)

// kind is how SQLite holds the value expression (metadata.ValueExpr) of a class or sjson type.
type kind int

const (
	kindOther   kind = iota // not known: never exact
	kindNumeric             // INTEGER or REAL: numbers, dates (milliseconds), booleans (0 and 1), timestamps
	kindText                // TEXT: strings, ObjectIDs (hexadecimal), binData (base64), regexes, objects (JSON)
	kindNull                // NULL: null, and a missing field
)

// classOfType returns the class of an sjson type name.
func classOfType(t string) class {
	switch t {
	case "int", "long", "double":
		return classNumber
	case "string":
		return classString
	case "objectId":
		return classObjectID
	case "date":
		return classDate
	case "bool":
		return classBool
	default:
		return classNone
	}
}

// kindOfType returns the kind of an sjson type name.
func kindOfType(t string) kind {
	switch t {
	case "int", "long", "double", "date", "bool", "timestamp":
		return kindNumeric
	case "string", "objectId", "binData", "regex", "object":
		return kindText
	case "null", metadata.TypeMissing:
		return kindNull
	default:
		return kindOther
	}
}

// kindOf returns the kind of a class.
func kindOf(c class) kind {
	switch c {
	case classNumber, classDate, classBool:
		return kindNumeric
	case classString, classObjectID:
		return kindText
	default:
		return kindOther
	}
}

// sqlValue returns the class of a filter's value and the SQL value the value expression has for it.
// Other values (null, NaN, infinities, documents, arrays, regexes, binary, timestamps) are not pushed.
func sqlValue(v any) (class, any) {
	switch v := v.(type) {
	case int32:
		return classNumber, int64(v)
	case int64:
		return classNumber, v
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return classNone, nil
		}

		return classNumber, v
	case string:
		return classString, v
	case types.ObjectID:
		return classObjectID, hex.EncodeToString(v[:])
	case time.Time:
		return classDate, v.UnixMilli()
	case bool:
		if v {
			return classBool, int64(1)
		}

		return classBool, int64(0)
	default:
		return classNone, nil
	}
}

// cond is a condition written in SQL.
type cond struct {
	sql   string // "": none (TRUE)
	args  []any
	exact bool // it selects exactly the documents its part of the filter matches
}

// field is what the planner knows of a top-level field.
type field struct {
	valueIndexed bool                // an index on values with known stats has it
	stats        metadata.FieldStats // what documents have held there (union over those indexes)
}

// planner writes a query's filter and sort in SQL for one collection.
type planner struct {
	fields  map[string]*field
	idStats *metadata.FieldStats // of the _id index; nil: not known
}

// newPlanner returns a planner for the collection.
func newPlanner(meta *metadata.Collection) *planner {
	p := &planner{fields: map[string]*field{}}

	for i := range meta.Settings.Indexes {
		index := &meta.Settings.Indexes[i]
		if !index.StatsKnown() {
			continue
		}

		if index.Name == backends.DefaultIndexName {
			if len(index.Key) == 1 && index.Key[0].Field == "_id" {
				p.idStats = &index.Stats[0]
			}

			continue
		}

		if !index.Values {
			continue
		}

		for j, key := range index.Key {
			f := p.fields[key.Field]
			if f == nil {
				f = &field{valueIndexed: true, stats: metadata.FieldStats{Types: []string{}}}
				p.fields[key.Field] = f
			}

			s := index.Stats[j]
			f.stats.Multikey = f.stats.Multikey || s.Multikey
			f.stats.Lossy = f.stats.Lossy || s.Lossy

			for _, t := range s.Types {
				if !slices.Contains(f.stats.Types, t) {
					f.stats.Types = append(f.stats.Types, t)
				}
			}
		}
	}

	return p
}

// valueField returns the field if conditions on its value expression select a superset of MongoDB's
// matches: indexed on values, never an array there (MongoDB's `{f: x}` matches an element), never a
// double SQLite reads into another number.
func (p *planner) valueField(name string) *field {
	f := p.fields[name]
	if f == nil || !f.valueIndexed || f.stats.Multikey || f.stats.Lossy {
		return nil
	}

	return f
}

// exactFor reports whether comparing the field's values with a value of class c in SQL selects exactly
// what MongoDB's comparison does: every other value the field has held is null, missing, or of
// another kind (SQLite never finds an INTEGER or REAL equal to TEXT, and ranges are bounded to their
// kind, see rangeCond).
func (f *field) exactFor(c class) bool {
	for _, t := range f.stats.Types {
		switch k := kindOfType(t); {
		case k == kindNull:
		case classOfType(t) == c:
		case k == kindOther || k == kindOf(c):
			return false
		}
	}

	return true
}

// holds reports whether the field has held a value of kind k.
func (f *field) holds(k kind) bool {
	return slices.ContainsFunc(f.stats.Types, func(t string) bool { return kindOfType(t) == k })
}

// sortable reports whether ORDER BY the field's value expression gives MongoDB's order: one class of
// values besides null and missing (SQLite puts NULL first ascending and last descending, as MongoDB
// does null and missing), or numbers and one class of text (numbers come before strings and ObjectIDs
// in both).
func (f *field) sortable() bool {
	var numeric, text []class

	for _, t := range f.stats.Types {
		c := classOfType(t)

		switch kindOfType(t) {
		case kindNull:
			continue
		case kindNumeric:
			if c == classNone {
				return false
			}

			if !slices.Contains(numeric, c) {
				numeric = append(numeric, c)
			}
		case kindText:
			if c == classNone {
				return false
			}

			if !slices.Contains(text, c) {
				text = append(text, c)
			}
		default:
			return false
		}
	}

	switch {
	case len(numeric) > 1 || len(text) > 1:
		return false
	case len(numeric) == 1 && len(text) == 1:
		return numeric[0] == classNumber
	default:
		return true
	}
}

// idOnlyObjectIDs reports whether every _id has been an ObjectID: then the _id index's JSON text
// (a quoted fixed-length lowercase hexadecimal string) sorts as MongoDB sorts ObjectIDs.
func (p *planner) idOnlyObjectIDs() bool {
	return p.idStats != nil && len(p.idStats.Types) == 1 && p.idStats.Types[0] == "objectId"
}

// idExactFor reports whether comparing _id index's JSON text with a string or ObjectID's selects
// exactly MongoDB's matches: strings, ObjectIDs, binData and regexes are all JSON strings there.
func (p *planner) idExactFor(c class) bool {
	if p.idStats == nil {
		return false
	}

	for _, t := range p.idStats.Types {
		switch t {
		case "string", "objectId", "binData", "regex":
			if classOfType(t) != c {
				return false
			}
		}
	}

	return true
}

// idEquals writes `_id` equal to one of the values (strings or ObjectIDs) on the _id index.
func (p *planner) idEquals(values []any) *cond {
	c := &cond{exact: true}
	placeholders := make([]string, len(values))

	for i, v := range values {
		cl, _ := sqlValue(v)
		if cl != classString && cl != classObjectID {
			return nil
		}

		c.exact = c.exact && p.idExactFor(cl)
		placeholders[i] = "?"
		c.args = append(c.args, string(must.NotFail(sjson.MarshalSingleValue(v))))
	}

	if len(values) == 1 {
		c.sql = metadata.IDColumn + " = ?"
	} else {
		c.sql = metadata.IDColumn + " IN (" + strings.Join(placeholders, ", ") + ")"
	}

	return c
}

// equals writes the field equal to one of the values (`$eq` is one value, `$in` any number), or
// returns nil when it cannot.
func (p *planner) equals(name string, values []any) *cond {
	if len(values) == 0 {
		return &cond{sql: "0", exact: true} // `$in: []` matches nothing
	}

	if len(values) > maxInValues {
		return nil
	}

	if name == "_id" {
		if c := p.idEquals(values); c != nil {
			return c
		}
	}

	f := p.valueField(name)
	if f == nil {
		return nil
	}

	expr := metadata.ValueExpr(name)
	c := &cond{exact: true}

	var null bool
	var placeholders []string

	for _, v := range values {
		if v == types.Null {
			null = true
			continue
		}

		cl, arg := sqlValue(v)
		if cl == classNone {
			return nil
		}

		c.exact = c.exact && f.exactFor(cl)
		placeholders = append(placeholders, "?")
		c.args = append(c.args, arg)
	}

	var parts []string

	if null {
		// MongoDB's `{f: null}` matches null and a missing field: the value expression is NULL for both
		parts = append(parts, expr+" IS NULL")
	}

	switch len(placeholders) {
	case 0:
	case 1:
		parts = append(parts, expr+" = ?")
	default:
		parts = append(parts, expr+" IN ("+strings.Join(placeholders, ", ")+")")
	}

	c.sql = strings.Join(parts, " OR ")
	if len(parts) > 1 {
		c.sql = "(" + c.sql + ")"
	}

	return c
}

// sqlOps are the SQL comparisons of MongoDB's range operators.
var sqlOps = map[string]string{"$lt": "<", "$lte": "<=", "$gt": ">", "$gte": ">="}

// rangeCond writes the field compared with the value, or returns nil when it cannot.
func (p *planner) rangeCond(name, op string, v any) *cond {
	cl, arg := sqlValue(v)
	if cl == classNone {
		return nil
	}

	sqlOp := sqlOps[op]

	if f := p.valueField(name); f != nil {
		expr := metadata.ValueExpr(name)
		c := &cond{sql: expr + " " + sqlOp + " ?", args: []any{arg}, exact: f.exactFor(cl)}

		// MongoDB compares only within the value's class; SQLite puts NULL < numbers < text. A range
		// toward the other kind is bounded to the value's kind, where the field has held that kind.
		// A missing field and null are NULL, which no comparison selects.
		switch kindOf(cl) {
		case kindNumeric:
			if (op == "$gt" || op == "$gte") && f.holds(kindText) {
				c.sql = "(" + c.sql + " AND " + expr + " < '')"
			}
		case kindText:
			if (op == "$lt" || op == "$lte") && f.holds(kindNumeric) {
				c.sql = "(" + c.sql + " AND " + expr + " >= '')"
			}
		}

		return c
	}

	if name == "_id" && cl == classObjectID && p.idOnlyObjectIDs() {
		arg := string(must.NotFail(sjson.MarshalSingleValue(v)))
		return &cond{sql: metadata.IDColumn + " " + sqlOp + " ?", args: []any{arg}, exact: true}
	}

	return nil
}

// fieldConds writes the conditions of one top-level field: a value or a document of operators.
func (p *planner) fieldConds(name string, v any) *cond {
	if strings.Contains(name, ".") || name == "" {
		return nil
	}

	switch v := v.(type) {
	case *types.Document:
		ops := v.Keys()
		if len(ops) == 0 || slices.ContainsFunc(ops, func(op string) bool { return !strings.HasPrefix(op, "$") }) {
			return nil // a document to equal (or not a valid filter)
		}

		var conds []*cond

		iter := v.Iterator()
		defer iter.Close()

		for {
			op, opValue, err := iter.Next()
			if errors.Is(err, iterator.ErrIteratorDone) {
				break
			}

			if err != nil {
				return nil
			}

			switch op {
			case "$eq":
				conds = append(conds, p.equals(name, []any{opValue}))
			case "$in":
				values, ok := inValues(opValue)
				if !ok {
					conds = append(conds, nil)
					break
				}

				conds = append(conds, p.equals(name, values))
			case "$lt", "$lte", "$gt", "$gte":
				conds = append(conds, p.rangeCond(name, op, opValue))
			default:
				conds = append(conds, nil)
			}
		}

		return and(conds)

	case *types.Array, types.Regex:
		return nil

	default:
		return p.equals(name, []any{v})
	}
}

// and joins the conditions; nil ones are not in SQL (the handler applies them).
func and(conds []*cond) *cond {
	res := &cond{exact: true}

	var parts []string

	for _, c := range conds {
		if c == nil {
			res.exact = false
			continue
		}

		res.exact = res.exact && c.exact

		if c.sql != "" {
			parts = append(parts, c.sql)
			res.args = append(res.args, c.args...)
		}
	}

	res.sql = strings.Join(parts, " AND ")

	return res
}

// inValues returns the values of an `$in` array, or false when it is not an array.
func inValues(v any) ([]any, bool) {
	arr, ok := v.(*types.Array)
	if !ok {
		return nil, false
	}

	values := make([]any, arr.Len())
	for i := range values {
		values[i] = must.NotFail(arr.Get(i))
	}

	return values, true
}

// docs returns the documents of an `$and`, `$or` or `$nor` array, or nil.
func docs(v any) []*types.Document {
	arr, ok := v.(*types.Array)
	if !ok || arr.Len() == 0 {
		return nil
	}

	res := make([]*types.Document, arr.Len())

	for i := range res {
		d, ok := must.NotFail(arr.Get(i)).(*types.Document)
		if !ok {
			return nil
		}

		res[i] = d
	}

	return res
}

// filter writes a filter document: its fields' conditions, `$and` and `$or`.
func (p *planner) filter(filter *types.Document) *cond {
	if filter == nil {
		return &cond{exact: true}
	}

	var conds []*cond

	iter := filter.Iterator()
	defer iter.Close()

	for {
		k, v, err := iter.Next()
		if errors.Is(err, iterator.ErrIteratorDone) {
			break
		}

		if err != nil {
			return &cond{}
		}

		switch k {
		case "$comment":
			// not a condition

		case "$and":
			ds := docs(v)
			if ds == nil {
				conds = append(conds, nil)
				break
			}

			for _, d := range ds {
				conds = append(conds, p.filter(d))
			}

		case "$or":
			ds := docs(v)
			if ds == nil {
				conds = append(conds, nil)
				break
			}

			conds = append(conds, p.or(ds))

		default:
			if strings.HasPrefix(k, "$") {
				conds = append(conds, nil)
				break
			}

			conds = append(conds, p.fieldConds(k, v))
		}
	}

	return and(conds)
}

// or writes the branches of an `$or`.
func (p *planner) or(branches []*types.Document) *cond {
	res := &cond{exact: true}
	parts := make([]string, 0, len(branches))

	var all, allExact bool // some branch is TRUE (exactly)

	for _, d := range branches {
		c := p.filter(d)
		res.exact = res.exact && c.exact

		if c.sql == "" {
			all = true
			allExact = allExact || c.exact

			continue
		}

		parts = append(parts, "("+c.sql+")")
		res.args = append(res.args, c.args...)
	}

	if all {
		return &cond{exact: allExact}
	}

	res.sql = "(" + strings.Join(parts, " OR ") + ")"

	return res
}

// orderBy writes the sort, or reports that it cannot be.
func (p *planner) orderBy(sort *types.Document) (string, bool) {
	if sort.Len() == 0 {
		return "", true
	}

	keys := make([]string, 0, sort.Len())

	for _, name := range sort.Keys() {
		var desc string

		switch v := must.NotFail(sort.Get(name)); v {
		case int64(1), int32(1), float64(1):
		case int64(-1), int32(-1), float64(-1):
			desc = " DESC"
		default:
			return "", false
		}

		switch f := p.valueField(name); {
		case f != nil && f.sortable():
			keys = append(keys, metadata.ValueExpr(name)+desc)
		case name == "_id" && p.idOnlyObjectIDs():
			keys = append(keys, metadata.IDColumn+desc)
		default:
			return "", false
		}
	}

	return " ORDER BY " + strings.Join(keys, ", "), true
}

// idPinned returns the SQL of a filter's `_id` on the _id index when it names its documents by `_id`
// (a string or ObjectID, or `$eq` or `$in` of them) and has other conditions too, or nil.
func (p *planner) idPinned(filter *types.Document) *cond {
	if filter == nil || filter.Len() < 2 {
		return nil
	}

	v, err := filter.Get("_id")
	if err != nil {
		return nil
	}

	values := []any{v}

	if ops, ok := v.(*types.Document); ok {
		keys := ops.Keys()
		if len(keys) != 1 {
			return nil
		}

		switch op := must.NotFail(ops.Get(keys[0])); keys[0] {
		case "$eq":
			values = []any{op}
		case "$in":
			in, ok := inValues(op)
			if !ok || len(in) == 0 || len(in) > maxInValues {
				return nil
			}

			values = in
		default:
			return nil
		}
	}

	return p.idEquals(values)
}

// planPushdown writes a query in SQL for the collection.
func planPushdown(meta *metadata.Collection, pd *backends.Pushdown) *pushdownPlan {
	p := newPlanner(meta)

	// A filter that pins `_id` (an update's or findAndModify's, mostly) reads those rows by the _id
	// index alone; the handler applies the rest of the filter to them, as it does to every answer.
	// Written in SQL, the rest would have SQLite read each row's whole JSON text into its own form to
	// test it (tools/ferretdb/README.md, "Index pushdown").
	if id := p.idPinned(pd.Filter); id != nil {
		return &pushdownPlan{where: " WHERE " + id.sql, args: id.args, filter: filterSuperset}
	}

	where := p.filter(pd.Filter)
	if where.tooLarge() {
		where = &cond{}
	}

	orderBy, sorted := p.orderBy(pd.Sort)

	plan := &pushdownPlan{filter: filterNone}

	switch {
	case where.sql != "":
		plan.where = " WHERE " + where.sql
		plan.args = where.args
		plan.filter = filterSuperset

		if where.exact {
			plan.filter = filterExact
		}
	case where.exact:
		plan.filter = filterExact
	}

	// The rows are the documents in MongoDB's order only when the WHERE clause is exact and ORDER BY is
	// MongoDB's; then the first rows are the first documents too. Without a limit the handler reads
	// them as they come, a batch at a time, instead of reading all to sort them.
	if where.exact && sorted {
		plan.orderBy = orderBy
		plan.limit = pd.Limit
	}

	return plan
}

// explainPlan returns SQLite's plan of the query (EXPLAIN QUERY PLAN) as FerretDB's explain shows it.
func explainPlan(rows interface {
	Next() bool
	Scan(...any) error
},
) (*types.Array, error) {
	queryPlan := must.NotFail(types.NewArray())

	for rows.Next() {
		var id, parent, notused int32
		var detail string

		if err := rows.Scan(&id, &parent, &notused, &detail); err != nil {
			return nil, err
		}

		queryPlan.Append(fmt.Sprintf("id=%d parent=%d notused=%d detail=%s", id, parent, notused, detail))
	}

	return queryPlan, nil
}
