package mail

import (
	"bytes"
	"context"
	"errors"
	htmltemplate "html/template"
	netmail "net/mail"
	"strings"
	texttemplate "text/template"

	"github.com/jackc/pgx/v5"
	gomail "github.com/wneessen/go-mail"

	"codna/internal/auth"
	"codna/internal/db"
)

// content is what a mail's templates see. The HTML template escapes every
// value; none of it goes into a header but Subject, which compose makes
// safe.
type content struct {
	Subject string
	Name    string // the recipient's name
	Site    string // CODNA_PUBLIC_URL
	Link    string // what the mail asks to open
	Expires string // when the link stops working, in words
	// Items are the notifications a notice or digest tells of; More is
	// how many more a digest leaves out.
	Items []item
	More  int
	// Unsubscribe is the link that turns this kind of mail off.
	Unsubscribe string
	// Provider is the identity provider's name (Config.SSOName).
	Provider string
}

// rendered is a mail ready to compose: to whom, its Message-ID, its kind
// (which chooses the templates) and what they show.
type rendered struct {
	to        *netmail.Address
	messageID string
	kind      string
	content   content
	// unsubscribe is the one-click unsubscribe URL of a notice or digest
	// (the List-Unsubscribe header); "" for mail one cannot turn off.
	unsubscribe string
}

// outgoing is a composed message and its Message-ID (without the angle
// brackets).
type outgoing struct {
	msg       *gomail.Msg
	messageID string
}

// kindTemplates are a kind's subject and bodies.
type kindTemplates struct {
	subject string
	text    *texttemplate.Template
	html    *htmltemplate.Template
}

// htmlPage wraps a kind's HTML body.
const htmlPage = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>{{.Subject}}</title></head>` +
	`<body style="font-family: sans-serif; line-height: 1.5">%s<p style="color: #666">CoDNA at <a href="{{.Site}}">{{.Site}}</a></p></body></html>`

func kind(subject, text, html string) kindTemplates {
	return kindTemplates{
		subject: subject,
		text:    texttemplate.Must(texttemplate.New("text").Parse(text + "\n-- \nCoDNA at {{.Site}}\n")),
		html:    htmltemplate.Must(htmltemplate.New("html").Parse(sprintfPage(html))),
	}
}

func sprintfPage(body string) string { return strings.Replace(htmlPage, "%s", body, 1) }

// templates are the bodies of each kind the sender renders.
var templates = map[string]kindTemplates{
	KindInvitation: kind("Your invitation to CoDNA",
		`Hello {{.Name}},

you have been invited to CoDNA, your team's knowledge base. Choose your password here to join:

{{.Link}}

The link works once, until {{.Expires}}. If you did not expect this invitation, ignore this mail.
`,
		`<p>Hello {{.Name}},</p><p>you have been invited to CoDNA, your team's knowledge base. Choose your password here to join:</p>`+
			`<p><a href="{{.Link}}">{{.Link}}</a></p><p>The link works once, until {{.Expires}}. If you did not expect this invitation, ignore this mail.</p>`),
	KindPasswordReset: kind("Reset your CoDNA password",
		`Hello {{.Name}},

someone, probably you, asked to reset your CoDNA password. Choose a new one here:

{{.Link}}

The link is valid for 1 hour and works once. If you did not ask for it, ignore this mail: your password stays as it is.
`,
		`<p>Hello {{.Name}},</p><p>someone, probably you, asked to reset your CoDNA password. Choose a new one here:</p>`+
			`<p><a href="{{.Link}}">{{.Link}}</a></p><p>The link is valid for 1 hour and works once. If you did not ask for it, ignore this mail: your password stays as it is.</p>`),
	KindPasswordResetSSO: kind("Signing in to CoDNA",
		`Hello {{.Name}},

someone, probably you, asked to reset your CoDNA password. CoDNA does not use passwords: sign in with {{.Provider}} at

{{.Link}}

If you cannot sign in there, ask whoever runs {{.Provider}} for your team. If you did not ask, ignore this mail.
`,
		`<p>Hello {{.Name}},</p><p>someone, probably you, asked to reset your CoDNA password. CoDNA does not use passwords: sign in with {{.Provider}} at</p>`+
			`<p><a href="{{.Link}}">{{.Link}}</a></p><p>If you cannot sign in there, ask whoever runs {{.Provider}} for your team. If you did not ask, ignore this mail.</p>`),
	KindSSOLinked: kind("Your CoDNA account now signs in with your identity provider",
		`Hello {{.Name}},

your CoDNA account was just linked to your account at {{.Provider}}: from now on you can sign in to CoDNA with {{.Provider}}.

If this was not you, tell whoever runs CoDNA for your team at once.

{{.Link}}
`,
		`<p>Hello {{.Name}},</p><p>your CoDNA account was just linked to your account at {{.Provider}}: from now on you can sign in to CoDNA with {{.Provider}}.</p>`+
			`<p>If this was not you, tell whoever runs CoDNA for your team at once.</p><p><a href="{{.Link}}">{{.Link}}</a></p>`),
	KindDecision: kind("A decision waits for you in CoDNA",
		`Hello {{.Name}},

a decision waits for you in CoDNA:
{{range .Items}}
- {{.What}}{{if .Page}}, on {{.Page}}{{end}}{{end}}

Answer it in your inbox: {{.Link}}

To stop these mails: {{.Unsubscribe}}
`,
		`<p>Hello {{.Name}},</p><p>a decision waits for you in CoDNA:</p><ul>{{range .Items}}<li>{{.What}}{{if .Page}}, on {{.Page}}{{end}}</li>{{end}}</ul>`+
			`<p>Answer it in <a href="{{.Link}}">your inbox</a>.</p><p style="color: #666"><a href="{{.Unsubscribe}}">Stop these mails</a></p>`),
	KindMention: kind("You were mentioned in CoDNA",
		`Hello {{.Name}},
{{range .Items}}
- {{.What}}{{if .Page}}, on {{.Page}}{{end}}{{end}}

See it in your inbox: {{.Link}}

To stop these mails: {{.Unsubscribe}}
`,
		`<p>Hello {{.Name}},</p><ul>{{range .Items}}<li>{{.What}}{{if .Page}}, on {{.Page}}{{end}}</li>{{end}}</ul>`+
			`<p>See it in <a href="{{.Link}}">your inbox</a>.</p><p style="color: #666"><a href="{{.Unsubscribe}}">Stop these mails</a></p>`),
	KindDigest: kind("What you missed in CoDNA",
		`Hello {{.Name}},

here is what happened in CoDNA that you have not read yet:
{{range .Items}}
- {{.What}}{{if .Page}}, on {{.Page}}{{end}}{{end}}{{if .More}}
- and {{.More}} more{{end}}

Your inbox: {{.Link}}

To stop these digests: {{.Unsubscribe}}
`,
		`<p>Hello {{.Name}},</p><p>here is what happened in CoDNA that you have not read yet:</p><ul>{{range .Items}}<li>{{.What}}{{if .Page}}, on {{.Page}}{{end}}</li>{{end}}{{if .More}}<li>and {{.More}} more</li>{{end}}</ul>`+
			`<p>See them in <a href="{{.Link}}">your inbox</a>.</p><p style="color: #666"><a href="{{.Unsubscribe}}">Stop these digests</a></p>`),
	"test": kind("CoDNA test mail",
		`This is a test mail from CoDNA ({{.Site}}): mail works.
`,
		`<p>This is a test mail from CoDNA (<a href="{{.Link}}">{{.Site}}</a>): mail works.</p>`),
}

// render makes row's mail from current rows in tx, writing what it needs
// (an invitation's or a reset's new secret) in tx, so a mail that is not
// sent leaves nothing behind. A non-empty drop is why the mail is not to
// be sent at all (its recipient was deactivated, its invitation used, …);
// an error is a failure to try again.
func (s *Service) render(ctx context.Context, tx db.DBTX, row db.MailOutbox) (r rendered, drop string, err error) {
	u, err := db.Q.UserGetByID(ctx, tx, row.RecipientID)
	if errors.Is(err, pgx.ErrNoRows) {
		return r, "the recipient is gone", nil
	} else if err != nil {
		return r, "", err
	}
	if !u.IsActive {
		return r, "the recipient is deactivated", nil
	}
	if u.Kind != string(auth.KindPerson) {
		return r, "the recipient is not a person", nil
	}
	to, err := netmail.ParseAddress(u.Email)
	if err != nil {
		return r, "the recipient's address is not valid", nil
	}
	name := headerValue(u.Name, maxNameLen)
	to.Name = name
	provider := s.cfg.SSOName
	if provider == "" {
		provider = "your identity provider"
	}
	r = rendered{to: to, messageID: row.MessageID, kind: row.Kind, content: content{Name: name, Site: s.public.String(), Provider: provider}}
	switch row.Kind {
	case KindInvitation:
		if row.SubjectID == nil {
			return r, "an invitation mail without its invitation", nil
		}
		// Only the secret's hash is stored; the plaintext is in this mail
		// alone. A send that fails rolls the new hash back.
		secret := auth.NewSecret("")
		inv, err := db.Q.InvitationRekey(ctx, tx, db.InvitationRekeyParams{ID: *row.SubjectID, UserID: u.ID, TokenHash: auth.HashSecret(secret)})
		if errors.Is(err, pgx.ErrNoRows) {
			return r, "the invitation was used or has expired (or is not the recipient's)", nil
		} else if err != nil {
			return r, "", err
		}
		if err := db.Q.InvitationExpireOthers(ctx, tx, db.InvitationExpireOthersParams{UserID: u.ID, ID: inv.ID}); err != nil {
			return r, "", err
		}
		r.content.Link = s.link("invite", secret)
		r.content.Expires = inv.ExpiresAt.UTC().Format("2 January 2006, 15:04 MST")
	case KindPasswordReset:
		if s.minter == nil {
			return r, "password reset mails are not wired in this build (no token minter)", nil
		}
		token, err := s.minter(ctx, tx, u.ID)
		if err != nil {
			return r, "", err
		}
		r.content.Link = s.link("reset", token)
	case KindPasswordResetSSO, KindSSOLinked:
		r.content.Link = s.public.JoinPath("signin").String()
	case KindDecision, KindMention, KindDigest:
		drop, err := s.renderNotice(ctx, tx, row, &r)
		return r, drop, err
	default:
		return r, "unknown kind of mail", nil
	}
	return r, "", nil
}

// link is CODNA_PUBLIC_URL/<route>/<token>.
func (s *Service) link(route, token string) string {
	return s.public.JoinPath(route, token).String()
}

// compose makes the message of r: multipart text and HTML from its kind's
// templates, every header value through headerValue.
func (s *Service) compose(r rendered) (*outgoing, error) {
	t, ok := templates[r.kind]
	if !ok {
		return nil, errors.New("mail: no templates for kind " + r.kind)
	}
	c := r.content
	c.Subject = headerValue(t.subject, maxSubjectLen)
	var text, html bytes.Buffer
	if err := t.text.Execute(&text, c); err != nil {
		return nil, err
	}
	if err := t.html.Execute(&html, c); err != nil {
		return nil, err
	}
	m := gomail.NewMsg()
	from := *s.from
	from.Name = headerValue(from.Name, maxNameLen)
	m.FromMailAddress(&from)
	to := *r.to
	to.Name = headerValue(to.Name, maxNameLen)
	m.ToMailAddress(&to)
	m.Subject(c.Subject)
	id := headerValue(r.messageID, 250)
	m.SetMessageIDWithValue(id)
	m.SetDate()
	m.SetGenHeader("Auto-Submitted", "auto-generated")
	if r.unsubscribe != "" {
		// RFC 8058 one-click: a POST of List-Unsubscribe=One-Click to
		// the link turns this kind of mail off.
		m.SetGenHeader("List-Unsubscribe", "<"+headerValue(r.unsubscribe, 900)+">")
		m.SetGenHeader("List-Unsubscribe-Post", "List-Unsubscribe=One-Click")
	}
	m.SetBodyString(gomail.TypeTextPlain, text.String())
	m.AddAlternativeString(gomail.TypeTextHTML, html.String())
	return &outgoing{msg: m, messageID: id}, nil
}
