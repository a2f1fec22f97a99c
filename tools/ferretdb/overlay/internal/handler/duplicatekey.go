// The shop's build of FerretDB (tools/ferretdb/README.md): MongoDB's duplicate-key error (code 11000)
// for a write a unique index refused, an insert, an update, a replacement or an upsert, naming the
// index and the refused key as MongoDB does:
//
//	E11000 duplicate key error collection: shop.orders index: orderNumber_1 dup key: { orderNumber: 1001 }
//
// with keyPattern and keyValue beside the message (the driver copies them onto its error).

package handler

import (
	"fmt"

	"github.com/FerretDB/FerretDB/internal/backends"
	"github.com/FerretDB/FerretDB/internal/bson"
	"github.com/FerretDB/FerretDB/internal/handler/handlererrors"
	"github.com/FerretDB/FerretDB/internal/types"
	"github.com/FerretDB/FerretDB/internal/util/must"
)

// duplicateKey returns MongoDB's message of a duplicate-key error and its keyPattern and keyValue
// fields (nil when the backend could not tell the index), or ok false when err is another error.
func duplicateKey(dbName, collName string, err error) (msg string, fields *types.Document, ok bool) {
	dk := backends.DuplicateKeyOf(err)
	if dk == nil {
		return "", nil, false
	}

	msg = fmt.Sprintf("E11000 duplicate key error collection: %s.%s", dbName, collName)
	if dk.Index == "" {
		return msg, nil, true
	}

	keyPattern := must.NotFail(types.NewDocument())
	keyValue := must.NotFail(types.NewDocument())

	for _, key := range dk.Key {
		order := int32(1)
		if key.Descending {
			order = -1
		}

		keyPattern.Set(key.Field, order)

		// a missing field is null in the key, as in MongoDB's index
		var v any = types.Null

		if dk.Doc != nil {
			if path, err := types.NewPathFromString(key.Field); err == nil {
				if got, err := dk.Doc.GetByPath(path); err == nil {
					v = got
				}
			}
		}

		keyValue.Set(key.Field, v)
	}

	msg += fmt.Sprintf(" index: %s", dk.Index)
	fields = must.NotFail(types.NewDocument("keyPattern", keyPattern))

	if dk.Doc != nil {
		msg += fmt.Sprintf(" dup key: %s", types.FormatAnyValue(keyValue))
		fields.Set("keyValue", keyValue)
	}

	return msg, fields, true
}

// duplicateKeyWriteError returns the write error (an element of writeErrors) of the statement or
// document at index that a unique index refused, or ok false when err is another error.
func duplicateKeyWriteError(index int32, dbName, collName string, err error) (*types.Document, bool) {
	msg, fields, ok := duplicateKey(dbName, collName, err)
	if !ok {
		return nil, false
	}

	we := must.NotFail(types.NewDocument(
		"index", index,
		"code", int32(handlererrors.ErrDuplicateKeyInsert),
		"errmsg", msg,
	))

	if fields != nil {
		for _, k := range fields.Keys() {
			we.Set(k, must.NotFail(fields.Get(k)))
		}
	}

	return we, true
}

// duplicateKeyCommandError returns findAndModify's duplicate-key error (a command error with
// keyPattern and keyValue), or nil when err is another error.
func duplicateKeyCommandError(dbName, collName, command string, err error) error {
	msg, fields, ok := duplicateKey(dbName, collName, err)
	if !ok {
		return nil
	}

	if fields == nil {
		return handlererrors.NewCommandErrorMsgWithArgument(handlererrors.ErrDuplicateKeyInsert, msg, command)
	}

	return handlererrors.NewCommandErrorMsgWithFields(
		handlererrors.ErrDuplicateKeyInsert, msg, command, must.NotFail(bson.FromDocument(fields)),
	)
}
