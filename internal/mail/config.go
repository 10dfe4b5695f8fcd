package mail

import (
	"crypto/tls"
	"errors"
	"fmt"
	netmail "net/mail"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Config configures mail (docs/operations.md, "Mail"). With SMTPURL empty
// mail is off: Service.Enabled is false and nothing is queued.
type Config struct {
	// SMTPURL is the server mail goes through (CODNA_SMTP_URL):
	// smtp://user:pass@host:587 (STARTTLS required; ?tls=none for a local
	// relay without TLS) or smtps://user:pass@host:465 (TLS from the first
	// byte). "" turns mail off.
	SMTPURL string
	// From is the sender address (CODNA_MAIL_FROM), `CoDNA <codna@example.com>`
	// or a bare address.
	From string
	// PublicURL is the address people open CoDNA at (CODNA_PUBLIC_URL),
	// absolute http or https; every link in a mail starts with it.
	PublicURL string
	// SSOName is the identity provider's name people sign in with
	// (CODNA_OIDC_NAME), for the mails about single sign-on; "" is "your
	// identity provider".
	SSOName string
	// Rate caps the sends per second of one sender (CODNA_SMTP_RATE); 0
	// is DefaultRate.
	Rate float64
	// TLSConfig is the TLS configuration for the server; nil verifies the
	// server's certificate against the system's roots (tests give their
	// own CA). Its ServerName is set from SMTPURL's host when empty.
	TLSConfig *tls.Config
	// Poll is how often a sender looks for due mail; 0 is DefaultPoll.
	Poll time.Duration
	// Lease is how long a claimed mail is its sender's before another may
	// take it; 0 is DefaultLease. The sender renews it every Lease/4.
	Lease time.Duration
	// Timeout bounds one send (connect, TLS, AUTH and the transaction);
	// 0 is DefaultTimeout.
	Timeout time.Duration
}

// Defaults of Config.
const (
	DefaultRate    = 10.0
	DefaultPoll    = 2 * time.Second
	DefaultLease   = time.Minute
	DefaultTimeout = 30 * time.Second
	// GiveUpAfter is how long after queueing a mail that keeps failing
	// for now is retried before it is failed.
	GiveUpAfter = 72 * time.Hour
	// Retention is how long sent, failed and dropped rows are kept.
	Retention = 30 * 24 * time.Hour
)

// TLSMode is how the connection to the SMTP server is secured.
type TLSMode string

// The TLS modes of an SMTP URL.
const (
	TLSStartTLS TLSMode = "starttls" // smtp://, STARTTLS required
	TLSImplicit TLSMode = "implicit" // smtps://
	TLSNone     TLSMode = "none"     // smtp://…?tls=none, for a local relay
)

// Server is a parsed CODNA_SMTP_URL. Its String never shows the password.
type Server struct {
	Host     string
	Port     int
	Username string
	Password string
	TLS      TLSMode
}

// String is host:port with the user and TLS mode, never the password.
func (s Server) String() string {
	user := ""
	if s.Username != "" {
		user = s.Username + "@"
	}
	return fmt.Sprintf("%s%s:%d (%s)", user, s.Host, s.Port, s.TLS)
}

// ParseSMTPURL parses and checks an SMTP URL (see Config.SMTPURL). Its
// errors never contain the password.
func ParseSMTPURL(raw string) (Server, error) {
	u, err := url.Parse(raw)
	if err != nil {
		// url's error quotes the whole URL, password and all.
		return Server{}, errors.New("not a URL like smtp://user:password@host:587")
	}
	var s Server
	switch u.Scheme {
	case "smtp":
		s.TLS, s.Port = TLSStartTLS, 587
	case "smtps":
		s.TLS, s.Port = TLSImplicit, 465
	default:
		return Server{}, fmt.Errorf("the scheme must be smtp (STARTTLS) or smtps (implicit TLS), not %q", u.Scheme)
	}
	if u.Opaque != "" || u.Hostname() == "" {
		return Server{}, errors.New("no host: want smtp://user:password@host:587")
	}
	if u.Path != "" && u.Path != "/" || u.Fragment != "" {
		return Server{}, errors.New("a path or fragment is not allowed")
	}
	s.Host = u.Hostname()
	if p := u.Port(); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 {
			return Server{}, fmt.Errorf("port %q is not a port number", p)
		}
		s.Port = n
	}
	if u.User != nil {
		s.Username = u.User.Username()
		s.Password, _ = u.User.Password()
	}
	for k, v := range u.Query() {
		switch {
		case k == "tls" && len(v) == 1 && v[0] == "none" && s.TLS == TLSStartTLS:
			s.TLS = TLSNone
		case k == "tls":
			return Server{}, errors.New("the only tls option is ?tls=none, on smtp:// (a local relay without TLS)")
		default:
			return Server{}, fmt.Errorf("unknown option %q (the only one is ?tls=none)", k)
		}
	}
	return s, nil
}

// ParseFrom parses a sender address (Config.From).
func ParseFrom(raw string) (*netmail.Address, error) {
	a, err := netmail.ParseAddress(raw)
	if err != nil {
		return nil, fmt.Errorf("%q is not an address like `CoDNA <codna@example.com>`: %v", raw, err)
	}
	a.Name = headerValue(a.Name, maxNameLen)
	return a, nil
}

// ParsePublicURL parses and checks the public address (Config.PublicURL);
// the result has no trailing slash.
func ParsePublicURL(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Opaque != "" {
		return nil, fmt.Errorf("%q is not an absolute http or https URL like https://codna.example.com", raw)
	}
	if u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("%q: no user, query or fragment allowed", raw)
	}
	u.Path = strings.TrimRight(u.Path, "/")
	u.RawPath = ""
	return u, nil
}

// Check reports the first invalid setting as an error naming its
// environment variable. With SMTPURL empty only the settings given are
// checked: mail is off.
func (c Config) Check() error {
	if c.SMTPURL != "" {
		if _, err := ParseSMTPURL(c.SMTPURL); err != nil {
			return fmt.Errorf("CODNA_SMTP_URL: %w", err)
		}
		if c.From == "" {
			return errors.New("CODNA_MAIL_FROM must be set when CODNA_SMTP_URL is (the sender address, like `CoDNA <codna@example.com>`)")
		}
		if c.PublicURL == "" {
			return errors.New("CODNA_PUBLIC_URL must be set when CODNA_SMTP_URL is (the address people open CoDNA at, for the links in mail)")
		}
	}
	if c.From != "" {
		if _, err := ParseFrom(c.From); err != nil {
			return fmt.Errorf("CODNA_MAIL_FROM: %w", err)
		}
	}
	if c.PublicURL != "" {
		if _, err := ParsePublicURL(c.PublicURL); err != nil {
			return fmt.Errorf("CODNA_PUBLIC_URL: %w", err)
		}
	}
	if c.Rate < 0 {
		return fmt.Errorf("CODNA_SMTP_RATE must be positive, not %v", c.Rate)
	}
	return nil
}
