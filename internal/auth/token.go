package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strings"
)

// Token prefixes tell the kinds apart at a glance and in secret scanners.
// The manage prefix is the one docs/design.md gives service_tokens.
const (
	ManageTokenPrefix = "codna_"
	PersonTokenPrefix = "codp_"
	AgentTokenPrefix  = "coda_"
)

// SessionCookie is the name of the session cookie.
const SessionCookie = "codna_session"

// NewSecret returns prefix followed by 43 random URL-safe characters (256 bits).
func NewSecret(prefix string) string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic("auth: crypto/rand failed: " + err.Error()) // the platform is broken
	}
	return prefix + base64.RawURLEncoding.EncodeToString(b)
}

// HashSecret is the stored form of a token or session value: hex SHA-256.
// Secrets have 256 bits of entropy, so a fast hash is enough.
func HashSecret(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

// DisplayPrefix is what is stored and shown to tell a token apart: its kind
// prefix and six more characters.
func DisplayPrefix(token string) string {
	for _, p := range []string{ManageTokenPrefix, PersonTokenPrefix, AgentTokenPrefix} {
		if strings.HasPrefix(token, p) && len(token) >= len(p)+6 {
			return token[:len(p)+6]
		}
	}
	if len(token) > 6 {
		return token[:6]
	}
	return token
}
