// Patch 0018 (tools/ferretdb/README.md): a filter on a path through arrays answers as MongoDB's.
//
// MongoDB matches {path: {expr}} against every value the path reaches in a document: through an
// array it looks into each element that is a document (an element of another type gives no value, a
// document without the field a missing value), and a value at the path's end that is an array is
// matched by each of its elements too. Each operator of expr looks at all those values on its own:
// $eq, $in, $gt and the like hold when one value matches, $ne, $nin, $not and $exists: false (the
// negations of $eq, $in, the expression and $exists: true) only when none does. $elemMatch needs one
// element of an array at the path that satisfies all its conditions: its operators on the element
// itself, or, when its first key is a field, the element as a document against a whole filter.
//
// Stock FerretDB found only the values that are there (so a document whose array holds no such
// field was treated as missing the field, and one with the field in some elements had no missing
// value), applied all operators of expr to one value at a time (so $ne held when any value differed,
// and {$gt: 2, $lt: 5} needed one value between), and $elemMatch answered nothing for a field
// condition, refused two of them, $ne, $not, $and, $or and $nor, and applied operators to the whole
// array (as without $elemMatch).

package common

import (
	"fmt"
	"slices"
	"strings"

	"github.com/FerretDB/FerretDB/internal/handler/commonpath"
	"github.com/FerretDB/FerretDB/internal/handler/handlererrors"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/lazyerrors"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// pathDocuments returns the values filterKey reaches in doc, each as a document {suffix: value} of
// the path's last key, a missing value as an empty document, and that suffix.
func pathDocuments(doc *types.Document, filterKey string) ([]*types.Document, string, error) {
	if !strings.ContainsRune(filterKey, '.') {
		if v, _ := doc.Get(filterKey); v != nil {
			return []*types.Document{must.NotFail(types.NewDocument(filterKey, v))}, filterKey, nil
		}

		return []*types.Document{types.MakeDocument(0)}, filterKey, nil
	}

	path, err := types.NewPathFromString(filterKey)
	if err != nil {
		return nil, "", lazyerrors.Error(err)
	}

	parts := path.Slice()
	suffix := path.Suffix()

	// A path with an array index (a.0.b) keeps FerretDB's own lookup, values only.
	for _, part := range parts {
		if part != "" && strings.Trim(part, "0123456789") == "" {
			vals, err := commonpath.FindValues(doc, path, &commonpath.FindValuesOpts{
				FindArrayIndex:     true,
				FindArrayDocuments: true,
			})
			if err != nil {
				return nil, "", lazyerrors.Error(err)
			}

			docs := make([]*types.Document, 0, len(vals))
			for _, v := range vals {
				docs = append(docs, must.NotFail(types.NewDocument(suffix, v)))
			}

			if len(docs) == 0 {
				docs = append(docs, types.MakeDocument(0))
			}

			return docs, suffix, nil
		}
	}

	var docs []*types.Document

	var walk func(v any, i int)
	walk = func(v any, i int) {
		if i == len(parts) {
			docs = append(docs, must.NotFail(types.NewDocument(suffix, v)))
			return
		}

		switch v := v.(type) {
		case *types.Document:
			next, err := v.Get(parts[i])
			if err != nil {
				docs = append(docs, types.MakeDocument(0))
				return
			}

			walk(next, i+1)

		case *types.Array:
			for j := 0; j < v.Len(); j++ {
				if d, ok := must.NotFail(v.Get(j)).(*types.Document); ok {
					walk(d, i)
				}
			}

		default:
			docs = append(docs, types.MakeDocument(0))
		}
	}

	walk(doc, 0)

	return docs, suffix, nil
}

// filterPathExpr answers {filterKey: {expr}} for the values docs (from pathDocuments) hold.
func filterPathExpr(docs []*types.Document, filterKey, filterSuffix string, expr *types.Document) (bool, error) {
	// one value: each operator's answer for it is its answer for the path
	if len(docs) == 1 {
		return filterFieldExpr(docs[0], filterKey, filterSuffix, expr)
	}

	keys := expr.Keys()

	operators := len(keys) > 0
	for _, key := range keys {
		operators = operators && strings.HasPrefix(key, "$")
	}

	if !operators {
		// {field: {document}} (or a mix FerretDB compares as one): equal to one value
		return anyPathDocument(docs, filterKey, filterSuffix, expr)
	}

	options, _ := expr.Get("$options")

	for _, key := range keys {
		value := must.NotFail(expr.Get(key))

		var matched bool
		var err error

		switch key {
		case "$options":
			// handled by $regex
			continue

		case "$ne", "$nin":
			// no value equals (is in): each one's $ne ($nin) holds
			matched, err = everyPathDocument(docs, filterKey, filterSuffix, must.NotFail(types.NewDocument(key, value)))

		case "$exists":
			var found bool
			for _, d := range docs {
				found = found || d.Has(filterSuffix)
			}

			matched, err = filterFieldExprExists(found, value)

		case "$not":
			switch value := value.(type) {
			case *types.Document:
				matched, err = filterPathExpr(docs, filterKey, filterSuffix, value)
			case types.Regex:
				re := must.NotFail(types.NewDocument("$regex", value))
				if options != nil {
					re.Set("$options", options)
				}

				matched, err = anyPathDocument(docs, filterKey, filterSuffix, re)
			default:
				return false, handlererrors.NewCommandErrorMsgWithArgument(
					handlererrors.ErrBadValue,
					"$not needs a regex or a document",
					key,
				)
			}

			matched = !matched

		default:
			op := must.NotFail(types.NewDocument(key, value))
			if key == "$regex" && options != nil {
				op.Set("$options", options)
			}

			matched, err = anyPathDocument(docs, filterKey, filterSuffix, op)
		}

		if err != nil || !matched {
			return false, err
		}
	}

	return true, nil
}

// anyPathDocument returns true if one of docs satisfies expr.
func anyPathDocument(docs []*types.Document, filterKey, filterSuffix string, expr *types.Document) (bool, error) {
	for _, d := range docs {
		ok, err := filterFieldExpr(d, filterKey, filterSuffix, expr)
		if err != nil || ok {
			return ok, err
		}
	}

	return false, nil
}

// everyPathDocument returns true if each of docs satisfies expr.
func everyPathDocument(docs []*types.Document, filterKey, filterSuffix string, expr *types.Document) (bool, error) {
	for _, d := range docs {
		ok, err := filterFieldExpr(d, filterKey, filterSuffix, expr)
		if err != nil || !ok {
			return false, err
		}
	}

	return true, nil
}

// filterFieldExprElemMatch handles {field: {$elemMatch: value}}.
// Returns false if doc value is not an array.
func filterFieldExprElemMatch(doc *types.Document, filterKey, filterSuffix string, exprValue any) (bool, error) {
	expr, ok := exprValue.(*types.Document)
	if !ok {
		return false, handlererrors.NewCommandErrorMsgWithArgument(
			handlererrors.ErrBadValue,
			"$elemMatch needs an Object",
			"$elemMatch",
		)
	}

	keys := expr.Keys()

	for _, key := range keys {
		if slices.Contains([]string{"$text", "$where"}, key) {
			return false, handlererrors.NewCommandErrorMsgWithArgument(
				handlererrors.ErrBadValue,
				fmt.Sprintf("%s can only be applied to the top-level document", key),
				"$elemMatch",
			)
		}
	}

	// operators on the element itself, unless the first key is a field or a filter's own operator
	onElement := len(keys) > 0 && strings.HasPrefix(keys[0], "$") &&
		!slices.Contains([]string{"$and", "$or", "$nor", "$expr", "$comment"}, keys[0])

	if onElement {
		for _, key := range keys {
			if !strings.HasPrefix(key, "$") {
				return false, handlererrors.NewCommandErrorMsgWithArgument(
					handlererrors.ErrBadValue,
					fmt.Sprintf("unknown operator: %s", key),
					"$elemMatch",
				)
			}
		}
	}

	value, err := doc.Get(filterSuffix)
	if err != nil {
		return false, nil
	}

	arr, ok := value.(*types.Array)
	if !ok {
		return false, nil
	}

	for i := 0; i < arr.Len(); i++ {
		elem := must.NotFail(arr.Get(i))

		var matched bool

		if onElement {
			elemDoc := must.NotFail(types.NewDocument(filterSuffix, elem))
			matched, err = filterFieldExpr(elemDoc, filterKey, filterSuffix, expr)
		} else {
			elemDoc, isDoc := elem.(*types.Document)
			if !isDoc {
				continue
			}

			matched, err = FilterDocument(elemDoc, expr)
		}

		if err != nil {
			return false, err
		}

		if matched {
			return true, nil
		}
	}

	return false, nil
}
