package mail_test

import (
	"fmt"

	"github.com/shiloh-pbem/pbem/mail"
)

func ExampleParseAddressToken() {
	addr := mail.ReplyAddress("pbem", "example.org", "shiloh1", "csa", "k7q3m9xz2p4rw8e2")
	game, side, token, ok := mail.ParseAddressToken("Shiloh PBEM <"+addr+">", "pbem")
	fmt.Println(addr)
	fmt.Println(game, side, token, ok)
	// Output:
	// pbem+shiloh1-csa-k7q3m9xz2p4rw8e2@example.org
	// shiloh1 csa k7q3m9xz2p4rw8e2 true
}

func ExampleFreshText() {
	text := "STATUS\nresend: map\n\nOn Sat, Nov 21, 2026 at 9:14 AM Shiloh PBEM <pbem@example.org> wrote:\n> Day 1, 8 AM: your orders, please.\n"
	fresh := mail.FreshText(text)
	for _, c := range mail.Commands(fresh) {
		fmt.Printf("line %d: %s %q\n", c.Line, c.Name, c.Args)
	}
	// Output:
	// line 1: STATUS ""
	// line 2: RESEND "map"
}
