// The shop's build of FerretDB (tools/ferretdb/README.md, "Reading documents").
//
// Unmarshal decoded a stored document with encoding/json once per level of nesting: each object into
// a map of raw values, each raw value again with a decoder of its own, the schema ($s) by reflection.
// Reading a document was most of the database's work for a list (0.6 ms for an order of 2 KB). The
// decoder here reads the text once, the schema first (Marshal writes it first), then each value by
// its schema's type. It answers only what it reads exactly as Unmarshal does: a string with escapes
// or invalid UTF-8 is read by encoding/json, a binary, regex or timestamp value by Unmarshal's own
// code, and anything else (a key twice, keys in another order than the schema's, text after the
// document, a schema it does not know) leaves the whole document to Unmarshal.

package sjson

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"expvar"
	"slices"
	"strconv"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/FerretDB/FerretDB/internal/types"
)

// fastDecodeOff turns the decoder off (the differential suite compares it with Unmarshal's own).
var fastDecodeOff atomic.Bool

// SetFastDecode switches the single-pass decoder on (the default) or off.
func SetFastDecode(on bool) {
	fastDecodeOff.Store(!on)
}

// The documents this decoder read, and those it left to Unmarshal whole, for the differential suite
// (Go's /debug/vars, served with the profiler: --pprof-addr).
var (
	fastReads = expvar.NewInt("sjson_fast_reads")
	leftReads = expvar.NewInt("sjson_left_reads")
)

// errNotFast: the text holds something the decoder leaves to Unmarshal's own code.
var errNotFast = errors.New("sjson: not for the fast decoder")

type fastReader struct {
	data []byte
	pos  int
}

func (r *fastReader) skipSpace() {
	for r.pos < len(r.data) {
		switch r.data[r.pos] {
		case ' ', '\t', '\n', '\r':
			r.pos++
		default:
			return
		}
	}
}

// expect consumes the byte c after optional white space.
func (r *fastReader) expect(c byte) error {
	r.skipSpace()
	if r.pos >= len(r.data) || r.data[r.pos] != c {
		return errNotFast
	}
	r.pos++
	return nil
}

// peek answers the next byte after optional white space (0 at the end).
func (r *fastReader) peek() byte {
	r.skipSpace()
	if r.pos >= len(r.data) {
		return 0
	}
	return r.data[r.pos]
}

// literal consumes `null`, `true` or `false`.
func (r *fastReader) literal(word string) bool {
	r.skipSpace()
	if len(r.data)-r.pos >= len(word) && string(r.data[r.pos:r.pos+len(word)]) == word {
		r.pos += len(word)
		return true
	}
	return false
}

// str reads a string. One without escapes or control characters, in valid UTF-8, is its bytes;
// any other is read by encoding/json, as Unmarshal reads it (escapes, invalid UTF-8 replaced).
func (r *fastReader) str() (string, error) {
	if err := r.expect('"'); err != nil {
		return "", err
	}
	start := r.pos
	plain := true
	for r.pos < len(r.data) {
		c := r.data[r.pos]
		switch {
		case c == '"':
			r.pos++
			if plain && utf8.Valid(r.data[start:r.pos-1]) {
				return string(r.data[start : r.pos-1]), nil
			}
			var s string
			if err := json.Unmarshal(r.data[start-1:r.pos], &s); err != nil {
				return "", errNotFast
			}
			return s, nil
		case c == '\\':
			plain = false
			r.pos += 2
		case c < 0x20:
			return "", errNotFast
		default:
			r.pos++
		}
	}
	return "", errNotFast
}

// number reads a number in JSON's grammar and answers its text.
func (r *fastReader) number() ([]byte, error) {
	r.skipSpace()
	d := r.data
	start := r.pos
	i := r.pos
	digits := func() int {
		n := 0
		for i < len(d) && d[i] >= '0' && d[i] <= '9' {
			i++
			n++
		}
		return n
	}
	if i < len(d) && d[i] == '-' {
		i++
	}
	if i < len(d) && d[i] == '0' {
		i++
	} else if digits() == 0 {
		return nil, errNotFast
	}
	if i < len(d) && d[i] == '.' {
		i++
		if digits() == 0 {
			return nil, errNotFast
		}
	}
	if i < len(d) && (d[i] == 'e' || d[i] == 'E') {
		i++
		if i < len(d) && (d[i] == '+' || d[i] == '-') {
			i++
		}
		if digits() == 0 {
			return nil, errNotFast
		}
	}
	r.pos = i
	return d[start:i], nil
}

// skipValue passes over one value and answers its text, for the values read by Unmarshal's own code
// (a string or a number in the shop's documents; Unmarshal's code refuses anything around them).
func (r *fastReader) skipValue() ([]byte, error) {
	r.skipSpace()
	start := r.pos
	depth := 0
	inString := false
	for r.pos < len(r.data) {
		c := r.data[r.pos]
		if inString {
			if c == '\\' {
				r.pos += 2
				continue
			}
			r.pos++
			if c == '"' {
				inString = false
				if depth == 0 {
					return r.data[start:r.pos], nil
				}
			}
			continue
		}
		switch c {
		case '"':
			inString = true
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return r.data[start:r.pos], nil
			}
			depth--
			if depth == 0 {
				r.pos++
				return r.data[start:r.pos], nil
			}
		case ',':
			if depth == 0 {
				return r.data[start:r.pos], nil
			}
		}
		r.pos++
	}
	return nil, errNotFast
}

// object reads `{ "key": value, ... }`, calling field for each key with the reader at its value.
func (r *fastReader) object(field func(key string) error) error {
	if err := r.expect('{'); err != nil {
		return err
	}
	if r.peek() == '}' {
		r.pos++
		return nil
	}
	for {
		key, err := r.str()
		if err != nil {
			return err
		}
		if err = r.expect(':'); err != nil {
			return err
		}
		if err = field(key); err != nil {
			return err
		}
		switch r.peek() {
		case ',':
			r.pos++
		case '}':
			r.pos++
			return nil
		default:
			return errNotFast
		}
	}
}

// array reads `[ value, ... ]`, calling item for each with the reader at it.
func (r *fastReader) array(item func() error) error {
	if err := r.expect('['); err != nil {
		return err
	}
	if r.peek() == ']' {
		r.pos++
		return nil
	}
	for {
		if err := item(); err != nil {
			return err
		}
		switch r.peek() {
		case ',':
			r.pos++
		case ']':
			r.pos++
			return nil
		default:
			return errNotFast
		}
	}
}

// schemaOf reads a schema ({"p": {...}, "$k": [...]}) as encoding/json does into `schema`, unknown
// fields refused.
func (r *fastReader) schemaOf() (*schema, error) {
	var sch schema
	seen := 0
	err := r.object(func(key string) error {
		switch key {
		case "p":
			if seen&1 != 0 {
				return errNotFast
			}
			seen |= 1
			if r.literal("null") {
				return nil
			}
			sch.Properties = map[string]*elem{}
			return r.object(func(name string) error {
				if _, twice := sch.Properties[name]; twice {
					return errNotFast
				}
				e, err := r.elemOf()
				sch.Properties[name] = e
				return err
			})
		case "$k":
			if seen&2 != 0 {
				return errNotFast
			}
			seen |= 2
			if r.literal("null") {
				return nil
			}
			sch.Keys = []string{}
			return r.array(func() error {
				k, err := r.str()
				if err != nil {
					return err
				}
				// A key twice: Unmarshal's map of the fields holds it once and refuses the count.
				if slices.Contains(sch.Keys, k) {
					return errNotFast
				}
				sch.Keys = append(sch.Keys, k)
				return nil
			})
		default:
			return errNotFast
		}
	})
	return &sch, err
}

// elemOf reads one property's schema; null is a nil one, as encoding/json reads it.
func (r *fastReader) elemOf() (*elem, error) {
	if r.literal("null") {
		return nil, nil
	}
	var e elem
	var seen uint8
	once := func(bit uint8) error {
		if seen&bit != 0 {
			return errNotFast
		}
		seen |= bit
		return nil
	}
	err := r.object(func(key string) error {
		switch key {
		case "t":
			if err := once(1); err != nil {
				return err
			}
			t, err := r.str()
			e.Type = elemType(t)
			return err
		case "$s":
			if err := once(2); err != nil {
				return err
			}
			if r.literal("null") {
				return nil
			}
			s, err := r.schemaOf()
			e.Schema = s
			return err
		case "i":
			if err := once(4); err != nil {
				return err
			}
			if r.literal("null") {
				return nil
			}
			e.Items = []*elem{}
			return r.array(func() error {
				item, err := r.elemOf()
				e.Items = append(e.Items, item)
				return err
			})
		case "o", "s":
			// A regex's options, a binary's subtype: read by encoding/json.
			bit := uint8(8)
			if key == "s" {
				bit = 16
			}
			if err := once(bit); err != nil {
				return err
			}
			raw, err := r.skipValue()
			if err != nil {
				return err
			}
			if key == "o" {
				return json.Unmarshal(raw, &e.Options)
			}
			return json.Unmarshal(raw, &e.Subtype)
		default:
			return errNotFast
		}
	})
	return &e, err
}

// value reads one value by its schema, as unmarshalSingleValue does.
func (r *fastReader) value(sch *elem) (any, error) {
	if r.literal("null") {
		return types.Null, nil
	}
	if sch == nil {
		return nil, errNotFast
	}
	switch sch.Type {
	case elemTypeObject:
		if sch.Schema == nil {
			return nil, errNotFast
		}
		return r.document(sch.Schema)
	case elemTypeArray:
		if sch.Items == nil {
			return nil, errNotFast
		}
		return r.arrayOf(sch.Items)
	case elemTypeString:
		return r.str()
	case elemTypeObjectID:
		s, err := r.str()
		if err != nil {
			return nil, err
		}
		b, err := hex.DecodeString(s)
		if err != nil || len(b) != types.ObjectIDLen {
			return nil, errNotFast
		}
		var id types.ObjectID
		copy(id[:], b)
		return id, nil
	case elemTypeDouble:
		text, err := r.number()
		if err != nil {
			return nil, err
		}
		f, err := strconv.ParseFloat(string(text), 64)
		if err != nil {
			return nil, errNotFast
		}
		return f, nil
	case elemTypeInt:
		text, err := r.number()
		if err != nil {
			return nil, err
		}
		i, err := strconv.ParseInt(string(text), 10, 32)
		if err != nil {
			return nil, errNotFast
		}
		return int32(i), nil
	case elemTypeLong, elemTypeDate:
		text, err := r.number()
		if err != nil {
			return nil, err
		}
		i, err := strconv.ParseInt(string(text), 10, 64)
		if err != nil {
			return nil, errNotFast
		}
		if sch.Type == elemTypeDate {
			return time.UnixMilli(i), nil
		}
		return i, nil
	case elemTypeBool:
		if r.literal("true") {
			return true, nil
		}
		if r.literal("false") {
			return false, nil
		}
		return nil, errNotFast
	case elemTypeBinData, elemTypeRegex, elemTypeTimestamp:
		// Rare in the shop: Unmarshal's own code reads the value's text.
		raw, err := r.skipValue()
		if err != nil {
			return nil, err
		}
		v, err := unmarshalSingleValue(raw, sch)
		if err != nil {
			return nil, errNotFast
		}
		return v, nil
	default:
		return nil, errNotFast
	}
}

// schemaFields reads a document's fields into d in its schema's order, as the stock decoder builds
// it; another order or count of keys than the schema's is left to Unmarshal.
type schemaFields struct {
	sch *schema
	d   *types.Document
	n   int
}

func newSchemaFields(sch *schema) *schemaFields {
	d, _ := types.NewDocument()
	return &schemaFields{sch: sch, d: d}
}

// read reads the value of the next field, named key (object's callback).
func (f *schemaFields) read(r *fastReader, key string) error {
	if f.n >= len(f.sch.Keys) || f.sch.Keys[f.n] != key {
		return errNotFast
	}
	f.n++
	v, err := r.value(f.sch.Properties[key])
	if err != nil {
		return err
	}
	f.d.Set(key, v)
	return nil
}

// complete answers whether every field of the schema was read.
func (f *schemaFields) complete() bool {
	return f.n == len(f.sch.Keys)
}

// document reads a nested document by its schema, as documentType.UnmarshalJSONWithSchema does.
func (r *fastReader) document(sch *schema) (*types.Document, error) {
	fields := newSchemaFields(sch)
	if err := r.object(func(key string) error { return fields.read(r, key) }); err != nil {
		return nil, err
	}
	if fields.n == 0 {
		return new(types.Document), nil // Unmarshal's empty nested document: the zero value
	}
	if !fields.complete() {
		return nil, errNotFast
	}
	return fields.d, nil
}

// arrayOf reads an array by its items' schemas, as arrayType.UnmarshalJSONWithSchema does.
func (r *fastReader) arrayOf(items []*elem) (*types.Array, error) {
	a := types.MakeArray(len(items))
	n := 0
	err := r.array(func() error {
		if n >= len(items) {
			return errNotFast
		}
		v, err := r.value(items[n])
		n++
		if err != nil {
			return err
		}
		a.Append(v)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if n != len(items) {
		return nil, errNotFast
	}
	return a, nil
}

// fastUnmarshal decodes a stored document as Unmarshal does, or answers false to leave it to it.
func fastUnmarshal(data []byte) (*types.Document, bool) {
	if fastDecodeOff.Load() {
		return nil, false
	}
	doc, ok := readDocument(data)
	if ok {
		fastReads.Add(1)
	} else {
		leftReads.Add(1)
	}
	return doc, ok
}

// readDocument reads a stored document: its schema ($s, written first), then its fields by it.
func readDocument(data []byte) (*types.Document, bool) {
	r := &fastReader{data: data}
	var fields *schemaFields
	err := r.object(func(key string) error {
		if fields != nil {
			return fields.read(r, key)
		}
		if key != "$s" || r.peek() != '{' {
			return errNotFast
		}
		sch, err := r.schemaOf()
		if err != nil {
			return err
		}
		if slices.Contains(sch.Keys, "$s") {
			return errNotFast
		}
		fields = newSchemaFields(sch)
		return nil
	})
	// Unmarshal refuses anything after the document, white space included.
	if err != nil || fields == nil || !fields.complete() || r.pos != len(data) {
		return nil, false
	}
	return fields.d, true
}
