package mail

import (
	"strings"
	"testing"
	"time"
)

func TestClassify(t *testing.T) {
	self := SelfInfo{Addresses: []string{"pbem@example.org"}, MessageIDDomain: "example.org"}
	base := "From: Player <p@example.net>\nTo: pbem+g1-csa-abcd1234@example.org\nSubject: s\nMessage-ID: <m1@example.net>\n"
	cases := []struct {
		name, headers string
		want          Disposition
		reason        string
	}{
		{"person", "", Process, "from a person"},
		{"auto-submitted", "Auto-Submitted: auto-replied\n", IgnoreSilently, "Auto-Submitted: auto-replied"},
		{"auto-submitted no", "Auto-Submitted: no\n", Process, "from a person"},
		{"x-autoreply", "X-Autoreply: yes\n", IgnoreSilently, "X-Autoreply: yes"},
		{"x-autorespond", "X-Autorespond: 1\n", IgnoreSilently, "X-Autoreply: 1"},
		{"precedence bulk", "Precedence: bulk\n", IgnoreSilently, "Precedence: bulk"},
		{"precedence junk", "Precedence: junk\n", IgnoreSilently, "Precedence: junk"},
		{"list-id", "List-Id: <l.example.net>\n", IgnoreSilently, "List-Id: <l.example.net>"},
		{"list-unsubscribe", "List-Unsubscribe: <mailto:x@y>\n", IgnoreSilently, "List-Unsubscribe"},
		{"null return path", "Return-Path: <>\n", IgnoreSilently, "Return-Path: <>"},
		{"real return path", "Return-Path: <p@example.net>\n", Process, "from a person"},
		{"loop x-loop", "X-Loop: pbem@example.org\n", IgnoreSilently, "X-Loop"},
		{"report", "MIME-Version: 1.0\nContent-Type: multipart/report; report-type=delivery-status; boundary=b\n", IgnoreSilently, "multipart/report"},
		{"hops", strings.Repeat("Received: from x by y; Sat, 21 Nov 2026 10:00:00 +0000\n", 30), IgnoreSilently, "30 Received"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in, err := Decode([]byte(c.headers+base+"\nbody\n"), nil)
			if err != nil {
				t.Fatal(err)
			}
			got, reason := Classify(in, self)
			if got != c.want || !strings.Contains(reason, c.reason) {
				t.Errorf("got %v %q, want %v containing %q", got, reason, c.want, c.reason)
			}
		})
	}
	others := []struct{ name, raw, reason string }{
		// Auto-replies with a real Return-Path: Exchange inbox rules, and the
		// subjects of vacation notices in the players' languages.
		{"exchange inbox rule", "From: p@example.net\nX-MS-Exchange-Inbox-Rules-Loop: p@example.net\nSubject: Re: orders\n\nb", "auto-reply: X-MS-Exchange-Inbox-Rules-Loop"},
		{"auto-response-suppress all", "From: p@example.net\nX-Auto-Response-Suppress: All\nSubject: Re: orders\n\nb", "auto-reply: X-Auto-Response-Suppress: All"},
		{"auto-response-suppress oof", "From: p@example.net\nX-Auto-Response-Suppress: DR, OOF, AutoReply\nSubject: x\n\nb", "auto-reply: X-Auto-Response-Suppress"},
		{"subject automatic reply", "From: p@example.net\nSubject: Automatic reply: [g1] Day 1 8AM\n\nb", "auto-reply: Subject"},
		{"subject out of office", "From: p@example.net\nSubject: Out of Office: [g1] Day 1 8AM\n\nb", "auto-reply: Subject"},
		{"subject out of office alone", "From: p@example.net\nSubject: Out of office\n\nb", "auto-reply: Subject"},
		{"subject auto", "From: p@example.net\nSubject: AUTO: Albert Sidney is out of the office (returning 23/11/2026)\n\nb", "auto-reply: Subject"},
		{"subject autoreply", "From: p@example.net\nSubject: Autoreply: [g1] orders\n\nb", "auto-reply: Subject"},
		{"subject german", "From: p@example.net\nSubject: Abwesenheitsnotiz: [g1] Day 1 8AM\n\nb", "auto-reply: Subject"},
		{"subject german 2", "From: p@example.net\nSubject: Automatische Antwort: [g1] Day 1 8AM\n\nb", "auto-reply: Subject"},
		{"subject french", "From: p@example.net\nSubject: =?UTF-8?Q?R=C3=A9ponse_automatique=C2=A0:_[g1]_Day_1?=\n\nb", "auto-reply: Subject"},
		{"subject spanish", "From: p@example.net\nSubject: =?UTF-8?Q?Respuesta_autom=C3=A1tica:_[g1]?=\n\nb", "auto-reply: Subject"},
		{"subject italian", "From: p@example.net\nSubject: Risposta automatica: [g1]\n\nb", "auto-reply: Subject"},
		{"subject portuguese", "From: p@example.net\nSubject: =?UTF-8?Q?Resposta_autom=C3=A1tica:_[g1]?=\n\nb", "auto-reply: Subject"},
		{"subject dutch", "From: p@example.net\nSubject: Automatisch antwoord: [g1]\n\nb", "auto-reply: Subject"},
		{"subject polish", "From: p@example.net\nSubject: =?UTF-8?Q?Odpowied=C5=BA_automatyczna:_[g1]?=\n\nb", "auto-reply: Subject"},
		{"subject russian", "From: p@example.net\nSubject: =?UTF-8?B?0JDQstGC0L7QvNCw0YLQuNGH0LXRgdC60LjQuSDQvtGC0LLQtdGCOiBbZzFd?=\n\nb", "auto-reply: Subject"},
		{"subject japanese", "From: p@example.net\nSubject: =?UTF-8?B?6Ieq5YuV5b+c562UOiBbZzFd?=\n\nb", "auto-reply: Subject"},
		{"subject chinese", "From: p@example.net\nSubject: =?UTF-8?B?6Ieq5Yqo5Zue5aSNOiBbZzFd?=\n\nb", "auto-reply: Subject"},
		{"mailer-daemon", "From: MAILER-DAEMON@mx.example.net\nSubject: x\n\nb", "bounce: From"},
		{"postmaster", "From: Postmaster <postmaster@example.net>\nSubject: x\n\nb", "bounce: From"},
		{"ourselves", "From: Shiloh PBEM <pbem@example.org>\nSubject: x\n\nb", "ourselves: From"},
		{"ourselves plus", "From: pbem+g1-csa-abcd@Example.ORG\nSubject: x\n\nb", "ourselves: From"},
		{"our message id", "From: p@example.net\nMessage-ID: <out-17@example.org>\n\nb", "ourselves: Message-ID"},
		{"no from", "Subject: x\n\nb", "no sender"},
	}
	for _, c := range others {
		t.Run(c.name, func(t *testing.T) {
			in, err := Decode([]byte(c.raw), nil)
			if err != nil {
				t.Fatal(err)
			}
			got, reason := Classify(in, self)
			if got != IgnoreSilently || !strings.Contains(reason, c.reason) {
				t.Errorf("got %v %q, want ignore containing %q", got, reason, c.reason)
			}
		})
	}
}

func TestMayAnswer(t *testing.T) {
	now := time.Date(2026, 11, 21, 10, 0, 0, 0, time.UTC)
	rl := NewRateLimiter(1, time.Hour, func() time.Time { return now })
	self := SelfInfo{Addresses: []string{"pbem@example.org"}}
	person, _ := Decode([]byte("From: stranger@example.net\nSubject: hi\n\nJOIN\n"), nil)
	robot, _ := Decode([]byte("From: stranger@example.net\nAuto-Submitted: auto-replied\n\naway\n"), nil)
	if ok, why := MayAnswer(robot, self, rl); ok || !strings.Contains(why, "Auto-Submitted") {
		t.Errorf("auto-reply answered: %s", why)
	}
	if ok, _ := MayAnswer(person, self, rl); !ok {
		t.Error("first mail not answered (the robot must not have spent the token)")
	}
	if ok, why := MayAnswer(person, self, rl); ok || !strings.Contains(why, "rate limit") {
		t.Errorf("second mail within the hour answered: %s", why)
	}
}

func TestReplyThreading(t *testing.T) {
	in := &Inbound{MessageID: "p2@x", References: []string{"game.g1@e", "r1@e"}}
	irt, refs := ReplyThreading(in, "game.g1@e")
	if irt != "p2@x" || strings.Join(refs, " ") != "game.g1@e r1@e" {
		t.Errorf("got %q %v", irt, refs)
	}
	m := OutMessage{InReplyTo: irt, References: refs}
	if got := trimRefs(m.References, m.InReplyTo); strings.Join(got, " ") != "game.g1@e r1@e p2@x" {
		t.Errorf("References header: %v", got)
	}
}

// A player's own mail whose subject merely mentions such words is read.
func TestClassifyAutoReplySubjectsOnlyAtTheStart(t *testing.T) {
	self := SelfInfo{Addresses: []string{"pbem@example.org"}}
	for _, subj := range []string{"Re: [g1] Day 1 8AM: orders due", "Re: Automatic reply: [g1]", "[g1] out of office next week, orders inside", "Autumn offensive"} {
		in, err := Decode([]byte("From: p@example.net\nSubject: "+subj+"\n\nat all: hold\n"), nil)
		if err != nil {
			t.Fatal(err)
		}
		if got, why := Classify(in, self); got != Process {
			t.Errorf("%q: %v (%s)", subj, got, why)
		}
	}
}
