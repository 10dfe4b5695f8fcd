package server

import (
	"html/template"
	"net/http"

	"codna/internal/fault"
)

// unsubscribeCSP is the unsubscribe pages' Content-Security-Policy: no
// script, style or image of any origin; the form posts only here.
const unsubscribeCSP = "default-src 'none'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

// unsubscribePage is what GET and POST /mail/unsubscribe show.
var unsubscribePage = template.Must(template.New("unsubscribe").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>CoDNA: unsubscribe</title></head>
<body>{{if .Done}}<h1>Unsubscribed</h1><p>You will no longer receive {{.Words}}. You can turn it back on in your settings in CoDNA.</p>
{{else if .Bad}}<h1>This link is not valid</h1><p>Change what CoDNA mails you in your settings in CoDNA.</p>
{{else}}<h1>Unsubscribe?</h1><p>Stop {{.Words}}?</p>
<form method="post" action=""><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>
{{end}}</body></html>
`))

type unsubscribeView struct {
	Done, Bad bool
	Words     string
}

// unsubscribe serves /mail/unsubscribe?t=<token> (docs/api.md, "Mail
// unsubscribe"): GET shows a confirmation page with a form and changes
// nothing, so a link scanner unsubscribes nobody; POST (RFC 8058
// one-click: the body List-Unsubscribe=One-Click, which the page's form
// sends too) turns that kind of mail off and answers 200. A token that is
// not valid is 404 without saying why. No session is needed: the signed
// token is the credential.
func (s *Server) unsubscribe(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", unsubscribeCSP)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer") // the token is in the address
	h.Set("Cache-Control", "no-store")
	token := r.URL.Query().Get("t")
	var view unsubscribeView
	status := http.StatusOK
	var err error
	switch r.Method {
	case http.MethodPost:
		r.Body = http.MaxBytesReader(w, r.Body, 4<<10)
		if perr := r.ParseForm(); perr != nil || r.PostForm.Get("List-Unsubscribe") != "One-Click" {
			writeError(w, http.StatusBadRequest, fault.BadInput, "Send List-Unsubscribe=One-Click (RFC 8058).")
			return
		}
		topic, uerr := s.app.Mail.Unsubscribe(r.Context(), token)
		view.Done, view.Words, err = uerr == nil, topic.Words, uerr
	default:
		topic, terr := s.app.Mail.UnsubscribeTopic(r.Context(), token)
		view.Words, err = topic.Words, terr
	}
	if err != nil {
		if fault.CodeOf(err) != fault.NotFound {
			s.log.ErrorContext(r.Context(), "unsubscribe", "error", err)
			http.Error(w, "Something went wrong; try again later.\n", http.StatusInternalServerError)
			return
		}
		view, status = unsubscribeView{Bad: true}, http.StatusNotFound
	}
	h.Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_ = unsubscribePage.Execute(w, view)
}
