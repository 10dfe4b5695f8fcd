package inbox

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"codna/internal/db"
	"codna/internal/link"
)

// UnreadableTarget is what a link decision says of a target its reader can
// no longer read (payload "target"), in place of any address.
const UnreadableTarget = "a page you can no longer see"

// The payload keys a link decision notification is stored with: ids only.
// Addresses ("from", "to", "href") are never stored; present adds them on
// read, for a reader who may see them.
var linkAddressKeys = []string{"from", "to", "href", "name"}

// isLinkDecision reports whether n is a decision about a link edge or a
// file reference, whose payload names its target by id.
func isLinkDecision(n *Notification) bool {
	if n.SubjectID == nil {
		return false
	}
	switch n.SubjectType {
	case "link":
		return n.Type == TypeLinkTargetMoved || n.Type == TypeLinkTargetDeleted
	case "attachment_ref":
		return n.Type == TypeFileTargetMoved || n.Type == TypeFileTargetDeleted
	}
	return false
}

// present resolves the addresses of link and file reference decisions among
// ns through reader's permission, in one statement (none when there is no
// such decision among them). For a target the reader can read, the payload
// gets "to" (the target's address) and, for a file reference, "name" (the
// file's); when they can also read the source, "from" (the address the link
// was written for) and "href" (as written).
// For a target they cannot read, "targetId" goes too and the payload says
// "targetUnreadable": true and "target": UnreadableTarget — no
// notification names an address of a page its reader cannot read; for a
// link broken by a trashing that its reader could read then,
// "targetTitle" is the title it had (docs/design.md#decisions).
func present(ctx context.Context, q db.DBTX, reader uuid.UUID, ns []Notification) error {
	var links, targets []uuid.UUID
	for i := range ns {
		n := &ns[i]
		if !isLinkDecision(n) {
			continue
		}
		for _, k := range linkAddressKeys {
			delete(n.Payload, k) // stored before ids-only payloads: never shown unchecked
		}
		tid, _ := uuid.Parse(idString(n.Payload["targetId"]))
		links, targets = append(links, *n.SubjectID), append(targets, tid)
	}
	if len(links) == 0 {
		return nil
	}
	rows, err := db.Q.NotificationListLinkDecisionViews(ctx, q, db.NotificationListLinkDecisionViewsParams{
		ReaderID: reader, LinkIds: links, TargetIds: targets,
	})
	if err != nil {
		return fmt.Errorf("inbox: link decisions as their reader sees them: %w", err)
	}
	view := make(map[uuid.UUID]db.NotificationListLinkDecisionViewsRow, len(rows))
	for _, r := range rows {
		view[r.LinkID] = r
	}
	for i := range ns {
		n := &ns[i]
		if !isLinkDecision(n) {
			continue
		}
		v, ok := view[*n.SubjectID]
		if !ok || !v.TargetReadable || v.TargetSpace == nil || v.TargetPath == nil || v.TargetSlug == nil {
			delete(n.Payload, "targetId")
			n.Payload["targetUnreadable"] = true
			n.Payload["target"] = UnreadableTarget
			if ok && v.ReadableAtBreak && v.TitleAtBreak != "" {
				// Trashed by someone else, readable by the reader when it
				// was: its title then, never its address.
				n.Payload["targetTitle"] = v.TitleAtBreak
			}
			continue
		}
		n.Payload["to"] = link.Address{Space: string(*v.TargetSpace), Path: *v.TargetPath, Slug: *v.TargetSlug}.String()
		if v.FileName != nil {
			n.Payload["name"] = *v.FileName
		}
		if v.SourceReadable && v.HrefAsWritten != "" {
			n.Payload["href"] = v.HrefAsWritten
			if v.ResolvedAddress != "" {
				n.Payload["from"] = v.ResolvedAddress
			}
		}
	}
	return nil
}
