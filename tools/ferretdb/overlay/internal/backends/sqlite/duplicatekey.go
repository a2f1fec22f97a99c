// The shop's build of FerretDB (tools/ferretdb/README.md): which unique index refused a write.

package sqlite

import (
	"regexp"
	"strings"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata"
	"github.com/FerretDB/FerretDB/internal/types"
)

// uniqueIndexFailed is SQLite's message for a unique index on expressions (every index FerretDB
// makes, the _id index too): `UNIQUE constraint failed: index '<name>'`, quotes doubled in the name.
var uniqueIndexFailed = regexp.MustCompile(`UNIQUE constraint failed: index '((?:[^']|'')+)'`)

// duplicateKeyError returns the backend's duplicate-key error for a write SQLite refused under a
// unique constraint: the collection's index it names (`<table>_<index name>`) and the document (nil
// when the statement wrote several).
func duplicateKeyError(meta *metadata.Collection, doc *types.Document, err error) error {
	dk := &backends.DuplicateKey{Doc: doc}

	if m := uniqueIndexFailed.FindStringSubmatch(err.Error()); m != nil {
		sqlName := strings.ReplaceAll(m[1], "''", "'")

		for _, index := range meta.Settings.Indexes {
			if meta.TableName+"_"+index.Name != sqlName &&
				metadata.NullKeysIndexName(meta.TableName, index.Name) != sqlName {
				continue
			}

			dk.Index = index.Name
			dk.Key = make([]backends.IndexKeyPair, len(index.Key))

			for i, key := range index.Key {
				dk.Key[i] = backends.IndexKeyPair{Field: key.Field, Descending: key.Descending}
			}

			break
		}
	}

	return backends.NewDuplicateKeyError(dk, err)
}
