package sso

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
)

// Config is the instance's single sign-on (docs/operations.md, "Single
// sign-on"). Issuer "" turns single sign-on off.
type Config struct {
	// Issuer is the provider's issuer URL (CODNA_OIDC_ISSUER), exactly as
	// its discovery document and its tokens say it: https, or http on
	// 127.0.0.1 or localhost (tests).
	Issuer string
	// ClientID and ClientSecret are CoDNA's client at the provider
	// (CODNA_OIDC_CLIENT_ID, CODNA_OIDC_CLIENT_SECRET).
	ClientID     string
	ClientSecret string
	// Name is the provider's name on the sign-in button (CODNA_OIDC_NAME);
	// "" is "your identity provider".
	Name string
	// AllowedDomains are the e-mail domains whose people may join by
	// signing in (CODNA_OIDC_ALLOWED_DOMAINS), lower case; empty: only
	// people who exist or were invited.
	AllowedDomains []string
	// Only turns password sign-in off for people (CODNA_OIDC_ONLY).
	Only bool
	// PublicURL is the address people open CoDNA at (CODNA_PUBLIC_URL);
	// the redirect URL registered at the provider is PublicURL +
	// CallbackPath.
	PublicURL string
}

// Paths of the two endpoints internal/server mounts.
const (
	StartPath    = "/auth/oidc/start"
	CallbackPath = "/auth/oidc/callback"
)

// Enabled says whether single sign-on is configured.
func (c Config) Enabled() bool { return c.Issuer != "" }

// ButtonName is the name on the sign-in button.
func (c Config) ButtonName() string {
	if c.Name == "" {
		return "your identity provider"
	}
	return c.Name
}

// multiTenant are the Microsoft Entra issuers that stand for many tenants:
// their tokens' issuer is each tenant's, never the configured one, so
// they cannot be trusted to link people by e-mail.
var multiTenant = []string{"/common", "/organizations", "/consumers"}

// Check reports the first invalid setting as an error naming its
// environment variable. With Issuer empty the other settings must be
// empty too, so a half configuration is not silently off.
func (c Config) Check() error {
	if c.Issuer == "" {
		if c.ClientID != "" || c.ClientSecret != "" || c.Only || len(c.AllowedDomains) > 0 {
			return errors.New("CODNA_OIDC_ISSUER must be set when any other CODNA_OIDC_* setting is")
		}
		return nil
	}
	u, err := url.Parse(c.Issuer)
	if err != nil || u.Host == "" || u.Opaque != "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return fmt.Errorf("CODNA_OIDC_ISSUER: %q is not an issuer URL like https://accounts.google.com", c.Issuer)
	}
	switch u.Scheme {
	case "https":
	case "http":
		if h := u.Hostname(); h != "localhost" && !isLoopback(h) {
			return fmt.Errorf("CODNA_OIDC_ISSUER: %q must be https (http only on 127.0.0.1 or localhost, for tests)", c.Issuer)
		}
	default:
		return fmt.Errorf("CODNA_OIDC_ISSUER: %q must be https", c.Issuer)
	}
	if strings.EqualFold(u.Hostname(), "login.microsoftonline.com") {
		p := strings.ToLower(strings.TrimSuffix(u.Path, "/"))
		for _, t := range multiTenant {
			if p == t || strings.HasPrefix(p, t+"/") {
				return fmt.Errorf("CODNA_OIDC_ISSUER: %q stands for many Entra tenants; use your tenant's issuer, https://login.microsoftonline.com/<tenant id>/v2.0", c.Issuer)
			}
		}
	}
	if c.ClientID == "" {
		return errors.New("CODNA_OIDC_CLIENT_ID must be set when CODNA_OIDC_ISSUER is")
	}
	if c.ClientSecret == "" {
		return errors.New("CODNA_OIDC_CLIENT_SECRET must be set when CODNA_OIDC_ISSUER is")
	}
	if c.PublicURL == "" {
		return errors.New("CODNA_PUBLIC_URL must be set when CODNA_OIDC_ISSUER is (the redirect URL is CODNA_PUBLIC_URL/auth/oidc/callback)")
	}
	if len(c.Name) > 60 {
		return errors.New("CODNA_OIDC_NAME: at most 60 characters")
	}
	for _, d := range c.AllowedDomains {
		if d == "" || strings.ContainsAny(d, "@/ \t") || !strings.Contains(d, ".") || d != strings.ToLower(d) {
			return fmt.Errorf("CODNA_OIDC_ALLOWED_DOMAINS: %q is not a lower-case domain like example.com", d)
		}
	}
	return nil
}

// ParseDomains splits CODNA_OIDC_ALLOWED_DOMAINS (commas or spaces),
// lower-cased, without empty entries.
func ParseDomains(raw string) []string {
	var out []string
	for _, f := range strings.FieldsFunc(raw, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		out = append(out, strings.ToLower(strings.TrimPrefix(f, "@")))
	}
	return out
}

func isLoopback(host string) bool {
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
