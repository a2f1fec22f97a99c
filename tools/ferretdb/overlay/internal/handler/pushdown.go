// The shop's build of FerretDB (tools/ferretdb/README.md, "Index pushdown"): the whole query each
// command hands the backend, which may answer it from its indexes.

package handler

import (
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/handler/handlerparams"
	"github.com/FerretDB/FerretDB/internal/types"
)

// maxStageCount bounds the counts of $skip and $limit stages added up (2^53).
const maxStageCount = 1 << 53

// stageName returns the name of a pipeline stage, or "".
func stageName(stage any) string {
	d, ok := stage.(*types.Document)
	if !ok || d.Len() != 1 {
		return ""
	}

	return d.Command()
}

// aggregatePushdown returns the whole query of a pipeline's first stages: the $match and $sort that
// aggregations.GetPushdownQuery found (filter and sort), and, when they are the pipeline's first
// stages (each at most once, in any order), how many documents in that order the $skip and $limit
// stages right after them read.
func aggregatePushdown(stages []any, filter, sort *types.Document) *backends.Pushdown {
	pd := &backends.Pushdown{Filter: filter, Sort: sort}

	var match, sorted bool

	i := 0

prefix:
	for ; i < len(stages) && i < 2; i++ {
		switch stageName(stages[i]) {
		case "$match":
			if match {
				break prefix
			}

			match = true
		case "$sort":
			if sorted {
				break prefix
			}

			sorted = true
		default:
			break prefix
		}
	}

	// the $match and $sort found must be those
	if (filter != nil) != match || (sort != nil) != sorted {
		return pd
	}

	var skipped int64
	var end int64 // documents read from the start; 0: all

counts:
	for ; i < len(stages); i++ {
		name := stageName(stages[i])
		if name != "$skip" && name != "$limit" {
			break
		}

		v, _ := stages[i].(*types.Document).Get(name)

		n, err := handlerparams.GetWholeNumberParam(v)
		if err != nil || n < 0 {
			break counts
		}

		n = min(n, maxStageCount)

		switch name {
		case "$skip":
			skipped = min(skipped+n, maxStageCount)
		case "$limit":
			if n > 0 && (end == 0 || skipped+n < end) {
				end = skipped + n
			}
		}
	}

	pd.Limit = end

	return pd
}

// pushedSortStage returns the index of the $sort stage whose sort the pushdown holds (the first $sort
// of the pipeline's first two stages, after a $match if any, as aggregations.GetPushdownQuery finds
// it), or -1. When the backend returns the documents in that order (backends.QueryResult.Sorted), the
// stage has nothing left to do.
func pushedSortStage(stages []any, pd *backends.Pushdown) int {
	if pd == nil || pd.Sort.Len() == 0 {
		return -1
	}

	for i := 0; i < len(stages) && i < 2; i++ {
		switch stageName(stages[i]) {
		case "$sort":
			return i
		case "$match":
		default:
			return -1
		}
	}

	return -1
}

// countOnly reports whether a pipeline only counts the documents its first stage, a $match, lets
// through: that $match, then $skip and $limit stages, then a $group of a constant _id whose
// accumulators are `$sum` of a number or `$count` (as mongoose's countDocuments), which read no field.
// The backend may then count them from an index (backends.Pushdown.Count).
func countOnly(stages []any) bool {
	if len(stages) < 2 || stageName(stages[0]) != "$match" {
		return false
	}

	for _, stage := range stages[1:] {
		switch stageName(stage) {
		case "$skip", "$limit":
			continue
		case "$group":
			v, _ := stage.(*types.Document).Get("$group")
			group, ok := v.(*types.Document)

			return ok && countGroup(group)
		default:
			return false
		}
	}

	return false
}

// countGroup reports whether a $group reads no field: a constant _id, and `$sum` of a number or
// `$count` for each accumulator.
func countGroup(group *types.Document) bool {
	if !group.Has("_id") {
		return false
	}

	for _, name := range group.Keys() {
		v, _ := group.Get(name)

		if name == "_id" {
			switch id := v.(type) {
			case types.NullType, int32, int64, float64, bool:
			case string:
				if strings.HasPrefix(id, "$") {
					return false
				}
			default:
				return false
			}

			continue
		}

		acc, ok := v.(*types.Document)
		if !ok || acc.Len() != 1 {
			return false
		}

		arg, _ := acc.Get(acc.Command())

		switch acc.Command() {
		case "$sum":
			switch arg.(type) {
			case int32, int64, float64:
			default:
				return false
			}
		case "$count":
			if d, ok := arg.(*types.Document); !ok || d.Len() != 0 {
				return false
			}
		default:
			return false
		}
	}

	return true
}
