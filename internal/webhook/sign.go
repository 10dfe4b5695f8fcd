package webhook

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Signing follows Standard Webhooks (docs/design.md, "Webhooks"), so that
// receivers verify with its libraries: a request carries webhook-id,
// webhook-timestamp (Unix seconds) and webhook-signature, a space-separated
// list of "v1,<base64 of HMAC-SHA256(key, id + "." + timestamp + "." +
// body)>", one per secret in force (two while a rotated secret overlaps the
// new one). A secret is written "whsec_" followed by the base64 of its key.

// The Standard Webhooks headers.
const (
	HeaderID        = "webhook-id"
	HeaderTimestamp = "webhook-timestamp"
	HeaderSignature = "webhook-signature"
)

const (
	secretPrefix = "whsec_"
	// secretBytes is the length of a new key: within the 24–64 bytes
	// Standard Webhooks asks for.
	secretBytes = 32
)

// ErrSecret is returned by ParseSecret for a value that is not a secret.
var ErrSecret = errors.New("webhook: a secret is whsec_ followed by the base64 of 24 to 64 bytes")

// NewSecret returns a new random secret in its written form (whsec_…), as
// shown once to the subscriber.
func NewSecret() string {
	key := make([]byte, secretBytes)
	_, _ = rand.Read(key) // crypto/rand.Read never fails (Go 1.24+)
	return secretPrefix + base64.StdEncoding.EncodeToString(key)
}

// ParseSecret returns the key of a written secret. Errors: ErrSecret.
func ParseSecret(s string) ([]byte, error) {
	rest, ok := strings.CutPrefix(s, secretPrefix)
	if !ok {
		return nil, ErrSecret
	}
	key, err := base64.StdEncoding.DecodeString(rest)
	if err != nil || len(key) < 24 || len(key) > 64 {
		return nil, ErrSecret
	}
	return key, nil
}

// Signature is the webhook-signature value of one message for the given
// keys, in their order: "v1,<sig>" for each, separated by spaces. It needs
// at least one key.
func Signature(keys [][]byte, id string, ts time.Time, body []byte) string {
	var b strings.Builder
	prefix := id + "." + strconv.FormatInt(ts.Unix(), 10) + "."
	for i, k := range keys {
		m := hmac.New(sha256.New, k)
		m.Write([]byte(prefix))
		m.Write(body)
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString("v1,")
		b.WriteString(base64.StdEncoding.EncodeToString(m.Sum(nil)))
	}
	return b.String()
}

// Sign sets the three Standard Webhooks headers of one attempt on h.
func Sign(h http.Header, keys [][]byte, id string, ts time.Time, body []byte) {
	h.Set(HeaderID, id)
	h.Set(HeaderTimestamp, strconv.FormatInt(ts.Unix(), 10))
	h.Set(HeaderSignature, Signature(keys, id, ts, body))
}
