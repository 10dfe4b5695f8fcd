package ssotest

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"

	jose "github.com/go-jose/go-jose/v4"
)

// tamper wraps the token endpoint: with WrongAudience set, it re-signs
// the ID token of each answer, with the provider's own current key, for
// that audience (the op package always adds the client to the audience,
// so a token for another client has to be made here).
func (p *Provider) tamper(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p.mu.Lock()
		aud := p.audience
		key := p.keys[len(p.keys)-1]
		p.mu.Unlock()
		if aud == nil {
			next.ServeHTTP(w, r)
			return
		}
		rec := httptest.NewRecorder()
		next.ServeHTTP(rec, r)
		body := rec.Body.Bytes()
		var answer map[string]any
		if rec.Code == http.StatusOK && json.Unmarshal(body, &answer) == nil {
			if raw, ok := answer["id_token"].(string); ok {
				if signed, err := resign(raw, key, aud); err == nil {
					answer["id_token"] = signed
					body, _ = json.Marshal(answer)
				}
			}
		}
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.WriteHeader(rec.Code)
		_, _ = w.Write(bytes.Clone(body))
	})
}

// resign replaces a JWT's aud and azp and signs it again with key.
func resign(raw string, key signingKey, aud []string) (string, error) {
	parts := strings.Split(raw, ".")
	if len(parts) != 3 {
		return "", errNotFound
	}
	payload, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return "", err
	}
	var claims map[string]any
	if err := json.Unmarshal(payload, &claims); err != nil {
		return "", err
	}
	claims["aud"] = aud
	claims["azp"] = aud[0]
	claims["client_id"] = aud[0]
	payload, err = json.Marshal(claims)
	if err != nil {
		return "", err
	}
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.RS256, Key: jose.JSONWebKey{Key: key.key, KeyID: key.id}}, nil)
	if err != nil {
		return "", err
	}
	jws, err := signer.Sign(payload)
	if err != nil {
		return "", err
	}
	return jws.CompactSerialize()
}
