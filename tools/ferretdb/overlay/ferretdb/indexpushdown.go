// The shop's build of FerretDB (tools/ferretdb/README.md, "Index pushdown").

package ferretdb

import "github.com/FerretDB/FerretDB/internal/backends/sqlite"

// SetIndexPushdown switches the index pushdown of the SQLite backend on (the default) or off: off,
// queries take FerretDB's own path (the differential suite compares the two).
func SetIndexPushdown(on bool) {
	sqlite.SetIndexPushdown(on)
}
