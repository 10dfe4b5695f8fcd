package sso

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"errors"
	"regexp"
	"strings"
	"sync"
	"time"

	"codna/internal/db"
)

// StateCookie is the cookie that carries a sign-in between StartPath and
// CallbackPath: HttpOnly, SameSite=Lax (the provider's redirect back is a
// top-level GET, which Lax lets it ride on), path /auth/oidc/, good for
// StateTTL and once.
const StateCookie = "codna_oidc"

// StateTTL is how long a started sign-in may take at the provider.
const StateTTL = 10 * time.Minute

// stateKey names the instance_secrets row that signs the state cookie.
const stateKey = "oidc_state"

// state is what the cookie carries, signed (not encrypted: everything in
// it is the browser's own): the OAuth state, the nonce, the PKCE verifier,
// the return path and the invitation being accepted.
type state struct {
	State    string `json:"s"`
	Nonce    string `json:"n"`
	Verifier string `json:"v"`
	Next     string `json:"r"`
	Invite   string `json:"i,omitempty"`
	Expires  int64  `json:"e"` // Unix seconds
}

// nextPath is what a return path must look like: one leading slash and
// not a second slash or a backslash after it, so it cannot name another
// host (//evil.example, /\evil.example).
var nextPath = regexp.MustCompile(`^/[^/\\]`)

// SafeNext returns next when it is a path on this site (`^/[^/\\]`, no
// control characters, at most 1,000 bytes), "/" otherwise.
func SafeNext(next string) string {
	if len(next) > 1000 || !nextPath.MatchString(next) || strings.ContainsFunc(next, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
		return "/"
	}
	return next
}

var errBadState = errors.New("sso: state cookie missing, forged, expired or used")

// seal signs st with the instance key: base64url(JSON) "." base64url(MAC).
func (s *Service) seal(ctx context.Context, st state) (string, error) {
	key, err := s.key(ctx)
	if err != nil {
		return "", err
	}
	body, err := json.Marshal(st)
	if err != nil {
		return "", err
	}
	payload := base64.RawURLEncoding.EncodeToString(body)
	return payload + "." + base64.RawURLEncoding.EncodeToString(stateMAC(key, payload)), nil
}

// open checks a cookie's signature and expiry and that it was not used
// before, and marks it used. Errors: errBadState; the database's.
func (s *Service) open(ctx context.Context, cookie string) (state, error) {
	var st state
	payload, mac, ok := strings.Cut(cookie, ".")
	if !ok || len(cookie) > 4096 {
		return st, errBadState
	}
	sum, err := base64.RawURLEncoding.DecodeString(mac)
	if err != nil {
		return st, errBadState
	}
	key, err := s.key(ctx)
	if err != nil {
		return st, err
	}
	if !hmac.Equal(sum, stateMAC(key, payload)) {
		return st, errBadState
	}
	body, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil || json.Unmarshal(body, &st) != nil || st.State == "" {
		return state{}, errBadState
	}
	exp := time.Unix(st.Expires, 0)
	if !s.now().Before(exp) {
		return state{}, errBadState
	}
	if !s.used.take(st.State, exp, s.now()) {
		return state{}, errBadState
	}
	return st, nil
}

func stateMAC(key []byte, payload string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("codna oidc state\x00"))
	m.Write([]byte(payload))
	return m.Sum(nil)
}

// key is the instance key that signs the cookie, read once.
func (s *Service) key(ctx context.Context) ([]byte, error) {
	s.keyMu.Lock()
	defer s.keyMu.Unlock()
	if s.stateKey == nil {
		k, err := db.Q.InstanceSecretGet(ctx, s.pool, stateKey)
		if err != nil {
			return nil, err
		}
		s.stateKey = k
	}
	return s.stateKey, nil
}

// usedStates remembers the states of cookies already presented until they
// expire, so a cookie works once on this replica. (On another replica a
// replayed cookie still needs the provider's code, which works once.)
type usedStates struct {
	mu   sync.Mutex
	seen map[string]time.Time
}

// take marks st used until exp; false when it was used already.
func (u *usedStates) take(st string, exp, now time.Time) bool {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.seen == nil {
		u.seen = map[string]time.Time{}
	}
	if len(u.seen) > 10_000 {
		for k, e := range u.seen {
			if !now.Before(e) {
				delete(u.seen, k)
			}
		}
	}
	if _, ok := u.seen[st]; ok {
		return false
	}
	u.seen[st] = exp
	return true
}

// sameString compares two secrets in constant time.
func sameString(a, b string) bool {
	return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}
