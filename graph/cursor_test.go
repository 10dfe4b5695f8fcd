package graph

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"codna/internal/document"
)

// A cursor as encodeDocCursor writes it is read without json.Unmarshal, to
// the same value; other bytes are left to json.Unmarshal unless it would
// read them to the same value too.
func TestCursorsAreReadAsJSONReadsThem(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 12, 6, 15, 4, 5, 123456789, time.UTC)
	deleted := at.Add(-time.Hour).In(time.FixedZone("", 5*3600+1800))
	var written [][]byte
	for _, title := range []string{"", "Plain title", `Quote " and \ back`, "tab\there", "é 日本 🙂", "bad \xff utf-8", "</script>&"} {
		d := &document.Doc{ID: uuid.Must(uuid.NewV7()), Title: title, UpdatedAt: at}
		for _, order := range []string{"updated", "title", "trash"} {
			if order == "trash" && title == "" {
				d.DeletedAt = &deleted
			}
			written = append(written, cursorJSON(t, encodeDocCursor(order, d)))
		}
	}
	d := &document.Doc{ID: uuid.Must(uuid.NewV7()), UpdatedAt: time.Date(1999, 1, 2, 3, 4, 5, 0, time.FixedZone("", -8*3600))}
	written = append(written, cursorJSON(t, encodeDocCursor("updated", d)))

	for _, raw := range written {
		var got, want docCursor
		require.NoError(t, json.Unmarshal(raw, &want))
		// Only a title json.Marshal escaped (quotes, tabs, <, invalid
		// UTF-8) is left to json.Unmarshal.
		require.Equal(t, !bytes.ContainsRune(raw, '\\'), got.decodeWritten(raw), "%s", raw)
		if bytes.ContainsRune(raw, '\\') {
			continue
		}
		require.Equal(t, want.Order, got.Order, "%s", raw)
		require.Equal(t, want.ID, got.ID, "%s", raw)
		require.Equal(t, want.At.String(), got.At.String(), "%s", raw)
		require.True(t, want.At.Equal(got.At), "%s", raw)
		require.Equal(t, want.Title, got.Title, "%s", raw)
	}

	id := uuid.Must(uuid.NewV7()).String()
	accepted := 0
	for _, raw := range []string{
		`{"o":"updated","i":"` + id + `","u":"2026-12-06T15:04:05Z"} `,
		`{ "o":"updated","i":"` + id + `"}`,
		`{"O":"updated","i":"` + id + `"}`,
		`{"o":"updated","i":"` + id + `","u":"2026-12-06T15:04:05Z","u":"2027-01-01T00:00:00Z"}`,
		`{"o":"updated","i":"` + id + `","x":1}`,
		`{"o":"upd\u0061ted","i":"` + id + `"}`,
		`{"o":"updated","i":"{` + id + `}"}`,
		`{"o":"updated","i":"` + id[:35] + `"}`,
		`{"o":"updated","i":"` + id + `","u":"2026-12-06 15:04:05Z"}`,
		`{"o":"updated","i":"` + id + `","u":"2026-12-06T15:04:05Z"`,
		`{"o":"title","i":"` + id + `","t":"a` + "\x01" + `"}`,
		`{"o":"title","i":"` + id + `","t":"a` + "\xff" + `"}`,
		`{"o":"title","i":"` + id + `","t":"a\"b"}`,
		`{"o":"title","i":"` + id + `","t":"x"}}`,
		`{"o":"updated"}`,
		`{}`,
		``,
	} {
		var got, want docCursor
		if !got.decodeWritten([]byte(raw)) {
			require.Equal(t, docCursor{}, got, "%s", raw)
			continue
		}
		// Read without json only where json reads the same.
		require.NoError(t, json.Unmarshal([]byte(raw), &want), "%s", raw)
		require.Equal(t, want.Order, got.Order, "%s", raw)
		require.Equal(t, want.ID, got.ID, "%s", raw)
		require.Equal(t, want.At.String(), got.At.String(), "%s", raw)
		require.Equal(t, want.Title, got.Title, "%s", raw)
		accepted++
	}
	require.Equal(t, 1, accepted, "only the braced id is read the same by both")
}

func cursorJSON(t *testing.T, cursor string) []byte {
	t.Helper()
	raw, err := base64.RawURLEncoding.DecodeString(cursor)
	require.NoError(t, err)
	return raw
}
