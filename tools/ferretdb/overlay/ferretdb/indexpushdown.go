// The shop's build of FerretDB (tools/ferretdb/README.md, "Index pushdown").

package ferretdb

import (
	"github.com/FerretDB/FerretDB/internal/backends/sqlite"
	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
)

// SetIndexPushdown switches the index pushdown of the SQLite backend on (the default) or off: off,
// queries take FerretDB's own path (the differential suite compares the two).
func SetIndexPushdown(on bool) {
	sqlite.SetIndexPushdown(on)
}

// SetRescanIndexStats makes New compute every index's stats again from the documents, as needed when
// a build without this one's stats upkeep has written to the database since.
func SetRescanIndexStats(on bool) {
	metadata.SetRescanIndexStats(on)
}
