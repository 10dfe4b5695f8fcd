package webhook

import (
	"net/http"
	"strings"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
	"github.com/stretchr/testify/require"
)

// What Sign writes verifies with the Standard Webhooks reference library,
// for each secret in force during a rotation, and fails for altered bytes,
// another id or another secret.
func TestSignatureVerifiesWithTheReferenceLibrary(t *testing.T) {
	t.Parallel()
	old, current := NewSecret(), NewSecret()
	require.True(t, strings.HasPrefix(current, "whsec_"))
	oldKey, err := ParseSecret(old)
	require.NoError(t, err)
	currentKey, err := ParseSecret(current)
	require.NoError(t, err)

	body := []byte(`{"type":"document.updated","id":"evt_1","data":{"document":{"id":"0b9e"}}}`)
	h := http.Header{}
	Sign(h, [][]byte{currentKey, oldKey}, "msg_2KWPBgLlAfxdpx2AI54pPJ85f4W", time.Now(), body)
	require.Len(t, strings.Split(h.Get(HeaderSignature), " "), 2, "one signature per secret in force")

	for _, s := range []string{current, old} {
		wh, err := standardwebhooks.NewWebhook(s)
		require.NoError(t, err)
		require.NoError(t, wh.Verify(body, h), "verified with %s", s)
		require.Error(t, wh.Verify(append([]byte{' '}, body...), h), "altered body")
	}
	other, err := standardwebhooks.NewWebhook(NewSecret())
	require.NoError(t, err)
	require.Error(t, other.Verify(body, h), "another secret")

	h2 := h.Clone()
	h2.Set(HeaderID, "msg_other")
	wh, err := standardwebhooks.NewWebhook(current)
	require.NoError(t, err)
	require.Error(t, wh.Verify(body, h2), "another id")

	// The same message signed again at the same second is the same bytes:
	// a retry's signature differs only by its timestamp.
	ts := time.Unix(1_700_000_000, 0)
	require.Equal(t, Signature([][]byte{currentKey}, "msg_1", ts, body), Signature([][]byte{currentKey}, "msg_1", ts, body))
	ref, err := wh.Sign("msg_1", ts, body)
	require.NoError(t, err)
	require.Equal(t, ref, Signature([][]byte{currentKey}, "msg_1", ts, body))
}

func TestParseSecret(t *testing.T) {
	t.Parallel()
	for _, bad := range []string{"", "whsec_", "secret", "whsec_!!!", "whsec_" + strings.Repeat("A", 8), "whsec_" + strings.Repeat("A", 100)} {
		_, err := ParseSecret(bad)
		require.ErrorIs(t, err, ErrSecret, bad)
	}
	k, err := ParseSecret(NewSecret())
	require.NoError(t, err)
	require.Len(t, k, secretBytes)
}
