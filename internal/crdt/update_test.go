package crdt

import (
	"encoding/hex"
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

// fixtures are updates written by the real yjs (testdata/gen.mjs documents
// how they were made).
type fixtures struct {
	Typing struct {
		Updates []string
		Text    string
		Length  int
		State   string
		Vector  string
	}
	Merged struct {
		State string
		Text  string
		Diff  string
	}
	ForeignMap     string
	ForeignRoot    string
	Format         string
	Embed          string
	Nested         string
	Awareness      string
	MergedWithSkip string
}

func load(t *testing.T) fixtures {
	t.Helper()
	b, err := os.ReadFile("testdata/fixtures.json")
	require.NoError(t, err)
	var f fixtures
	require.NoError(t, json.Unmarshal(b, &f))
	return f
}

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	require.NoError(t, err)
	return b
}

func TestReadUpdateSummarisesRealYjsUpdates(t *testing.T) {
	t.Parallel()
	f := load(t)
	inserted, deleted := 0, 0
	for _, h := range f.Typing.Updates {
		u, err := ReadUpdate(unhex(t, h))
		require.NoError(t, err)
		inserted += u.Inserted
		deleted += u.Deleted
	}
	require.Equal(t, f.Typing.Length, inserted-deleted, "what was inserted less what was deleted is the text's length")

	st, err := ReadUpdate(unhex(t, f.Typing.State))
	require.NoError(t, err)
	require.Equal(t, f.Typing.Length, st.Inserted, "a state holds its live text as strings and its deleted text as ContentDeleted")
	sv, err := ReadStateVector(unhex(t, f.Typing.Vector))
	require.NoError(t, err)
	require.Equal(t, StateVector(st.Ends), sv, "the ends of a full state are its state vector")

	m, err := ReadUpdate(unhex(t, f.Merged.State))
	require.NoError(t, err)
	require.Len(t, m.Ends, 2)
	d, err := ReadUpdate(unhex(t, f.Merged.Diff))
	require.NoError(t, err)
	require.Equal(t, 3, d.Inserted)

	_, err = ReadUpdate(unhex(t, f.MergedWithSkip))
	require.NoError(t, err, "merged updates carry Skip structs")
}

func TestReadUpdateRefusesWritesOutsideTheText(t *testing.T) {
	t.Parallel()
	f := load(t)
	for name, h := range map[string]string{
		"map entry": f.ForeignMap, "other root": f.ForeignRoot, "format": f.Format,
		"embed": f.Embed, "nested type": f.Nested,
	} {
		_, err := ReadUpdate(unhex(t, h))
		require.ErrorIs(t, err, ErrForeign, name)
	}
}

func TestReadUpdateRefusesMalformedBytes(t *testing.T) {
	t.Parallel()
	f := load(t)
	good := unhex(t, f.Typing.State)
	for name, b := range map[string][]byte{
		"empty":              {},
		"truncated":          good[:len(good)-3],
		"trailing bytes":     append(append([]byte{}, good...), 0),
		"endless varint":     {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01},
		"huge client count":  {0xff, 0xff, 0xff, 0x0f},
		"unknown content":    {1, 1, 1, 0, 0x0b, 1},
		"zero-length struct": {1, 1, 1, 0, 0, 0, 0},
	} {
		_, err := ReadUpdate(b)
		require.ErrorIs(t, err, ErrMalformed, name)
	}
}

func TestAwarenessIsReadAndStamped(t *testing.T) {
	t.Parallel()
	f := load(t)
	msg := AwarenessMessage(unhex(t, f.Awareness))
	m, err := ReadMessage(msg)
	require.NoError(t, err)
	require.EqualValues(t, MsgAwareness, m.Type)
	states, err := ReadAwareness(m.Payload)
	require.NoError(t, err)
	require.Len(t, states, 1)
	require.EqualValues(t, 1001, states[0].Client)

	stamped, err := StampUser(states[0].State, map[string]string{"name": "Maya", "color": "#123456"})
	require.NoError(t, err)
	var got map[string]any
	require.NoError(t, json.Unmarshal(stamped, &got))
	require.Equal(t, "Maya", got["user"].(map[string]any)["name"], "the server's name wins over the client's")
	require.NotNil(t, got["cursor"], "the rest of the state is kept")
	states[0].State = stamped
	again, err := ReadAwareness(EncodeAwareness(states))
	require.NoError(t, err)
	require.JSONEq(t, string(stamped), string(again[0].State))

	_, err = StampUser(json.RawMessage(`[1]`), nil)
	require.ErrorIs(t, err, ErrAwareness)
	left, err := StampUser(json.RawMessage(`null`), nil)
	require.NoError(t, err)
	require.Equal(t, "null", string(left))
}

func TestMessagesRoundTrip(t *testing.T) {
	t.Parallel()
	sv := StateVector{1001: 20, 7: 3}
	m, err := ReadMessage(SyncMessage(SyncStep1, sv.Encode()))
	require.NoError(t, err)
	require.EqualValues(t, SyncStep1, m.Sync)
	got, err := ReadStateVector(m.Payload)
	require.NoError(t, err)
	require.Equal(t, sv, got)

	_, err = ReadMessage([]byte{MsgQueryAwareness})
	require.NoError(t, err)
	for name, b := range map[string][]byte{
		"unknown type": {9}, "bad sync kind": {0, 7, 0}, "short payload": {0, 2, 5, 1},
		"persisted from a client": PersistedMessage(sv),
	} {
		_, err := ReadMessage(b)
		require.ErrorIs(t, err, ErrMalformed, name)
	}
}

func FuzzReadUpdate(f *testing.F) {
	fx := fixtures{}
	b, _ := os.ReadFile("testdata/fixtures.json")
	_ = json.Unmarshal(b, &fx)
	for _, h := range append(fx.Typing.Updates, fx.Typing.State, fx.Merged.State, fx.MergedWithSkip, fx.Format) {
		s, _ := hex.DecodeString(h)
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		u, err := ReadUpdate(b)
		if err == nil && u.Inserted > len(b) {
			t.Fatalf("more text than bytes: %d > %d", u.Inserted, len(b))
		}
		_, _ = ReadMessage(b)
		_, _ = ReadAwareness(b)
	})
}
