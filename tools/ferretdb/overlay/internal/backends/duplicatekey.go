// The shop's build of FerretDB (tools/ferretdb/README.md): a write that a unique index refuses says
// which index and which document, so that the handler answers MongoDB's duplicate-key error.

package backends

import (
	"errors"

	"github.com/FerretDB/FerretDB/internal/types"
)

// DuplicateKey is what a backend knows of a write a unique index refused.
type DuplicateKey struct {
	// Index is the index's name, "" when the backend cannot tell; Key is its key pattern.
	Index string
	Key   []IndexKeyPair

	// Doc is the refused document, nil when the backend cannot tell (a batch of several).
	Doc *types.Document
}

// duplicateKeyError is the internal error of an ErrorCodeInsertDuplicateID error that says more.
type duplicateKeyError struct {
	dk  *DuplicateKey
	err error
}

// Error implements error interface.
func (e *duplicateKeyError) Error() string {
	return e.err.Error()
}

// NewDuplicateKeyError returns the ErrorCodeInsertDuplicateID error of InsertAll, UpdateAll and
// their like for a write a unique index refused (err: the database's own error).
func NewDuplicateKeyError(dk *DuplicateKey, err error) *Error {
	return NewError(ErrorCodeInsertDuplicateID, &duplicateKeyError{dk: dk, err: err})
}

// IsDuplicateKey reports whether err (possibly wrapped) is an ErrorCodeInsertDuplicateID error.
func IsDuplicateKey(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.code == ErrorCodeInsertDuplicateID
}

// DuplicateKeyOf returns what a duplicate-key error (possibly wrapped) says of the index and the
// document; an empty DuplicateKey when the backend said nothing, nil for any other error.
func DuplicateKeyOf(err error) *DuplicateKey {
	var e *Error
	if !errors.As(err, &e) || e.code != ErrorCodeInsertDuplicateID {
		return nil
	}

	if dke, ok := e.err.(*duplicateKeyError); ok { //nolint:errorlint // set by NewDuplicateKeyError only
		return dke.dk
	}

	return new(DuplicateKey)
}
