// The shop's build of FerretDB (tools/ferretdb/README.md, "Reading documents").

package ferretdb

import "github.com/FerretDB/FerretDB/internal/handler/sjson"

// SetFastDecode switches the single-pass reading of stored documents on (the default) or off: off,
// documents are read by stock FerretDB's decoder (the differential suite compares the two).
func SetFastDecode(on bool) {
	sjson.SetFastDecode(on)
}
